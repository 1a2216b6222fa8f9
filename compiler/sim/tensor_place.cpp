#include "sim/tensor_place.h"

namespace tirx::sim {

std::vector<int64_t> rowMajorByteStrides(const std::vector<int64_t>& shape, size_t first, int itemBytes)
{
    std::vector<int64_t> strides(shape.size(), 0);
    int64_t step = itemBytes;
    for (size_t d = shape.size(); d-- > first;) {
        strides[d] = step;
        step *= shape[d];
    }
    return strides;
}

} // namespace tirx::sim
