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

TensorPlace::Reach TensorPlace::reach() const
{
    int64_t last = byteBase;
    int64_t parts = 1;
    for (size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] == 0) return {};
        last += (shape[d] - 1) * byteStride[d];
        if (partitionStride[d]) parts = shape[d];
    }
    return {byteBase, last + itemBytes, parts};
}

} // namespace tirx::sim
