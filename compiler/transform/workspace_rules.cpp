#include "transform/workspace_rules.h"

#include "ir/make.h"
#include "ir/mem_space.h"
#include "ir/tensor_type.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"
#include "transform/tile/tile_lowering.h"

#include <bit>

namespace tirx {

namespace {

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string out = "[";
    for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + "]";
}

} // namespace

Var WorkspaceTable::newWorkspace(const std::string& name, const std::vector<int64_t>& shape, DataType dtype,
                                 MemSpace space) const
{
    TensorType::Fields f;
    for (auto d : shape) f.shape.push_back(intImm(d));
    f.dtype = dtype;
    f.scope = scopeName(space);
    return makeVar(name, VarType::tensorType(makeTensorType(std::move(f))), {}, m_planning);
}

Stmt allocStmt(const Var& var, std::vector<Expr> args)
{
    return makeBind(var, call(kAllocTensor, std::move(args), {}, DataType::handle(), {var->tensorType()}));
}

Stmt memsetInit(const Var& ws, int64_t partitions, int64_t width, const Expr& value)
{
    auto p = loopVar("p_loop");
    auto f = loopVar("f_loop");
    return tensorizedNest(p, partitions, f, width, nullptr, nkiCall(NkiOp::Memset, {tensorLoad(ws, {p, f}), value}));
}

void checkUserWorkspace(const TileCall& c, std::string_view slot, const std::vector<int64_t>& required, MemSpace space)
{
    const auto* type = operandType(c.operand(slot));
    const std::string what = "the " + std::string(slot) + " workspace passed to '" + std::string(c.name()) + "'";
    if (!type) throw TileError(what + " is not a tensor");
    const std::string_view scope = scopeName(space);
    if (type->scope() != scope) throw TileError(what + " must be a " + std::string(scope) + " tensor");
    if (type->layout()) throw TileError(what + " must not have a layout");
    std::vector<int64_t> have;
    for (const auto& d : type->shape()) {
        auto v = constInt(d);
        if (!v) throw TileError(what + " must have a constant shape");
        have.push_back(*v);
    }
    for (size_t i = 0; i < have.size() && i < required.size(); ++i) {
        if (have[i] < required[i])
            throw TileError(what + " is too small: " + shapeText(have) + " cannot cover " + shapeText(required));
    }
}

void constBiasRule(TileCall& c, WorkspaceTable& table, int64_t width)
{
    if (c.has("const_bias")) return;
    const Expr value = c.scalar("bias", 0.0);
    if (!as<FloatImmNode>(value)) return; // a region bias needs no workspace
    if (width < 0) throw TileError("constant bias workspace allocation requires a finite max_inst_size");
    const auto partitions = partitionsOf(c.operand("dst"));
    if (!partitions)
        throw TileError("cannot size the const_bias workspace: the destination's partition count is not a constant");
    const auto bias = table.constBias(value, *partitions, width);
    c.set("const_bias", bias.tile);
    if (!bias.partlyFilled) return;
    // Spec 05 §3.3: the replacing call's memset covers its own corner only.
    const auto [rows, cols] = *bias.partlyFilled;
    c.warn("the const_bias tile shared by the calls with this bias grows to (" + std::to_string(rows) + ", " +
           std::to_string(cols) + ") but is filled only over this call's (" + std::to_string(*partitions) + ", " +
           std::to_string(width) +
           "), as the reference builds it; a call with this bias that reads outside that corner reads "
           "uninitialised SBUF: give the calls the same max_inst_size and destination partition count");
}

Var WorkspaceTable::add(Workspace ws)
{
    m_workspaces.push_back(std::move(ws));
    return m_workspaces.back().var;
}

WorkspaceTable::ConstBias WorkspaceTable::constBias(const Expr& value, int64_t partitions, int64_t width)
{
    const double v = as<FloatImmNode>(value)->value();
    const auto key = std::make_tuple(value->dtype().str(), std::bit_cast<uint64_t>(v));
    auto found = m_constBias.find(key);
    if (found == m_constBias.end()) {
        auto var = newWorkspace("const_bias", {partitions, width}, value->dtype(), MemSpace::Sbuf);
        m_constBias.emplace(key, m_workspaces.size());
        return {add({var, allocStmt(var, {}), memsetInit(var, partitions, width, value)}), std::nullopt};
    }
    auto& ws = m_workspaces[found->second];
    const auto& shape = ws.var->tensorType()->shape();
    const int64_t oldP = *constInt(shape[0]);
    const int64_t oldW = *constInt(shape[1]);
    if (oldP >= partitions && oldW >= width) return {ws.var, std::nullopt};
    // A larger tile replaces the entry; its memset is built from this call's
    // sizes, exactly as the reference does (which may leave part uninitialised).
    const int64_t rows = std::max(oldP, partitions);
    const int64_t cols = std::max(oldW, width);
    auto bigger = newWorkspace("const_bias", {rows, cols}, value->dtype(), MemSpace::Sbuf);
    m_replaced[ws.var.get()] = bigger;
    ws = Workspace{bigger, allocStmt(bigger, {}), memsetInit(bigger, partitions, width, value)};
    if (rows == partitions && cols == width) return {bigger, std::nullopt};
    return {bigger, std::make_pair(rows, cols)};
}

Expr attachWorkspaces(const CallNode& call, const Callable& callable, Span span, WorkspaceTable& table,
                      const VarRanges& ranges, std::vector<Diagnostic>& diagnostics)
{
    TileCall c(call, callable);
    const WorkspaceTable::Planning planning{
        table, std::make_shared<const VarOrigin>(VarOrigin{"TrnPrivateTensorAlloc", std::string{callable.name}, span})};
    try {
        tileLowering(c.op()).planWorkspaces(c, table, ranges);
        for (const auto& w : c.warnings())
            diagnostics.push_back({Diagnostic::Severity::Warning, std::string(callable.name) + ": " + w, span});
    } catch (const TileError& e) {
        diagnostics.push_back({Diagnostic::Severity::Error, e.what(), span});
        return nullptr;
    } catch (const PlanError& e) {
        diagnostics.push_back({Diagnostic::Severity::Error,
                               "cannot plan the workspaces of '" + std::string(callable.name) + "': " + e.what(),
                               span});
        return nullptr;
    }
    return c.rebuilt();
}

} // namespace tirx
