#pragma once

#include "sim/index_eval.h"
#include "sim/instruction.h"
#include "sim/tensor_place.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tirx::sim {

// The points of one execution of an instruction: the box of its loop
// ranges in lexicographic order (last variable fastest), and which points
// the guard lets through (empty mask = all).
struct PointSet {
    std::vector<int64_t> begins;
    std::vector<int64_t> extents;
    int64_t count = 1;
    std::vector<uint8_t> mask;

    [[nodiscard]] bool active(int64_t k) const { return mask.empty() || mask[static_cast<size_t>(k)]; }
    [[nodiscard]] int64_t activeCount() const;
};

// The flat storage offsets (partition · partitionBytes + byte) one operand
// touches at every point: affine (base + Σ stride_v · v) or listed point by
// point (-1 where the guard is false).
struct Stream {
    const TensorPlace* place = nullptr;
    int64_t base = 0;
    std::vector<int64_t> strides;
    std::vector<int64_t> offsets;
    bool listed = false;
    // The partitions and bytes within a partition the active points reach
    // (both ends inclusive); partitionHi < partitionLo when none.
    int64_t partitionLo = 0;
    int64_t partitionHi = -1;
    int64_t byteLo = 0;
    int64_t byteHi = -1;

    // Calls f(k, offset) for every point k, in order.
    template <class F> void forEach(const PointSet& points, F&& f) const;
};

// Speed trick "row walk": an affine stream visits its points as rows of the
// innermost loop, `n` points from offset `offset` at stride `step`, so the
// executor resolves the element format and checks the written flags once
// per row instead of once per element. Calls f(k0, offset, n, step) per row,
// in order; listed streams have no rows (use forEach).
template <class F> void forEachRow(const Stream& s, const PointSet& points, F&& f)
{
    const size_t n = points.extents.size();
    if (n == 0) {
        f(int64_t{0}, s.base, int64_t{1}, int64_t{0});
        return;
    }
    for (const int64_t e : points.extents) {
        if (e <= 0) return;
    }
    const int64_t inner = points.extents[n - 1];
    const int64_t step = s.strides[n - 1];
    std::vector<int64_t> index(n - 1, 0);
    int64_t row = s.base;
    for (int64_t k = 0;; k += inner) {
        f(k, row, inner, step);
        size_t d = n - 1;
        while (d-- > 0) {
            row += s.strides[d];
            if (++index[d] < points.extents[d]) break;
            row -= s.strides[d] * points.extents[d];
            index[d] = 0;
        }
        if (d == static_cast<size_t>(-1)) return;
    }
}

template <class F> void Stream::forEach(const PointSet& points, F&& f) const
{
    if (listed) {
        for (int64_t k = 0; k < points.count; ++k) f(k, offsets[static_cast<size_t>(k)]);
        return;
    }
    forEachRow(*this, points, [&](int64_t k0, int64_t offset, int64_t n, int64_t step) {
        for (int64_t j = 0; j < n; ++j) f(k0 + j, offset + j * step);
    });
}

// The points of an instruction with the outer variables in `env`; evaluates
// the guard per point. Error text on failure.
[[nodiscard]] std::optional<PointSet> makePoints(const Instruction& ins, Env& env, std::string* error);

// The stream of one operand; checks every index the active points use
// against the tensor's shape. Error text on failure.
[[nodiscard]] std::optional<Stream> makeStream(const Instruction& ins, const TensorOperand& op,
                                               const TensorPlace& place, const PointSet& points, Env& env,
                                               std::string* error);

// For each point, the value of loop variable `var` (begin included).
[[nodiscard]] std::vector<int64_t> varValues(const PointSet& points, size_t var);

} // namespace tirx::sim
