#include "analysis/verify.h"

#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "transform/alloc_info.h"

#include <algorithm>
#include <memory>

namespace tirx {

namespace {

struct Placed {
    std::string name;
    Span span;
    int64_t begin = 0; // byte offset within a partition (SBUF) or within a bank (PSUM)
    int64_t end = 0;
    int64_t firstBank = 0;
    int64_t banks = 1;
};

std::string kib(int64_t bytes) { return std::to_string(bytes) + " bytes"; }

// What checking the allocations under a large statement list found: its
// findings and placed allocations, in walk order. The verifier runs after
// every pass, and a pass often keeps such a list as it is (TileDispatch only
// drops the device_entry region around it), as does lowering the same input
// again: the list's results are then taken as they are, without reading its
// allocations again. The list is held weakly, so a node whose address is
// reused is never mistaken for it.
struct Remembered {
    std::weak_ptr<const StmtNode> node;
    Target target; // what the checks read of it
    std::vector<Diagnostic> findings;
    std::vector<Placed> sbuf;
    std::vector<Placed> psum;
};

constexpr size_t kRememberFrom = 64; // statements in a list worth remembering
constexpr size_t kRemembered = 4;    // lists kept per thread

thread_local std::vector<Remembered> t_remembered;

// Whether two targets give every check the same answer.
bool sameLimits(const Target& a, const Target& b)
{
    return a.tag == b.tag && a.partitionSize == b.partitionSize &&
           a.maxSbufBytesPerPartition == b.maxSbufBytesPerPartition && a.psumBanks == b.psumBanks &&
           a.psumBankBytes == b.psumBankBytes;
}

template <class T> std::vector<T> sliceFrom(const std::vector<T>& v, size_t first)
{
    return {v.begin() + static_cast<std::ptrdiff_t>(first), v.end()};
}

template <class T> void appendAll(std::vector<T>& to, const std::vector<T>& from)
{
    to.insert(to.end(), from.begin(), from.end());
}

class Checker final : public IrVisitor {
public:
    Checker(const Target& target, std::vector<Diagnostic>& out) : m_target(target), m_out(out) {}

    void visitStmt(const Stmt& s) override
    {
        const auto* seq = as<SeqStmtNode>(s);
        if (seq && seq->stmts().size() >= kRememberFrom) {
            visitLargeSeq(s);
            return;
        }
        IrVisitor::visitStmt(s);
        checkAllocation(s);
    }

    // Allocations are statements: expressions need no walk.
    void visitExpr(const Expr&) override {}

    void reportOverlaps()
    {
        overlaps(m_sbuf, "SBUF", Diagnostic::Severity::Error);
        // The reference places every acc_psum workspace at bank 0, offset 0: those
        // alias by design, so PSUM overlaps are shown but do not stop lowering.
        overlaps(m_psum, "PSUM", Diagnostic::Severity::Warning);
    }

private:
    void checkAllocation(const Stmt& s)
    {
        if (auto view = allocView(s)) check(*view, s->span());
    }

    void visitLargeSeq(const Stmt& s)
    {
        for (auto it = t_remembered.begin(); it != t_remembered.end(); ++it) {
            if (it->node.lock() != s || !sameLimits(it->target, m_target)) continue;
            // Most recently used last: a caller lowering one input again and
            // again finds its body here every time.
            std::rotate(it, it + 1, t_remembered.end());
            const Remembered& r = t_remembered.back();
            appendAll(m_out, r.findings);
            appendAll(m_sbuf, r.sbuf);
            appendAll(m_psum, r.psum);
            return;
        }
        const size_t findings = m_out.size();
        const size_t sbuf = m_sbuf.size();
        const size_t psum = m_psum.size();
        IrVisitor::visitStmt(s);
        std::erase_if(t_remembered, [](const Remembered& r) { return r.node.expired(); });
        if (t_remembered.size() == kRemembered) t_remembered.erase(t_remembered.begin());
        t_remembered.push_back(
            {s, m_target, sliceFrom(m_out, findings), sliceFrom(m_sbuf, sbuf), sliceFrom(m_psum, psum)});
    }

    void error(std::string message, Span span)
    {
        m_out.push_back({Diagnostic::Severity::Error, std::move(message), span});
    }

    void check(const AllocView& view, Span span)
    {
        const auto& type = *view.type;
        if (type.isSbuf())
            checkSbuf(view, span);
        else if (type.isPsum())
            checkPsum(view, span);
    }

    // The allocation's name as messages quote it; built only for a finding.
    static std::string quoted(const AllocView& view) { return "'" + view.var->name() + "'"; }

    void checkPartitions(int64_t partitions, const AllocView& view, Span span)
    {
        if (partitions > m_target.partitionSize) {
            error("allocation " + quoted(view) + " spans " + std::to_string(partitions) + " partitions; " +
                      m_target.tag + " has " + std::to_string(m_target.partitionSize),
                  span);
        }
    }

