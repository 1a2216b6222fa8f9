#pragma once

#include "nki/runner.h"
#include "sim/host_array.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tirx::nki {

// A launch's "reference" evaluated by NumPy over the run's inputs, as
// float32, in a child process as limited as a kernel run.
struct ReferenceResult {
    std::optional<sim::HostArray> value;
    std::string error;
};
[[nodiscard]] ReferenceResult evaluateReference(const std::string& expression,
                                                const std::vector<std::pair<std::string, sim::HostArray>>& inputs,
                                                const RunOptions& options = {});

// How far `got` is from `want`, element by element as float32: the
// largest absolute difference, and that relative to the largest magnitude
// of `want` (so a reference with zeros does not divide by them). NaN in
// one but not the other counts as an infinite difference.
struct Comparison {
    double maxAbs = 0.0;
    double maxRel = 0.0;
    int64_t elements = 0;
    std::string error; // set when the element counts differ
};
[[nodiscard]] Comparison compareArrays(const sim::HostArray& got, const sim::HostArray& want);

} // namespace tirx::nki
