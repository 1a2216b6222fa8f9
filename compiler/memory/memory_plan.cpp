#include "memory/memory_plan.h"

#include "analysis/list_memo.h"
#include "ir/checked_int.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "memory/alloc_info.h"
#include "memory/memory_plan_detail.h"

#include <algorithm>
#include <memory>

namespace tirx {

namespace {

void placeSbuf(PlannedAllocation& a, const AllocView& view)
{
    const auto& type = *view.type;
    // The layout's P size, or the first dimension of a tensor without one.
    std::optional<int64_t> partitions;
    if (type.layout())
        partitions = constLayoutSize(*type.layout(), Axis::P());
    else if (!type.shape().empty())
        partitions = constInt(type.shape().front());
    a.partitions = partitions.value_or(0);
    const auto bytes = allocatorBytes(type, nullptr);
    a.bytesPerPartition = bytes.value_or(0);
    a.sizeKnown = bytes.has_value();
    if (view.placement) a.offset = view.placement->front();
    if (!a.offset || !bytes || !partitions) return;
    const auto end = checkedAdd(*a.offset, *bytes);
    if (!end) {
        a.sizeError = kAddressOverflow;
        return;
    }
    a.partitionRange = Interval{0, *partitions};
    a.byteRange = Interval{*a.offset, *end};
    a.rects.push_back({*a.partitionRange, *a.byteRange});
}

// Banks past this are not drawn one by one; the verifier reports them.
constexpr int64_t kMostBanksDrawn = 64;

void placePsum(PlannedAllocation& a, const AllocView& view, int64_t bankBytes)
{
    // (banks, P, F), or (P, F): a tile within one bank.
    const auto& phys = a.physicalShape;
    if (phys.size() != 3 && phys.size() != 2) {
        a.bytesPerPartition = 0;
        return;
    }
    const bool banked = phys.size() == 3;
    a.banks = banked ? phys[0] : 1;
    a.partitions = phys[banked ? 1 : 0];
    a.bytesPerPartition = phys.back() * view.type->dtype().bytes();
    a.sizeKnown = true;
    if (!view.placement || view.placement->size() != 2) return;
    a.bank = (*view.placement)[0];
    a.offset = (*view.placement)[1];
    // The rectangles' byte coordinates run over all banks of a partition.
    const auto lastBank = checkedAdd(*a.bank, a.banks);
    const auto rowEnd = lastBank ? checkedMul(*lastBank, bankBytes) : std::nullopt;
    const auto end = rowEnd ? checkedAdd(*rowEnd, *a.offset) : std::nullopt;
    if (!end || !checkedAdd(*end, a.bytesPerPartition) || !checkedMul(*a.bank, bankBytes)) {
        a.sizeError = kAddressOverflow;
        return;
    }
    a.partitionRange = Interval{0, a.partitions};
    a.byteRange = Interval{*a.offset, *a.offset + a.bytesPerPartition};
    a.bankRange = Interval{*a.bank, *a.bank + a.banks};
    const int64_t drawn = std::min(a.banks, kMostBanksDrawn);
    for (int64_t b = *a.bank; b < *a.bank + drawn; ++b) {
        const Interval bytes{b * bankBytes + a.byteRange->begin, b * bankBytes + a.byteRange->end};
        // A tensor filling whole banks is one rectangle over them.
        if (!a.rects.empty() && a.rects.back().bytes.end == bytes.begin)
            a.rects.back().bytes.end = bytes.end;
        else
            a.rects.push_back({*a.partitionRange, bytes});
    }
}

// What makes an on-chip tensor's layout or address unusable, empty when
// nothing does: a negative stride runs the tile below the tensor's base,
// and an address has one coordinate in SBUF (the byte offset) and two in
// PSUM (bank, byte offset).
std::string layoutProblem(const TensorType& type, const AllocView& view)
{
    if (!type.isSbuf() && !type.isPsum()) return {};
    if (type.layout()) {
        for (const Iter& it : type.layout()->shard()) {
            const auto stride = constInt(it.stride);
            if (stride && *stride < 0) {
                return "has the negative stride " + std::to_string(*stride) + " on axis " +
                       std::string(it.axis.name()) +
                       " in its layout; a Trainium layout's offsets grow from the tensor's base";
            }
        }
    }
    const size_t wanted = type.isSbuf() ? 1 : 2;
    if (view.placement && view.placement->size() != wanted) {
        return "is placed at " + std::to_string(view.placement->size()) + " coordinates; " +
               (type.isSbuf() ? "an SBUF tensor takes one (its byte offset)"
                              : "a PSUM tensor takes two (its bank and byte offset)");
    }
    return {};
}

// Fills in a (default-constructed) allocation in place: the plan's vector
// holds it already, so nothing is moved.
void describe(PlannedAllocation& a, const std::string& function, const AllocView& view, const ProgramPoint& def,
              int64_t bankBytes)
{
    const auto& type = *view.type;
    a.function = function;
    a.var = view.var;
    a.name = view.var->name();
    a.scope = type.scope();
    a.dtype = type.dtype();
    ConstShapes shapes = constShapes(type);
    a.shape = std::move(shapes.logical);
    if (shapes.physical) a.physicalShape = std::move(*shapes.physical);
    a.hasLayout = type.layout() != nullptr;
    a.placementIsConstant = view.placementIsConstant;
    a.definition = def;
    a.firstUse = def;
    a.lastUse = def;
    if (const auto& origin = view.var->origin()) {
        a.createdBy = origin->pass;
        a.serves = origin->tileOp + " at " + spanText(origin->call);
        a.servesSpan = origin->call;
    } else if (!def.span.valid()) {
        a.createdBy = "a pass";
    }
    if (shapes.sizeOverflows) {
        a.sizeError = kSizeOverflow;
    } else if (auto problem = layoutProblem(type, view); !problem.empty()) {
        a.sizeError = std::move(problem);
    } else if (type.isSbuf()) {
        placeSbuf(a, view);
    } else if (type.isPsum()) {
        placePsum(a, view, bankBytes);
    } else {
        int64_t elements = 1;
        for (auto d : a.shape) elements *= d; // constShapes() checked the product
        a.bytesPerPartition = a.shape.empty() ? 0 : elements * type.dtype().bytes();
        a.sizeKnown = !a.shape.empty() || type.shape().empty();
        if (view.placement) a.offset = view.placement->front();
    }
}

// The allocations under a large statement list, numbered from its first
// statement.
struct ListAllocations {
    int statements = 0; // numbered under the list
    std::vector<PlannedAllocation> allocations;
};

thread_local ListMemo<ListAllocations> t_remembered;

// Numbers statements in pre-order (sequences are not numbered) and describes
// every allocation. Expressions hold no statements and are not walked.
class AllocationCollector final : public IrVisitor {
public:
    AllocationCollector(std::string function, int64_t bankBytes, std::vector<PlannedAllocation>& out)
        : m_function(std::move(function)), m_bankBytes(bankBytes), m_out(out)
    {
    }

