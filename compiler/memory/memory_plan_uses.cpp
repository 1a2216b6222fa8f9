#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "ir/mem_space.h"
#include "memory/alloc_info.h"
#include "memory/memory_plan_detail.h"

#include <algorithm>
#include <unordered_map>

namespace tirx {

namespace {

// Walks statements in program order, numbering them as the allocation walk
// does and recording the uses of every tensor variable.
class UseCollector final : public IrVisitor {
public:
    struct Uses {
        ProgramPoint first;
        ProgramPoint last;
    };
    std::unordered_map<const VarNode*, Uses> uses;
    std::unordered_map<const VarNode*, ProgramPoint> servedBy; // a workspace operand's first tile call
    std::unordered_map<const VarNode*, std::string_view> servedOp;
    std::vector<const VarNode*> allocated;             // in program order
    std::unordered_map<const VarNode*, int> definedAt; // an allocation's order
    std::unordered_map<const VarNode*, Interval> live; // [first, last + 1) widened over loops

    void visitStmt(const Stmt& s) override
    {
        if (!s) return;
        if (s->kind() != StmtKind::Seq) {
            m_point = {m_order++, s->span()};
            if (auto view = allocView(s)) {
                allocated.push_back(view->var.get());
                definedAt.emplace(view->var.get(), m_point.order);
            }
        }
        IrVisitor::visitStmt(s);
    }

protected:
    void visitVar(const VarNode& v) override
    {
        if (!v.isTensor()) return;
        auto [it, inserted] = uses.try_emplace(&v, Uses{m_point, m_point});
        if (!inserted) it->second.last = m_point;
        widen(&v, m_point.order, m_point.order + 1);
        if (!m_loops.empty()) m_loops.back().used.push_back(&v);
    }

    // A tensor used in a loop it was not defined in is live over the whole
    // loop; its use counts as a use in the enclosing loop too.
    void visitFor(const ForNode& s) override
    {
        const int begin = m_point.order;
        m_loops.push_back({begin, {}});
        IrVisitor::visitFor(s);
        Loop loop = std::move(m_loops.back());
        m_loops.pop_back();
        const int end = m_order; // one past the loop's last statement
        std::sort(loop.used.begin(), loop.used.end());
        loop.used.erase(std::unique(loop.used.begin(), loop.used.end()), loop.used.end());
        for (const VarNode* v : loop.used) {
            const auto def = definedAt.find(v);
            const bool definedInside = def != definedAt.end() && def->second > begin;
            if (definedInside) continue;
            widen(v, begin, end);
            if (!m_loops.empty()) m_loops.back().used.push_back(v);
        }
    }

    void visitCall(const CallNode& c) override
    {
        IrVisitor::visitCall(c);
        const auto* callable = findCallableByOp(c.op());
        if (!callable || callable->kind != CallableKind::TileOp) return;
        for (size_t i = 0; i < c.args().size() && i < callable->params.size(); ++i) {
            if (callable->params[i].role != ParamRole::Workspace) continue;
            const auto* v = as<VarNode>(c.args()[i]);
            if (v && servedBy.try_emplace(v, m_point).second) servedOp.emplace(v, callable->name);
        }
    }

private:
    struct Loop {
        int begin;
        std::vector<const VarNode*> used; // tensors used inside, not defined inside
    };

    void widen(const VarNode* v, int begin, int end)
    {
        auto [it, inserted] = live.try_emplace(v, Interval{begin, end});
        if (inserted) return;
        it->second.begin = std::min<int64_t>(it->second.begin, begin);
        it->second.end = std::max<int64_t>(it->second.end, end);
    }

