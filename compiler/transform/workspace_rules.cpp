#include "transform/workspace_rules.h"

#include "analysis/alloc_info.h"
#include "analysis/instruction_plan.h"
#include "analysis/reduction_plan.h"
#include "ir/make.h"
#include "ir/tensor_type.h"

#include <bit>
#include <optional>

namespace tirx {

namespace {

constexpr int64_t kDefaultMaxInstSize = 512;
constexpr int64_t kPsumBanks = 8;
constexpr int64_t kPsumBankElements = 512;

std::optional<size_t> operandIndex(const Callable& c, std::string_view name)
{
    for (size_t i = 0; i < c.params.size(); ++i) {
        if (c.params[i].name == name) return i;
    }
    return std::nullopt;
}

bool isAbsent(const Expr& e)
{
    const auto* t = as<TupleNode>(e);
    return !e || (t && t->fields().empty());
}

const TensorType* operandType(const Expr& e)
{
    if (const auto* r = as<TensorRegionNode>(e)) return r->tensor()->tensorType().get();
    if (const auto* v = as<VarNode>(e)) return v->isTensor() ? v->tensorType().get() : nullptr;
    if (const auto* l = as<TensorLoadNode>(e)) return l->tensor()->tensorType().get();
    return nullptr;
}

// The partition count of a tile-op operand: its layout's P size, or the
// first dimension of a tensor without a layout (already physical).
std::optional<int64_t> partitionsOf(const Expr& operand)
{
    const auto* type = operandType(operand);
    if (!type) return std::nullopt;
    if (type->layout()) return constLayoutSize(*type->layout(), Axis::P());
    if (type->shape().empty()) return std::nullopt;
    return constInt(type->shape().front());
}

Var newWorkspace(const std::string& name, const std::vector<int64_t>& shape, DataType dtype, const std::string& scope,
                 const std::shared_ptr<const VarOrigin>& origin)
{
    TensorType::Fields f;
    for (auto d : shape) f.shape.push_back(intImm(d));
    f.dtype = dtype;
    f.scope = scope;
    return makeVar(name, VarType::tensorType(makeTensorType(std::move(f))), {}, origin);
}

Stmt allocStmt(const Var& var, std::vector<Expr> args)
{
    return makeBind(var, call(kAllocTensor, std::move(args), {}, DataType::handle(), {var->tensorType()}));
}

// with T.nki.tensorized_instruction(): for p_loop, f_loop: T.nki.memset(ws[p_loop, f_loop], value)
Stmt memsetInit(const Var& ws, int64_t partitions, int64_t width, const Expr& value)
{
    auto p = makeVar("p_loop", VarType::scalar(DataType::int32()));
    auto f = makeVar("f_loop", VarType::scalar(DataType::int32()));
    auto memset = makeEvaluate(call("tirx.nki.memset", {tensorLoad(ws, {p, f}), value}));
    auto inner = makeFor(
        {f, intImm(0), intImm(width), intImm(1), ForKind::Serial, memset, Attrs{{{"nki_dim", stringImm("F")}}}});
    auto outer = makeFor(
        {p, intImm(0), intImm(partitions), intImm(1), ForKind::Serial, inner, Attrs{{{"nki_dim", stringImm("P")}}}});
    return makeRegion(kTensorizedInstruction, {}, {}, outer);
}

// A rule that cannot be applied: the message becomes an error at the call.
struct RuleError {
    std::string message;
};

// The call's operands and qualifiers by name, with the workspaces the rules
// attach so far.
class TileCall {
public:
    TileCall(const CallNode& call, const Callable& callable, Span span)
        : m_call(call), m_callable(callable), m_args(call.args()),
          m_origin(
              std::make_shared<const VarOrigin>(VarOrigin{"TrnPrivateTensorAlloc", std::string{callable.name}, span}))
    {
    }

