#pragma once

#include "sim/host_array.h"

#include <string>
#include <utility>
#include <vector>

namespace tirx::device {

// One output of a device run against the simulator's on the same inputs.
struct OutputComparison {
    std::string name;
    double maxAbsError = 0.0;
    double maxRelError = 0.0; // |d - s| / max(|s|, tiny), over the elements
    double tolerance = 0.0;   // relative, from the dtype (chapter 06 §2.6)
    bool passed = false;
    bool allZeros = false; // the device's output is all zeros and the simulator's is not
    std::string problem;   // shape / dtype mismatch, missing output, zeros: one sentence
};

struct Comparison {
    std::vector<OutputComparison> outputs;
    [[nodiscard]] bool passed() const;
    [[nodiscard]] double maxAbsError() const;
    [[nodiscard]] double maxRelError() const;
};

// Relative tolerance of a hardware result against the simulator: 1e-3 for
// the 16-bit and 8-bit floats, 1e-4 for float32 (within chapter 06 §2.6's
// 1e-5…1e-3 for the approximated functions), 0 for integers and bool. An
// element passes when |d - s| <= tol * max(|s|, 1): near zero the tolerance
// is absolute, since relative error is meaningless there. NaN matches NaN.
[[nodiscard]] double relativeTolerance(const sim::HostArray& array);

[[nodiscard]] Comparison compareOutputs(const std::vector<std::pair<std::string, sim::HostArray>>& device,
                                        const std::vector<std::pair<std::string, sim::HostArray>>& simulator);

} // namespace tirx::device
