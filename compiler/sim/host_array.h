#pragma once

#include "ir/dtype.h"

#include <cstdint>
#include <vector>

namespace tirx::sim {

// A dense row-major array on the host: a kernel parameter's contents going
// into or coming out of a run, as an .npy file holds it.
struct HostArray {
    DataType dtype = DataType::float32();
    std::vector<int64_t> shape;
    std::vector<uint8_t> bytes;

    [[nodiscard]] int64_t elements() const
    {
        int64_t n = 1;
        for (const int64_t d : shape) n *= d;
        return n;
    }
};

} // namespace tirx::sim
