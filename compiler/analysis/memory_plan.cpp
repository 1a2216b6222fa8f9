#include "analysis/memory_plan.h"

#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "transform/alloc_info.h"
#include "transform/pipeline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <unordered_map>

namespace tirx {

namespace {

std::string where(const Span& span)
{
    return span.valid() ? std::to_string(span.line) + ":" + std::to_string(span.column) : std::string{"(generated)"};
}

// Walks statements in program order, numbering them and recording the uses
// of every tensor variable.
class UseCollector final : public IrVisitor {
public:
    struct Uses {
        ProgramPoint first;
        ProgramPoint last;
    };
    std::unordered_map<const VarNode*, Uses> uses;
    std::unordered_map<const VarNode*, std::string> servedBy;
    std::vector<std::pair<Stmt, ProgramPoint>> allocations;

    void visitStmt(const Stmt& s) override
    {
        if (!s) return;
        if (s->kind() != StmtKind::Seq) {
            m_point = {m_order++, s->span()};
            if (allocView(s)) allocations.emplace_back(s, m_point);
        }
        IrVisitor::visitStmt(s);
    }

protected:
    void visitVar(const VarNode& v) override
    {
        if (!v.isTensor()) return;
        auto [it, inserted] = uses.try_emplace(&v, Uses{m_point, m_point});
        if (!inserted) it->second.last = m_point;
    }

