#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tirx {

// A Trainium target tag with the hardware figures the verifier and the
// memory maps read (chapter 04). The lowering passes never depend on these
// numbers, so pass outputs stay identical to the reference's across tags.
struct Target {
    std::string tag;       // "aws/trn1/trn1.2xlarge"
    std::string_view kind; // "trn"
    std::string_view description;
    int numCores = 0;
    int partitionSize = 128;
    int64_t maxSbufBytesPerPartition = 196608;
    int64_t maxPsumBytesPerPartition = 16384;
    int psumBanks = 8;
    int psumBankBytes = 2048;  // 512 float32 elements per bank row
    bool fromReference = true; // false for the explorer's own trn2/trn3 presets
};

[[nodiscard]] std::span<const Target> targets();
[[nodiscard]] const Target* findTarget(std::string_view tag);
[[nodiscard]] const Target& defaultTarget();

} // namespace tirx
