#pragma once

// The arrays going into and out of `run`, for TIRx modules and NKI kernels
// alike: --input NAME=PATH.npy read through the checked file reader,
// --output NAME=PATH.npy checked against the kernel's outputs and written,
// and the one-line summary of each output.

#include "command.h"

#include "sim/host_array.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tirx::cli {

using NamedArrays = std::vector<std::pair<std::string, sim::HostArray>>;

// NAME=PATH pairs of --input / --output; a usage error otherwise.
[[nodiscard]] std::optional<std::map<std::string, std::string>> namedPaths(const std::vector<std::string>& items,
                                                                           const char* option, Outcome& outcome);

// Reads every --input file. A file that is not a regular file, is too large
// or is not a valid .npy is bad input: "PATH: error: REASON".
[[nodiscard]] std::optional<std::map<std::string, sim::HostArray>>
readInputArrays(const std::vector<std::string>& items, Outcome& outcome);

// "(128, 512)", "(4,)".
[[nodiscard]] std::string shapeText(const std::vector<int64_t>& shape);

// What run prints of its outputs, as text lines and JSON.
struct OutputReport {
    nlohmann::json paths = nlohmann::json::object(); // NAME: PATH or null
    nlohmann::json stats = nlohmann::json::object(); // NAME: {shape, dtype, min, max, mean, nan_count}
    std::string text;
};

// Checks that every --output names an output of the kernel, writes those
// files and summarises every output; nullopt (usage error) when a name is
// not an output or a file cannot be written.
[[nodiscard]] std::optional<OutputReport>
writeOutputArrays(const NamedArrays& outputs, const std::map<std::string, std::string>& outputPaths, Outcome& outcome);

} // namespace tirx::cli
