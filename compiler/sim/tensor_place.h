#pragma once

#include "ir/dtype.h"
#include "ir/span.h"
#include "sim/numerics.h"
#include "sim/storage.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tirx::sim {

// Where the elements of one tensor variable live: an element `[i0, i1, ...]`
// is in partition Σ i_d · partitionStride[d] of `storage`, at byte
// byteBase + Σ i_d · byteStride[d] within the partition (chapter 06 §2.2).
// SBUF `[P, F...]` at address a: partition i0, byte a + row-major(F...) ·
// itemsize. PSUM `[Bank, P, F]` at (bank0, a): partition i1, byte
// (bank0 + i0) · 2048 + a + i2 · itemsize (the modulo of mod_alloc is the
// identity for num_bank_tiles = shape[0]). HBM: one partition, row-major.
struct TensorPlace {
    std::string name;
    std::string scope;
    DataType dtype;
    ElementKind kind = ElementKind::F32;
    int itemBytes = 4;
    Storage* storage = nullptr;
    std::vector<int64_t> shape;
    std::vector<int64_t> partitionStride;
    std::vector<int64_t> byteStride;
    int64_t byteBase = 0;
    bool addressed = false; // placed by the allocator (not given private storage)
    Span span;              // the allocation or declaration

    // The bytes the tensor covers in every partition it spans:
    // [byteBegin, byteEnd) of partitions [0, partitions); all zero when the
    // tensor has no elements.
    struct Reach {
        int64_t byteBegin = 0;
        int64_t byteEnd = 0;
        int64_t partitions = 0;
    };
    [[nodiscard]] Reach reach() const;

    // Flat storage offset of an element: partition · partitionBytes + byte.
    [[nodiscard]] int64_t flatStride(size_t dim) const
    {
        return partitionStride[dim] * storage->partitionBytes() + byteStride[dim];
    }
};

// Row-major byte strides of `shape` from dimension `first` on.
[[nodiscard]] std::vector<int64_t> rowMajorByteStrides(const std::vector<int64_t>& shape, size_t first, int itemBytes);

} // namespace tirx::sim
