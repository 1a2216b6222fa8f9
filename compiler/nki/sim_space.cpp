#include "nki/sim_space.h"

namespace tirx::nki {

int64_t OperandPattern::partitionCount() const
{
    int64_t n = 1;
    for (const Dim& d : dims) n *= d.partition ? d.count : 1;
    return n;
}

int64_t OperandPattern::freeCount() const
{
    int64_t n = 1;
    for (const Dim& d : dims) n *= d.partition ? 1 : d.count;
    return n;
}

OperandPattern patternOf(const Region& region, int64_t partitionBase)
{
    OperandPattern p;
    p.partitionStart = partitionBase + region.partitionStart;
    p.freeOffset = region.freeOffset;
    if (region.partitionCount > 1) p.dims.push_back({true, region.partitionStep, region.partitionCount});
    for (const auto& [stride, count] : region.freeDims) {
        if (count > 1) p.dims.push_back({false, stride, count});
    }
    return p;
}

IterationSpace::IterationSpace(const OperandPattern& first) : m_partitions(first.partitionCount())
{
    Operand op{first.partitionStart, first.freeOffset, {}};
    for (const auto& d : first.dims) {
        m_counts.push_back(d.count);
        op.terms.push_back(d.partition ? Term{d.stride, 0} : Term{0, d.stride});
    }
    m_operands.push_back(std::move(op));
}

bool IterationSpace::add(const OperandPattern& pattern)
{
    int64_t total = 1;
    for (int64_t c : m_counts) total *= c;
    OperandPattern p = pattern;
    const int64_t free = m_partitions > 0 ? total / m_partitions : 0;
    if (p.elements() != total) {
        if (p.elements() == 1) {
            p.dims = {{true, 0, m_partitions}, {false, 0, free}};
        } else if (p.freeCount() == 1 && p.partitionCount() == m_partitions) {
            p.dims.push_back({false, 0, free}); // one value per partition
        } else if (p.partitionCount() == 1 && p.freeCount() == free) {
            p.dims.insert(p.dims.begin(), {true, 0, m_partitions}); // one row for every partition
        } else {
            return false;
        }
        std::erase_if(p.dims, [](const OperandPattern::Dim& d) { return d.count <= 1; });
    }
    return refine(p);
}

bool IterationSpace::refine(const OperandPattern& p)
{
    // Walk the loops and the operand's dims from the outside in; where one
    // is longer than the other, split it: the outer part steps by the
    // inner part's count times the stride.
    std::vector<int64_t> counts;
    std::vector<Operand> operands = m_operands;
    for (auto& o : operands) o.terms.clear();
    Operand mine{p.partitionStart, p.freeOffset, {}};
    size_t j = 0;
    int64_t dimLeft = j < p.dims.size() ? p.dims[j].count : 1;
    auto term = [&](int64_t scale) {
        const auto& d = p.dims[j];
        return d.partition ? Term{d.stride * scale, 0} : Term{0, d.stride * scale};
    };
    for (size_t v = 0; v < m_counts.size(); ++v) {
        int64_t left = m_counts[v];
        while (left > 1) {
            if (j >= p.dims.size()) return false;
            int64_t count = 0;
            int64_t loopScale = 1;
            int64_t dimScale = 1;
            if (dimLeft == left) {
                count = left;
            } else if (dimLeft < left) {
                if (left % dimLeft) return false;
                count = dimLeft;
                loopScale = left / dimLeft;
            } else {
                if (dimLeft % left) return false;
                count = left;
                dimScale = dimLeft / left;
            }
            counts.push_back(count);
            for (size_t k = 0; k < operands.size(); ++k) {
                const Term t = m_operands[k].terms[v];
                operands[k].terms.push_back({t.partition * loopScale, t.free * loopScale});
            }
            mine.terms.push_back(term(dimScale));
            left /= count;
            dimLeft /= count;
            if (dimLeft == 1 && ++j < p.dims.size()) dimLeft = p.dims[j].count;
        }
    }
    if (j < p.dims.size()) return false;
    m_counts = std::move(counts);
    operands.push_back(std::move(mine));
    m_operands = std::move(operands);
    return true;
}

} // namespace tirx::nki
