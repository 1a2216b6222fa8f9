#include "verify/verify.h"

#include "ir/diagnostic_cap.h"
#include "ir/mem_space.h"
#include "memory/overlap_message.h"
#include "verify/verify_tile_shapes.h"
#include "verify/verify_unwritten_reads.h"

#include <iterator>

namespace tirx {

namespace {

std::string bytesText(int64_t bytes) { return std::to_string(bytes) + " bytes"; }

class Checker {
public:
    Checker(const Target& target, std::vector<Diagnostic>& out) : m_target(target), m_out(out) {}

    void check(const PlannedAllocation& a)
    {
        if (!a.sizeError.empty())
            error(a, a.sizeError);
        else if (isScope(a.scope, MemSpace::Sbuf))
            checkSbuf(a);
        else if (isScope(a.scope, MemSpace::Psum))
            checkPsum(a);
    }

private:
    void error(const PlannedAllocation& a, const std::string& message)
    {
        // A workspace a pass made has no line of its own: it is reported at
        // the tile call it serves.
        const bool made = !a.definition.span.valid() && a.servesSpan.valid();
        m_out.push_back({Diagnostic::Severity::Error,
                         (made ? "workspace '" : "allocation '") + a.name + "' " + message +
                             (made ? " (made by " + a.createdBy + " for " + a.serves + ")" : ""),
                         made ? a.servesSpan : a.definition.span});
    }

    void checkPartitions(const PlannedAllocation& a)
    {
        if (a.partitions > m_target.partitionSize) {
            error(a, "spans " + std::to_string(a.partitions) + " partitions; " + m_target.tag + " has " +
                         std::to_string(m_target.partitionSize));
        }
    }

    void checkSbuf(const PlannedAllocation& a)
    {
        checkPartitions(a);
        if (!a.sizeKnown) return;
        const auto capacity = [&] {
            return bytesText(m_target.maxSbufBytesPerPartition) + " per partition on " + m_target.tag;
        };
        const int64_t bytes = a.bytesPerPartition;
        if (!a.offset) {
            if (bytes > m_target.maxSbufBytesPerPartition)
                error(a, "needs " + bytesText(bytes) + " per partition, more than the SBUF capacity of " + capacity());
            return;
        }
        const int64_t begin = *a.offset;
        if (begin < 0) error(a, "has a negative SBUF offset " + std::to_string(begin));
        // The plan checked that begin + bytes fits.
        if (begin + bytes > m_target.maxSbufBytesPerPartition) {
            error(a, "needs " + bytesText(bytes) + " per partition at offset " + std::to_string(begin) +
                         ", past the SBUF capacity of " + capacity());
        }
    }

    // PSUM tensors are (banks, partitions, free elements) physically, with or
    // without a layout still on them.
    void checkPsum(const PlannedAllocation& a)
    {
        if (a.physicalShape.size() != 3) return;
        checkPartitions(a);
        const int64_t bank = a.bank.value_or(0);
        if (bank < 0 || bank + a.banks > m_target.psumBanks) {
            const std::string used =
                a.bank ? "uses PSUM banks " + std::to_string(bank) + ".." + std::to_string(bank + a.banks - 1)
                       : "needs " + std::to_string(a.banks) + " PSUM banks";
            error(a, used + "; " + m_target.tag + " has banks 0.." + std::to_string(m_target.psumBanks - 1));
        }
        const int64_t offset = a.offset.value_or(0);
        if (offset < 0 || offset + a.bytesPerPartition > m_target.psumBankBytes) {
            const std::string at = a.offset ? " at offset " + std::to_string(offset) + "," : ",";
            error(a, "needs " + bytesText(a.bytesPerPartition) + " per bank" + at + " past the PSUM bank size of " +
                         bytesText(m_target.psumBankBytes));
        }
    }

    const Target& m_target;
    std::vector<Diagnostic>& m_out;
};

} // namespace

std::vector<Diagnostic> verifyPlan(const MemoryPlan& plan, const Target& target)
{
    std::vector<Diagnostic> out;
    Checker checker{target, out};
    DiagnosticCap overlapReports{out, "overlaps"};
    size_t overlap = 0;
    // Per function: its allocations' findings, then its overlaps.
    for (size_t i = 0; i < plan.allocations.size(); ++i) {
        checker.check(plan.allocations[i]);
        const bool lastOfFunction =
            i + 1 == plan.allocations.size() || plan.allocations[i + 1].function != plan.allocations[i].function;
        if (!lastOfFunction) continue;
        for (; overlap < plan.overlaps.size() && plan.overlaps[overlap].later <= i; ++overlap) {
            const auto& pair = plan.overlaps[overlap];
            const auto& later = plan.allocations[pair.later];
            const auto severity =
                isScope(later.scope, MemSpace::Psum) ? Diagnostic::Severity::Warning : Diagnostic::Severity::Error;
            if (overlapReports.full()) {
                overlapReports.addUncounted(1);
                continue;
            }
            overlapReports.add({severity, overlapMessage(plan, pair), later.definition.span});
        }
    }
    overlapReports.addUncounted(plan.overlapsNotListed);
    overlapReports.finish();
    return out;
}

namespace {

// PSUM tensors without an address are placed by the NKI compiler at run
// time, bank by bank: those live at once must fit in the banks together.
// Lifetimes need the full plan, built only when all of them together do not
// fit (rare), so the check costs nothing on a module that fits.
void checkPsumLiveAtOnce(const Module& module, const MemoryPlan& placement, const Target& target,
                         std::vector<Diagnostic>& out)
{
    const int64_t capacity = int64_t{target.psumBanks} * target.psumBankBytes;
    int64_t unplaced = 0;
    for (const auto& a : placement.allocations) {
        if (isScope(a.scope, MemSpace::Psum) && !a.placed() && a.sizeError.empty()) unplaced += a.rowBytes();
    }
    if (unplaced <= capacity) return;
    const MemoryPlan full = buildMemoryPlan(module, target, {}, PlanDetail::Full);
    const auto overflow = firstLiveOverflow(full, std::string(scopeName(MemSpace::Psum)), capacity);
    if (!overflow) return;
    const auto& a = full.allocations[overflow->allocation];
    out.push_back({Diagnostic::Severity::Error,
                   "allocation '" + a.name + "' makes the PSUM tensors live at once need " +
                       bytesText(overflow->liveBytes) + " per partition, more than the " + bytesText(capacity) +
                       " of " + target.tag + " (" + std::to_string(target.psumBanks) + " banks of " +
                       bytesText(target.psumBankBytes) + ")",
                   a.definition.span});
}

} // namespace

std::vector<Diagnostic> verifyModule(const Module& module, const Target& target)
{
    auto out = verifyTileShapes(module);
    auto unwritten = verifyUnwrittenReads(module);
    out.insert(out.end(), std::make_move_iterator(unwritten.begin()), std::make_move_iterator(unwritten.end()));
    const MemoryPlan placement = buildMemoryPlan(module, target, {}, PlanDetail::Placement);
    auto plan = verifyPlan(placement, target);
    out.insert(out.end(), std::make_move_iterator(plan.begin()), std::make_move_iterator(plan.end()));
    checkPsumLiveAtOnce(module, placement, target, out);
    return out;
}

} // namespace tirx
