#pragma once

#include "command.h"
#include "pipeline_options.h"

#include "device/device.h"
#include "sim/host_array.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace tirx::cli {

struct ChosenDevice {
    std::unique_ptr<device::Device> device;
    device::DeviceInfo info;
};

// The device of `run --device SPEC`, described, when it can run a kernel;
// otherwise the reason is printed and the outcome set (a usage error), before
// any work is done on the input.
[[nodiscard]] std::optional<ChosenDevice> chooseDevice(const std::string& spec, Outcome& outcome);

// `run --device local|ssh://…`: the kernel on that device and on the
// simulator with the same inputs, the outputs written where --output says,
// and the comparison printed (as JSON with --json).
void runOnDevice(ChosenDevice& chosen, const Lowered& lowered, FunctionRef kernel,
                 const std::map<std::string, sim::HostArray>& inputs, const std::map<std::string, std::string>& outputs,
                 uint64_t seed, bool json, Outcome& outcome);

} // namespace tirx::cli
