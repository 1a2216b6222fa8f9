#include "target/target.h"

#include "target/hardware.h"

#include <array>

namespace tirx {

namespace {

// Every row takes the partition and PSUM figures all Trainium targets share.
constexpr int64_t kPsumBytes = hw::kPsumBanks * hw::kPsumBankBytes;

// Figures: reference tags from python/tvm/backend/trn/target_tags.py; the
// trn2/trn3 presets are ours, with SBUF sizes from the Neuron architecture
// pages (NeuronCore-v3: 28 MiB / 128 partitions, NeuronCore-v4: 32 MiB / 128).
const std::array<Target, 4> kTargets = {
    Target{"aws/trn1/trn1.2xlarge", "trn", "Trn1, 1 Trainium device, 2 NeuronCore-v2", 2, hw::kPartitions, 196608,
           kPsumBytes, hw::kPsumBanks, hw::kPsumBankBytes, true},
    Target{"aws/trn1/trn1.32xlarge", "trn", "Trn1, 16 Trainium devices, 32 NeuronCore-v2", 32, hw::kPartitions, 196608,
           kPsumBytes, hw::kPsumBanks, hw::kPsumBankBytes, true},
    Target{"explorer/trn2", "trn", "Trainium2 NeuronCore-v3 (explorer preset, not a reference tag)", 8, hw::kPartitions,
           229376, kPsumBytes, hw::kPsumBanks, hw::kPsumBankBytes, false},
    Target{"explorer/trn3", "trn", "Trainium3 NeuronCore-v4 (explorer preset, not a reference tag)", 8, hw::kPartitions,
           262144, kPsumBytes, hw::kPsumBanks, hw::kPsumBankBytes, false},
};

} // namespace

std::span<const Target> targets() { return kTargets; }

const Target* findTarget(std::string_view tag)
{
    for (const auto& t : kTargets) {
        if (t.tag == tag) return &t;
    }
    return nullptr;
}

const Target& defaultTarget() { return kTargets.front(); }

} // namespace tirx