    [[nodiscard]] std::string_view name() const { return m_callable.name; }
    // What the workspaces this call gets record about their creator.
    [[nodiscard]] const std::shared_ptr<const VarOrigin>& origin() const { return m_origin; }
    [[nodiscard]] Expr operand(std::string_view name) const
    {
        const auto i = operandIndex(m_callable, name);
        return i && *i < m_args.size() ? m_args[*i] : nullptr;
    }
    [[nodiscard]] bool has(std::string_view name) const { return !isAbsent(operand(name)); }
    void set(std::string_view name, const Expr& value)
    {
        const auto i = operandIndex(m_callable, name);
        if (!i) return;
        while (m_args.size() <= *i) m_args.push_back(tuple({}));
        m_args[*i] = value;
        m_changed = true;
    }
    [[nodiscard]] Expr qualifier(std::string_view key) const { return m_call.attrs().get(key); }
    [[nodiscard]] std::optional<int64_t> maxInstSize() const { return constInt(qualifier("max_inst_size")); }
    [[nodiscard]] std::vector<int64_t> axes() const
    {
        const Expr a = qualifier("axes");
        if (!a) return {-1};
        if (auto v = constInt(a)) return {*v};
        std::vector<int64_t> out;
        if (const auto* t = as<TupleNode>(a)) {
            for (const auto& f : t->fields()) {
                auto v = constInt(f);
                if (!v) throw RuleError{"the axes qualifier must be a list of integers"};
                out.push_back(*v);
            }
        }
        return out;
    }
    [[nodiscard]] bool threadScope() const
    {
        const auto* s = as<StringImmNode>(qualifier("scope"));
        return !s || s->value() == "thread";
    }
    [[nodiscard]] Expr rebuilt() const
    {
        if (!m_changed) return nullptr;
        return call(m_call.op(), m_args, m_call.attrs(), m_call.dtype(), m_call.tyArgs(), m_call.span());
    }

private:
    const CallNode& m_call;
    const Callable& m_callable;
    std::vector<Expr> m_args;
    std::shared_ptr<const VarOrigin> m_origin;
    bool m_changed = false;
};

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string out = "[";
    for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + "]";
}

// check_workspace_tensor: the right scope, no layout, and at least the
// required size in every dimension the two shapes share.
void checkUserWorkspace(const TileCall& c, std::string_view slot, const std::vector<int64_t>& required)
{
    const auto* type = operandType(c.operand(slot));
    const std::string what = "the " + std::string(slot) + " workspace passed to '" + std::string(c.name()) + "'";
    if (!type) throw RuleError{what + " is not a tensor"};
    if (type->scope() != "trn.sbuf") throw RuleError{what + " must be a trn.sbuf tensor"};
    if (type->layout()) throw RuleError{what + " must not have a layout"};
    std::vector<int64_t> have;
    for (const auto& d : type->shape()) {
        auto v = constInt(d);
        if (!v) throw RuleError{what + " must have a constant shape"};
        have.push_back(*v);
    }
    for (size_t i = 0; i < have.size() && i < required.size(); ++i) {
        if (have[i] < required[i])
            throw RuleError{what + " is too small: " + shapeText(have) + " cannot cover " + shapeText(required)};
    }
}

// The lowering's plan in allocation-only mode (chapter 05 §4.5, §4.9, §4.10).
ReductionPlan planReduction(const TileCall& c, const VarRanges& ranges)
{
    if (!c.threadScope()) throw RuleError{"'" + std::string(c.name()) + "' requires thread exec_scope on Trainium"};
    const auto axes = c.axes();
    const auto max = c.maxInstSize();
    if (c.name() == "T.trn.tile.tensorreduce")
        return planTensorReduce(c.operand("dst"), c.operand("src"), axes, max, ranges);
    if (c.name() == "T.trn.tile.tensorscalar_reduce")
        return planTensorScalarReduce(c.operand("dst"), c.operand("reduced"), c.operand("lhs"), c.operand("rhs"), axes,
                                      max, ranges);
    Expr bias = c.operand("bias");
    if (isAbsent(bias)) bias = floatImm(0.0);
    return planActivationReduce(c.operand("dst"), c.operand("reduced"), c.operand("src"), bias, axes, max, ranges);
}

// The reduction output: dst for tensorreduce, reduced for the fused ops.
Expr reductionOutput(const TileCall& c)
{
    return c.name() == "T.trn.tile.tensorreduce" ? c.operand("dst") : c.operand("reduced");
}

bool biasIsRegion(const TileCall& c) { return as<TensorRegionNode>(c.operand("bias")) != nullptr; }

// Plans the call and checks the workspaces the user passed against the
// sizes the lowering will index, as the allocation-only dispatch does.
ReductionPlan planAndCheck(const TileCall& c, const VarRanges& ranges, std::vector<int64_t>& partialShape)
{
    const ReductionPlan plan = planReduction(c, ranges);
    const auto outP = partitionsOf(reductionOutput(c));
    if (!outP) throw RuleError{"the partition count of the reduction output is not a constant"};
    partialShape = {*outP, plan.reductionBlocks};
    if (plan.reductionBlocks != 1 && c.has("partial_reduce")) checkUserWorkspace(c, "partial_reduce", partialShape);
    if (c.name() == "T.trn.tile.activation_reduce" && !biasIsRegion(c) && c.has("const_bias"))
        checkUserWorkspace(c, "const_bias", {plan.partitions, plan.instSize});
    return plan;
}

DataType dtypeOf(const Expr& operand)
{
    const auto* t = operandType(operand);
    return t ? t->dtype() : DataType::float32();
}

// Partial-reduce rule (chapter 05 §3.4): a (P_out, rB) tile when the
// reduction needs two stages.
void partialReduceRule(TileCall& c, WorkspaceTable& table, const VarRanges& ranges)
{
    if (c.has("partial_reduce")) return;
    std::vector<int64_t> shape;
    const ReductionPlan plan = planAndCheck(c, ranges, shape);
    if (plan.reductionBlocks == 1) return;
    auto var = newWorkspace("partial_reduce", shape, dtypeOf(reductionOutput(c)), "trn.sbuf", c.origin());
    c.set("partial_reduce", table.add({var, allocStmt(var, {}), nullptr}));
}

// Const-bias rule (chapter 05 §3.3): a shared (P_dst, W) tile filled with a
// constant bias.
void constBiasRule(TileCall& c, WorkspaceTable& table)
{
    if (c.has("const_bias")) return;
    Expr value = c.operand("bias");
    if (isAbsent(value)) value = floatImm(0.0); // the signature's default bias
    if (!as<FloatImmNode>(value)) return;       // a region bias needs no workspace
    int64_t width = kDefaultMaxInstSize;
    if (auto v = c.maxInstSize()) width = *v;
    if (width < 0) throw RuleError{"constant bias workspace allocation requires a finite max_inst_size"};
    const auto partitions = partitionsOf(c.operand("dst"));
    if (!partitions)
        throw RuleError{"cannot size the const_bias workspace: the destination's partition count is not a constant"};
    c.set("const_bias", table.constBias(value, *partitions, width, c.origin()));
}

// Acc-psum rule (chapter 05 §3.5): an (8, P_D, 512) PSUM accumulator at bank
// 0, offset 0 for a matmul into SBUF.
void accPsumRule(TileCall& c, WorkspaceTable& table)
{
    if (c.has("acc_psum")) return;
    const auto* dst = operandType(c.operand("D"));
    if (!dst || dst->isPsum()) return;
    const auto partitions = partitionsOf(c.operand("D"));
    if (!partitions) return;
    auto var = newWorkspace("acc_psum", {kPsumBanks, *partitions, kPsumBankElements}, DataType::float32(), "trn.psum",
                            c.origin());
    c.set("acc_psum", table.add({var, allocStmt(var, {tuple({intImm(0), intImm(0)})}), nullptr}));
}

// Unary-reduce rule (chapter 05 §3.6). With max_inst_size the two rules
// above apply; without it both workspaces come from the plan: the bias tile
// is (P_dst, instruction size) in dst's dtype and is not shared.
void unaryReduceRule(TileCall& c, WorkspaceTable& table, const VarRanges& ranges)
{
    if (c.maxInstSize()) {
        partialReduceRule(c, table, ranges);
        constBiasRule(c, table);
        return;
    }
    if (c.has("const_bias") && c.has("partial_reduce")) return;
    std::vector<int64_t> partialShape;
    const ReductionPlan plan = planAndCheck(c, ranges, partialShape);
    const bool needsPartial = plan.reductionBlocks != 1 && !c.has("partial_reduce");
    const bool needsBias = !biasIsRegion(c) && !c.has("const_bias");
    if (needsPartial) {
        auto var = newWorkspace("partial_reduce", partialShape, dtypeOf(c.operand("reduced")), "trn.sbuf", c.origin());
        c.set("partial_reduce", table.add({var, allocStmt(var, {}), nullptr}));
    }
    if (needsBias) {
        Expr value = c.operand("bias");
        if (isAbsent(value)) value = floatImm(0.0);
        auto var = newWorkspace("const_bias", {plan.partitions, plan.instSize}, dtypeOf(c.operand("dst")), "trn.sbuf",
                                c.origin());
        c.set("const_bias",
              table.add({var, allocStmt(var, {}), memsetInit(var, plan.partitions, plan.instSize, value)}));
    }
}

} // namespace