    void visitCall(const CallNode& c) override
    {
        IrVisitor::visitCall(c);
        const auto* callable = findCallableByOp(c.op());
        if (!callable || callable->kind != CallableKind::TileOp) return;
        for (size_t i = 0; i < c.args().size() && i < callable->params.size(); ++i) {
            if (callable->params[i].role != ParamRole::Workspace) continue;
            if (const auto* v = as<VarNode>(c.args()[i])) {
                servedBy.try_emplace(v, std::string{callable->name} + " at " + where(m_point.span));
            }
        }
    }

private:
    int m_order = 0;
    ProgramPoint m_point;
};

// The pass that first shows an allocation of this name without a source location.
std::string creatorOf(const std::string& name, const Trace* trace)
{
    if (!trace) return "a pass";
    for (const auto& entry : trace->entries) {
        if (!entry->module) continue;
        for (const auto& [fname, fn] : entry->module->functions()) {
            struct Finder final : IrVisitor {
                const std::string& name;
                bool found = false;
                explicit Finder(const std::string& n) : name(n) {}
                void visitStmt(const Stmt& s) override
                {
                    IrVisitor::visitStmt(s);
                    if (auto view = allocView(s); view && view->var->name() == name && !s->span().valid()) found = true;
                }
            } finder{name};
            finder.visitStmt(fn->body());
            if (finder.found) return entry->passName;
        }
    }
    return "a pass";
}

PlannedAllocation plan(const std::string& function, const AllocView& view, const ProgramPoint& def,
                       const UseCollector& uses, const Trace* trace)
{
    const auto& type = *view.type;
    PlannedAllocation a;
    a.function = function;
    a.name = view.var->name();
    a.scope = type.scope();
    a.dtype = type.dtype();
    for (const auto& d : type.shape()) {
        if (auto v = constInt(d))
            a.shape.push_back(*v);
        else {
            a.shape.clear();
            break;
        }
    }
    if (auto phys = constPhysicalShape(type)) a.physicalShape = *phys;
    a.definition = def;
    a.firstUse = def;
    a.lastUse = def;
    if (auto it = uses.uses.find(view.var.get()); it != uses.uses.end()) {
        a.firstUse = it->second.first;
        a.lastUse = it->second.last;
    }
    if (auto it = uses.servedBy.find(view.var.get()); it != uses.servedBy.end()) a.serves = it->second;
    if (!def.span.valid()) a.createdBy = creatorOf(a.name, trace);

    const auto& phys = a.physicalShape;
    const int64_t itemBytes = type.dtype().bytes();
    if (type.isPsum() && phys.size() == 3) {
        a.banks = phys[0];
        a.partitions = phys[1];
        a.bytesPerPartition = phys[2] * itemBytes;
        if (view.placement && view.placement->size() == 2) {
            a.bank = (*view.placement)[0];
            a.offset = (*view.placement)[1];
        }
    } else if (type.isSbuf()) {
        if (!phys.empty()) a.partitions = phys.front();
        std::string ignored;
        a.bytesPerPartition = allocatorBytes(type, &ignored).value_or(0);
        if (view.placement) a.offset = view.placement->front();
    } else {
        int64_t elements = 1;
        for (auto d : a.shape) elements *= d;
        a.bytesPerPartition = a.shape.empty() ? 0 : elements * itemBytes;
        if (view.placement) a.offset = view.placement->front();
    }
    return a;
}

void addTotals(MemoryPlan& plan, const Target& target)
{
    auto& sbuf = plan.totals["trn.sbuf"];
    auto& psum = plan.totals["trn.psum"];
    sbuf.capacityBytesPerPartition = target.maxSbufBytesPerPartition;
    psum.capacityBytesPerPartition = target.maxPsumBytesPerPartition;
    for (auto* totals : {&sbuf, &psum}) {
        const std::string scope = totals == &sbuf ? "trn.sbuf" : "trn.psum";
        // Live intervals [first use, last use] swept in program order.
        std::vector<std::pair<int, int64_t>> events;
        for (const auto& a : plan.allocations) {
            if (a.scope != scope) continue;
            const int64_t bytes =
                scope == "trn.psum" ? a.bytesPerPartition * std::max<int64_t>(a.banks, 1) : a.bytesPerPartition;
            const int64_t base = scope == "trn.psum" ? a.bank.value_or(0) * target.psumBankBytes : 0;
            if (a.offset)
                totals->allocatedBytesPerPartition =
                    std::max(totals->allocatedBytesPerPartition,
                             scope == "trn.psum" ? base + *a.offset + bytes : *a.offset + bytes);
            else
                totals->allocatedBytesPerPartition += bytes;
            events.emplace_back(std::min(a.definition.order, a.firstUse.order), bytes);
            events.emplace_back(a.lastUse.order + 1, -bytes);
        }
        std::sort(events.begin(), events.end(), [](const auto& x, const auto& y) {
            return x.first < y.first || (x.first == y.first && x.second < y.second);
        });
        int64_t live = 0;
        for (const auto& [order, delta] : events) {
            live += delta;
            totals->peakLiveBytesPerPartition = std::max(totals->peakLiveBytesPerPartition, live);
        }
    }
}

nlohmann::json pointJson(const ProgramPoint& p)
{
    return {{"order", p.order}, {"line", p.span.line}, {"column", p.span.column}};
}

} // namespace

MemoryPlan buildMemoryPlan(const Module& module, const Target& target, const std::string& after, const Trace* trace)
{
    MemoryPlan out;
    out.target = target.tag;
    out.after = after;
    for (const auto& [name, fn] : module.functions()) {
        UseCollector uses;
        uses.visitStmt(fn->body());
        for (const auto& [stmt, point] : uses.allocations) {
            out.allocations.push_back(plan(name, *allocView(stmt), point, uses, trace));
        }
    }
    addTotals(out, target);
    return out;
}

nlohmann::json memoryPlanToJson(const MemoryPlan& plan)
{
    nlohmann::json allocations = nlohmann::json::array();
    for (const auto& a : plan.allocations) {
        nlohmann::json j{{"function", a.function},
                         {"name", a.name},
                         {"scope", a.scope},
                         {"dtype", a.dtype.str()},
                         {"shape", a.shape},
                         {"physical_shape", a.physicalShape},
                         {"bytes_per_partition", a.bytesPerPartition},
                         {"partitions", a.partitions},
                         {"offset", a.offset ? nlohmann::json(*a.offset) : nlohmann::json(nullptr)},
                         {"created_by", a.createdBy},
                         {"serves", a.serves.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.serves)},
                         {"first_use", pointJson(a.firstUse)},
                         {"last_use", pointJson(a.lastUse)},
                         {"span", {{"line", a.definition.span.line}, {"column", a.definition.span.column}}}};
        if (a.scope == "trn.psum") {
            j["bank"] = a.bank ? nlohmann::json(*a.bank) : nlohmann::json(nullptr);
            j["banks"] = a.banks;
        }
        allocations.push_back(std::move(j));
    }
    nlohmann::json totals = nlohmann::json::object();
    for (const auto& [scope, t] : plan.totals) {
        totals[scope] = {{"allocated_bytes_per_partition", t.allocatedBytesPerPartition},
                         {"peak_live_bytes_per_partition", t.peakLiveBytesPerPartition},
                         {"capacity_bytes_per_partition", t.capacityBytesPerPartition}};
    }
    return {{"target", plan.target}, {"after", plan.after}, {"allocations", allocations}, {"totals", totals}};
}

} // namespace tirx
