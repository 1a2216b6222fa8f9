#pragma once

#include "nki/trace.h"

#include <cstdint>
#include <vector>

namespace tirx::nki {

// One operand access as the simulator's module indexes it: a partition
// index and a free (element) index, each a start plus a sum over dims.
struct OperandPattern {
    struct Dim {
        bool partition = false;
        int64_t stride = 0; // partitions or elements; 0 broadcasts
        int64_t count = 1;
    };
    int64_t partitionStart = 0; // within the module's tensor (its partition base included)
    int64_t freeOffset = 0;
    std::vector<Dim> dims; // outermost first, every count > 1

    [[nodiscard]] int64_t partitionCount() const;
    [[nodiscard]] int64_t freeCount() const;
    [[nodiscard]] int64_t elements() const { return partitionCount() * freeCount(); }
};

// A region of the trace (TRACE.md, REGION) over a tensor whose first
// partition is `partitionBase` in the module.
[[nodiscard]] OperandPattern patternOf(const Region& region, int64_t partitionBase);

// The loops of one instruction (outermost first) and, per operand and
// loop, how far its partition and free index move per step. The first
// operand defines the space; each later one is refined against it (a loop
// split where the operand's dims and the space's do not line up), so
// operands of equal element counts but different dim structures (a DMA
// from a [1, 4096] row into a [128, 32] tile) index element for element
// in row-major order.
class IterationSpace {
public:
    struct Term {
        int64_t partition = 0;
        int64_t free = 0;
    };
    struct Operand {
        int64_t partitionStart = 0;
        int64_t freeOffset = 0;
        std::vector<Term> terms; // per loop
    };

    IterationSpace() = default;
    explicit IterationSpace(const OperandPattern& first);

    // Adds an operand; one with a single element, one value per partition,
    // or one row for every partition is broadcast over the space. False
    // when its element count fits none of those.
    [[nodiscard]] bool add(const OperandPattern& pattern);
    // Adds an operand whose terms are given loop by loop (matmul).
    void addExplicit(Operand operand) { m_operands.push_back(std::move(operand)); }
    void addLoop(int64_t count) { m_counts.push_back(count); }

    [[nodiscard]] const std::vector<int64_t>& counts() const { return m_counts; }
    [[nodiscard]] const std::vector<Operand>& operands() const { return m_operands; }
    [[nodiscard]] int64_t partitions() const { return m_partitions; }

private:
    [[nodiscard]] bool refine(const OperandPattern& pattern);

    std::vector<int64_t> m_counts;
    std::vector<Operand> m_operands;
    int64_t m_partitions = 1; // the first operand's partition count
};

} // namespace tirx::nki
