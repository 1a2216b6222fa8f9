#pragma once

#include "sim/host_array.h"

#include <cstdint>

namespace tirx::sim {

// What the Run view and `tirx-cli run` show of an output: the extremes and
// mean of its finite values and how many are NaN.
struct ArrayStats {
    double min = 0.0;
    double max = 0.0;
    double mean = 0.0;
    int64_t nans = 0;
    int64_t elements = 0;

    // Whether min, max and mean describe anything: some element is not NaN.
    // (An output of nothing but NaN has none; showing 0 would read as data.)
    [[nodiscard]] bool hasFinite() const { return nans < elements; }
};

[[nodiscard]] ArrayStats arrayStats(const HostArray& array);

// Element k of a host array as float32 (the simulator's conversion).
[[nodiscard]] float elementAt(const HostArray& array, int64_t k);

} // namespace tirx::sim