Var WorkspaceTable::add(Workspace ws)
{
    m_workspaces.push_back(std::move(ws));
    return m_workspaces.back().var;
}

Var WorkspaceTable::constBias(const Expr& value, int64_t partitions, int64_t width,
                              const std::shared_ptr<const VarOrigin>& origin)
{
    const double v = as<FloatImmNode>(value)->value();
    const auto key = std::make_tuple(value->dtype().str(), std::bit_cast<uint64_t>(v));
    auto found = m_constBias.find(key);
    if (found == m_constBias.end()) {
        auto var = newWorkspace("const_bias", {partitions, width}, value->dtype(), "trn.sbuf", origin);
        m_constBias.emplace(key, m_workspaces.size());
        return add({var, allocStmt(var, {}), memsetInit(var, partitions, width, value)});
    }
    auto& ws = m_workspaces[found->second];
    const auto& shape = ws.var->tensorType()->shape();
    const int64_t oldP = *constInt(shape[0]);
    const int64_t oldW = *constInt(shape[1]);
    if (oldP >= partitions && oldW >= width) return ws.var;
    // A larger tile replaces the entry; its memset is built from this call's
    // sizes, exactly as the reference does (which may leave part uninitialised).
    auto bigger = newWorkspace("const_bias", {std::max(oldP, partitions), std::max(oldW, width)}, value->dtype(),
                               "trn.sbuf", origin);
    m_replaced[ws.var.get()] = bigger;
    ws = Workspace{bigger, allocStmt(bigger, {}), memsetInit(bigger, partitions, width, value)};
    return bigger;
}

Expr attachWorkspaces(const CallNode& call, const Callable& callable, Span span, WorkspaceTable& table,
                      const VarRanges& ranges, std::vector<Diagnostic>& diagnostics)
{
    TileCall c(call, callable, span);
    const auto name = callable.name;
    try {
        if (name == "T.trn.tile.activation")
            constBiasRule(c, table);
        else if (name == "T.trn.tile.matmul")
            accPsumRule(c, table);
        else if (name == "T.trn.tile.tensorreduce" || name == "T.trn.tile.tensorscalar_reduce")
            partialReduceRule(c, table, ranges);
        else if (name == "T.trn.tile.activation_reduce")
            unaryReduceRule(c, table, ranges);
    } catch (const RuleError& e) {
        diagnostics.push_back({Diagnostic::Severity::Error, e.message, span});
        return nullptr;
    } catch (const PlanError& e) {
        diagnostics.push_back({Diagnostic::Severity::Error,
                               "cannot plan the workspaces of '" + std::string(name) + "': " + e.what(), span});
        return nullptr;
    }
    return c.rebuilt();
}

} // namespace tirx