    void visitStmt(const Stmt& s) override
    {
        if (!s) return;
        if (ListMemo<ListAllocations>::worthRemembering(s)) {
            visitLargeSeq(s);
            return;
        }
        if (s->kind() != StmtKind::Seq) {
            const ProgramPoint point{m_order++, s->span()};
            if (auto view = allocView(s)) describe(m_out.emplace_back(), m_function, *view, point, m_bankBytes);
        }
        IrVisitor::visitStmt(s);
    }

    void visitExpr(const Expr&) override {}

private:
    void visitLargeSeq(const Stmt& s)
    {
        const size_t first = m_out.size();
        if (const ListAllocations* r = t_remembered.find(s, m_bankBytes)) {
            m_out.insert(m_out.end(), r->allocations.begin(), r->allocations.end());
            for (auto it = m_out.begin() + static_cast<std::ptrdiff_t>(first); it != m_out.end(); ++it) {
                it->function = m_function;
                it->definition.order += m_order;
                it->firstUse = it->lastUse = it->definition;
            }
            m_order += r->statements;
            return;
        }
        // Room for an allocation per statement of the list, the usual shape
        // of a kernel's body, so that the plan is not moved as it grows.
        const auto& stmts = static_cast<const SeqStmtNode&>(*s).stmts();
        m_out.reserve(first + static_cast<size_t>(std::count_if(stmts.begin(), stmts.end(), [](const Stmt& x) {
                          return x && x->kind() == StmtKind::Bind;
                      })));
        const int base = m_order;
        IrVisitor::visitStmt(s);
        ListAllocations r{m_order - base, {m_out.begin() + static_cast<std::ptrdiff_t>(first), m_out.end()}};
        for (auto& a : r.allocations) a.definition.order -= base;
        t_remembered.remember(s, m_bankBytes, std::move(r));
    }

    std::string m_function;
    int64_t m_bankBytes;
    std::vector<PlannedAllocation>& m_out;
    int m_order = 0;
};

} // namespace

std::string spanText(const Span& span)
{
    return span.valid() ? std::to_string(span.line) + ":" + std::to_string(span.column) : std::string{"(generated)"};
}

MemoryPlan buildMemoryPlan(const Module& module, const Target& target, const std::string& after, PlanDetail detail)
{
    MemoryPlan out;
    out.target = target.tag;
    out.after = after;
    for (const auto& [name, fn] : module.functions()) {
        const size_t first = out.allocations.size();
        AllocationCollector collector{name, target.psumBankBytes, out.allocations};
        collector.visitStmt(fn->body());
        if (detail == PlanDetail::Full) addLifetimes(*fn, out.allocations, first);
        addOverlaps(out, first);
    }
    if (detail == PlanDetail::Full) addTotals(out, target);
    return out;
}

} // namespace tirx