    int m_order = 0;
    ProgramPoint m_point;
    std::vector<Loop> m_loops;
};

} // namespace

void addLifetimes(const Function& fn, std::vector<PlannedAllocation>& allocations, size_t first)
{
    UseCollector collector;
    collector.visitStmt(fn.body());
    for (size_t i = 0; i < collector.allocated.size() && first + i < allocations.size(); ++i) {
        PlannedAllocation& a = allocations[first + i];
        const VarNode* var = collector.allocated[i];
        if (auto it = collector.uses.find(var); it != collector.uses.end()) {
            a.firstUse = it->second.first;
            a.lastUse = it->second.last;
        }
        const auto live = collector.live.find(var);
        a.live = live != collector.live.end() ? live->second : Interval{a.definition.order, a.definition.order + 1};
        if (!a.serves.empty()) continue; // the creating pass recorded the call
        if (auto it = collector.servedBy.find(var); it != collector.servedBy.end()) {
            a.servesSpan = it->second.span;
            a.serves = std::string{collector.servedOp.at(var)} + " at " + spanText(a.servesSpan);
        }
    }
}

void addTotals(MemoryPlan& plan, const Target& target)
{
    auto& sbuf = plan.totals[std::string(scopeName(MemSpace::Sbuf))];
    auto& psum = plan.totals[std::string(scopeName(MemSpace::Psum))];
    sbuf.capacityBytesPerPartition = target.maxSbufBytesPerPartition;
    psum.capacityBytesPerPartition = target.maxPsumBytesPerPartition;
    for (auto* totals : {&sbuf, &psum}) {
        const std::string scope(scopeName(totals == &sbuf ? MemSpace::Sbuf : MemSpace::Psum));
        for (const auto& a : plan.allocations) {
            if (a.scope != scope) continue;
            if (!a.placed()) {
                totals->allocatedBytesPerPartition += a.rowBytes();
                continue;
            }
            for (const auto& r : a.rects)
                totals->allocatedBytesPerPartition = std::max(totals->allocatedBytesPerPartition, r.bytes.end);
        }
        totals->peakLiveBytesPerPartition = peakLiveBytes(plan, scope);
    }
}

int64_t peakLiveBytes(const MemoryPlan& plan, const std::string& scope)
{
    // The live intervals the what-if allocator places by, [begin, end),
    // swept per function: at one point a tensor that ends there is gone
    // before one that starts there arrives, as the what-if frees it.
    int64_t peak = 0;
    const auto& all = plan.allocations;
    std::vector<std::pair<int, int64_t>> events;
    for (size_t first = 0; first < all.size();) {
        size_t last = first;
        while (last < all.size() && all[last].function == all[first].function) ++last;
        events.clear();
        for (size_t i = first; i < last; ++i) {
            const auto& a = all[i];
            if (a.scope != scope) continue;
            events.emplace_back(a.live.begin, a.rowBytes());
            events.emplace_back(a.live.end, -a.rowBytes());
        }
        std::sort(events.begin(), events.end(), [](const auto& x, const auto& y) {
            return x.first < y.first || (x.first == y.first && x.second < y.second);
        });
        int64_t live = 0;
        for (const auto& [order, delta] : events) {
            live += delta;
            peak = std::max(peak, live);
        }
        first = last;
    }
    return peak;
}

std::optional<LiveOverflow> firstLiveOverflow(const MemoryPlan& plan, const std::string& scope, int64_t capacity)
{
    // The sweep of peakLiveBytes over the unplaced tensors, remembering who arrives.
    const auto& all = plan.allocations;
    struct Event {
        int64_t order;
        int64_t delta;
        size_t allocation;
    };
    std::vector<Event> events;
    for (size_t first = 0; first < all.size();) {
        size_t last = first;
        while (last < all.size() && all[last].function == all[first].function) ++last;
        events.clear();
        for (size_t i = first; i < last; ++i) {
            const auto& a = all[i];
            if (a.scope != scope || a.placed()) continue;
            events.push_back({a.live.begin, a.rowBytes(), i});
            events.push_back({a.live.end, -a.rowBytes(), i});
        }
        std::sort(events.begin(), events.end(), [](const Event& x, const Event& y) {
            return x.order < y.order || (x.order == y.order && x.delta < y.delta);
        });
        int64_t live = 0;
        for (const auto& e : events) {
            live += e.delta;
            if (e.delta > 0 && live > capacity) return LiveOverflow{e.allocation, live};
        }
        first = last;
    }
    return std::nullopt;
}

} // namespace tirx