    void checkSbuf(const AllocView& view, Span span)
    {
        const auto& type = *view.type;
        std::optional<int64_t> partitions =
            type.layout() ? constLayoutSize(*type.layout(), Axis::P())
                          : (type.shape().empty() ? std::nullopt : constInt(type.shape().front()));
        if (partitions) checkPartitions(*partitions, view, span);
        const auto bytes = allocatorBytes(type, nullptr);
        if (!bytes) return;
        const int64_t begin = view.placement ? view.placement->front() : 0;
        if (begin < 0)
            error("allocation " + quoted(view) + " has a negative SBUF offset " + std::to_string(begin), span);
        const auto capacity = [&] {
            return kib(m_target.maxSbufBytesPerPartition) + " per partition on " + m_target.tag;
        };
        if (!view.placement && *bytes > m_target.maxSbufBytesPerPartition) {
            error("allocation " + quoted(view) + " needs " + kib(*bytes) +
                      " per partition, more than the SBUF capacity of " + capacity(),
                  span);
        } else if (view.placement && begin + *bytes > m_target.maxSbufBytesPerPartition) {
            error("allocation " + quoted(view) + " needs " + kib(*bytes) + " per partition at offset " +
                      std::to_string(begin) + ", past the SBUF capacity of " + capacity(),
                  span);
        }
        if (view.placement) m_sbuf.push_back({view.var->name(), span, begin, begin + *bytes, 0, 1});
    }

    void checkPsum(const AllocView& view, Span span)
    {
        const auto& type = *view.type;
        // Physical PSUM tensors (no layout) are (banks, partitions, free elements).
        if (type.layout() || type.shape().size() != 3 || !view.placement || view.placement->size() != 2) return;
        const auto banks = constInt(type.shape()[0]);
        const auto partitions = constInt(type.shape()[1]);
        const auto free = constInt(type.shape()[2]);
        if (!banks || !partitions || !free) return;
        checkPartitions(*partitions, view, span);
        const int64_t bank = (*view.placement)[0];
        const int64_t offset = (*view.placement)[1];
        if (bank < 0 || bank + *banks > m_target.psumBanks) {
            error("allocation " + quoted(view) + " uses PSUM banks " + std::to_string(bank) + ".." +
                      std::to_string(bank + *banks - 1) + "; " + m_target.tag + " has banks 0.." +
                      std::to_string(m_target.psumBanks - 1),
                  span);
        }
        const int64_t bytes = *free * type.dtype().bytes();
        if (offset < 0 || offset + bytes > m_target.psumBankBytes) {
            error("allocation " + quoted(view) + " needs " + kib(bytes) + " per bank at offset " +
                      std::to_string(offset) + ", past the PSUM bank size of " + kib(m_target.psumBankBytes),
                  span);
        }
        m_psum.push_back({view.var->name(), span, offset, offset + bytes, bank, *banks});
    }

    // Every overlapping pair, reported at the later allocation in source
    // order, pairs in source order. A sweep over byte offsets finds them
    // without comparing every pair: kernels with thousands of allocations
    // are checked after every pass.
    void overlaps(std::vector<Placed>& placed, const char* scope, Diagnostic::Severity severity)
    {
        const auto bySource = [](const Placed& a, const Placed& b) {
            return a.span.line < b.span.line || (a.span.line == b.span.line && a.span.column < b.span.column);
        };
        // Allocations are met in source order, as a rule: sorting is then skipped.
        if (!std::is_sorted(placed.begin(), placed.end(), bySource))
            std::stable_sort(placed.begin(), placed.end(), bySource);
        std::vector<size_t> byBegin(placed.size());
        for (size_t i = 0; i < placed.size(); ++i) byBegin[i] = i;
        const auto byOffset = [&](size_t a, size_t b) { return placed[a].begin < placed[b].begin; };
        if (!std::is_sorted(byBegin.begin(), byBegin.end(), byOffset))
            std::sort(byBegin.begin(), byBegin.end(), byOffset);

        std::vector<std::pair<size_t, size_t>> pairs; // (later, earlier) in source order
        std::vector<size_t> open;                     // intervals that may still meet the next one
        for (size_t index : byBegin) {
            const Placed& next = placed[index];
            if (next.begin == next.end) continue;
            std::erase_if(open, [&](size_t o) { return placed[o].end <= next.begin; });
            for (size_t o : open) {
                const Placed& other = placed[o];
                const bool banksMeet =
                    other.firstBank < next.firstBank + next.banks && next.firstBank < other.firstBank + other.banks;
                if (banksMeet) pairs.emplace_back(std::max(o, index), std::min(o, index));
            }
            open.push_back(index);
        }
        std::sort(pairs.begin(), pairs.end());
        for (const auto& [later, earlier] : pairs) {
            const auto& a = placed[earlier];
            const auto& b = placed[later];
            m_out.push_back({severity,
                             std::string{"allocation '"} + b.name + "' overlaps '" + a.name + "' in " + scope +
                                 " (bytes " + std::to_string(std::max(a.begin, b.begin)) + ".." +
                                 std::to_string(std::min(a.end, b.end) - 1) + ")",
                             b.span});
        }
    }

    const Target& m_target;
    std::vector<Diagnostic>& m_out;
    std::vector<Placed> m_sbuf;
    std::vector<Placed> m_psum;
};

} // namespace

std::vector<Diagnostic> verifyModule(const Module& module, const Target& target)
{
    std::vector<Diagnostic> out;
    for (const auto& [name, fn] : module.functions()) {
        Checker checker{target, out};
        checker.visitStmt(fn->body());
        checker.reportOverlaps();
    }
    return out;
}

} // namespace tirx
