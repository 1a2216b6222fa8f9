#pragma once

#include "command.h"
#include "pipeline_options.h"

#include "sim/host_array.h"

#include <cstdint>
#include <map>
#include <string>

namespace tirx::cli {

// `run --device local|ssh://…`: the kernel on that device and on the
// simulator with the same inputs, the outputs written where --output says,
// and the comparison printed (as JSON with --json).
void runOnDevice(const std::string& spec, const Lowered& lowered, FunctionRef kernel,
                 const std::map<std::string, sim::HostArray>& inputs, const std::map<std::string, std::string>& outputs,
                 uint64_t seed, bool json, Outcome& outcome);

} // namespace tirx::cli
