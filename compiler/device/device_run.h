#pragma once

#include "device/compare.h"
#include "device/device.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace tirx::device {

// A request for `kernel` of `lowered`: the inputs given by name, the others
// drawn from `seed` exactly as the simulator draws them, and the outputs'
// dtypes and shapes. *error names an input the kernel does not have, or a
// given array whose dtype or shape is not the parameter's.
[[nodiscard]] RunRequest makeRequest(const Module& lowered, const Module* source, FunctionRef kernel,
                                     const Target& target, const std::map<std::string, sim::HostArray>& given,
                                     uint64_t seed, std::string* error);

struct DeviceRun {
    RunOutcome device;
    std::optional<RunOutcome> simulator;  // for a hardware device: the reference run
    std::optional<Comparison> comparison; // both succeeded
};

// Runs on `device`; for anything but the simulator, runs the simulator on
// the same inputs too and compares (spec 07 §8.3 step 4). `stage` hears the
// device's stages and then "comparing".
[[nodiscard]] DeviceRun runAndCompare(Device& device, DeviceKind kind, const RunRequest& request,
                                      const StageCallback& stage = {});

} // namespace tirx::device
