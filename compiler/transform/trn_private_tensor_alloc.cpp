// TrnPrivateTensorAlloc creates the scratch tensors ("workspaces") that some
// tile ops need and the user did not pass: a constant-bias tile for
// activations with a constant bias (filled once by a tensorized memset) and a
// PSUM accumulator for matmuls into SBUF. The workspaces are allocated at the
// root of the first device_entry region and attached to the calls by keyword,
// so the later dispatch finds them (chapter 03 §2, chapter 05 §3).

#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "transform/alloc_info.h"
#include "transform/passes.h"

#include <bit>
#include <map>
#include <tuple>

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

Var newWorkspace(const std::string& name, std::vector<int64_t> shape, DataType dtype, const std::string& scope)
{
    TensorType::Fields f;
    for (auto d : shape) f.shape.push_back(intImm(d));
    f.dtype = dtype;
    f.scope = scope;
    return makeVar(name, VarType::tensorType(makeTensorType(std::move(f))));
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
    auto inner = makeFor({f, intImm(0), intImm(width), intImm(1), ForKind::Serial, memset,
                          Attrs{{{"nki_dim", stringImm("F")}}}});
    auto outer = makeFor({p, intImm(0), intImm(partitions), intImm(1), ForKind::Serial, inner,
                          Attrs{{{"nki_dim", stringImm("P")}}}});
    return makeRegion(kTensorizedInstruction, {}, {}, outer);
}

struct Workspace {
    Var var;
    Stmt alloc;
    Stmt init; // may be null
};

class Collector final : public IrMutator {
public:
    // Workspaces in creation order; const-bias entries are keyed for sharing.
    std::vector<Workspace> workspaces;
    std::vector<Diagnostic> diagnostics;

protected:
    Stmt mutateEvaluate(const Stmt& self, const EvaluateNode& s) override
    {
        const auto* c = as<CallNode>(s.value());
        if (!c) return self;
        const auto* callable = findCallableByOp(c->op());
        if (!callable || callable->kind != CallableKind::TileOp) return self;
        const auto name = callable->name;
        Expr rebuilt;
        if (name == "T.trn.tile.activation") rebuilt = constBias(*c, *callable, self->span());
        else if (name == "T.trn.tile.matmul") rebuilt = accPsum(*c, *callable);
        else if (name == "T.trn.tile.tensorreduce" || name == "T.trn.tile.tensorscalar_reduce" ||
                 name == "T.trn.tile.activation_reduce")
            reportPartialReduce(*c, *callable, self->span());
        if (!rebuilt) return self;
        return makeEvaluate(rebuilt, self->span());
    }

private:
    static Expr withOperand(const CallNode& c, size_t index, const Expr& value)
    {
        auto args = c.args();
        while (args.size() <= index) args.push_back(tuple({}));
        args[index] = value;
        return call(c.op(), std::move(args), c.attrs(), c.dtype(), c.tyArgs(), c.span());
    }

    static Expr operand(const CallNode& c, std::optional<size_t> index)
    {
        return index && *index < c.args().size() ? c.args()[*index] : nullptr;
    }

    Expr constBias(const CallNode& c, const Callable& callable, Span span)
    {
        const auto slot = operandIndex(callable, "const_bias");
        if (!slot || !isAbsent(operand(c, slot))) return nullptr;
        const auto bias = operand(c, operandIndex(callable, "bias"));
        const auto* constant = as<FloatImmNode>(bias ? bias : nullptr);
        Expr value = bias;
        if (!bias || isAbsent(bias)) value = floatImm(0.0); // the signature's default bias
        else if (!constant) return nullptr;                  // a region bias needs no workspace

        int64_t width = kDefaultMaxInstSize;
        if (const auto attr = c.attrs().get("max_inst_size")) {
            if (auto v = constInt(attr)) width = *v;
        }
        if (width < 0) {
            diagnostics.push_back({Diagnostic::Severity::Error,
                                   "constant bias workspace allocation requires a finite max_inst_size", span});
            return nullptr;
        }
        const auto partitions = partitionsOf(c.args().empty() ? nullptr : c.args().front());
        if (!partitions) {
            diagnostics.push_back({Diagnostic::Severity::Error,
                                   "cannot size the const_bias workspace: the destination's partition count is not "
                                   "a constant",
                                   span});
            return nullptr;
        }
        const double v = as<FloatImmNode>(value)->value();
        const auto key = std::make_tuple(value->dtype().str(), std::bit_cast<uint64_t>(v));
        auto found = m_constBias.find(key);
        if (found != m_constBias.end()) {
            auto& ws = workspaces[found->second];
            const auto& shape = ws.var->tensorType()->shape();
            const int64_t oldP = *constInt(shape[0]);
            const int64_t oldW = *constInt(shape[1]);
            if (oldP < *partitions || oldW < width) {
                // A larger tile replaces the entry; its memset is built from this call's
                // sizes, exactly as the reference does (which may leave part uninitialised).
                auto bigger = newWorkspace("const_bias", {std::max(oldP, *partitions), std::max(oldW, width)},
                                           value->dtype(), "trn.sbuf");
                m_replaced[ws.var.get()] = bigger;
                ws = Workspace{bigger, allocStmt(bigger, {}), memsetInit(bigger, *partitions, width, value)};
            }
            return withOperand(c, *slot, ws.var);
        }
        auto var = newWorkspace("const_bias", {*partitions, width}, value->dtype(), "trn.sbuf");
        m_constBias.emplace(key, workspaces.size());
        workspaces.push_back({var, allocStmt(var, {}), memsetInit(var, *partitions, width, value)});
        return withOperand(c, *slot, var);
    }

    Expr accPsum(const CallNode& c, const Callable& callable)
    {
        const auto slot = operandIndex(callable, "acc_psum");
        if (!slot || !isAbsent(operand(c, slot)) || c.args().empty()) return nullptr;
        const auto* dst = operandType(c.args().front());
        if (!dst || dst->isPsum()) return nullptr;
        const auto partitions = partitionsOf(c.args().front());
        if (!partitions) return nullptr;
        auto var = newWorkspace("acc_psum", {kPsumBanks, *partitions, kPsumBankElements}, DataType::float32(),
                                "trn.psum");
        workspaces.push_back({var, allocStmt(var, {tuple({intImm(0), intImm(0)})}), nullptr});
        return withOperand(c, *slot, var);
    }

    void reportPartialReduce(const CallNode& c, const Callable& callable, Span span)
    {
        if (!isAbsent(operand(c, operandIndex(callable, "partial_reduce")))) return;
        diagnostics.push_back({Diagnostic::Severity::Warning,
                               "the partial_reduce workspace of '" + std::string{callable.name} +
                                   "' needs the reduction planner, which is not implemented yet; pass one explicitly",
                               span});
    }

public:
    // Calls that used a const-bias tile later replaced by a bigger one must
    // all point at the final tile.
    std::map<const VarNode*, Var> m_replaced;

private:
    std::map<std::tuple<std::string, uint64_t>, size_t> m_constBias;
};

// Re-points calls at replaced const-bias tiles.
class Repoint final : public IrMutator {
public:
    explicit Repoint(const std::map<const VarNode*, Var>& replaced) : m_replaced(replaced) {}

protected:
    Expr mutateVar(const Var& v) override
    {
        auto it = m_replaced.find(v.get());
        while (it != m_replaced.end()) {
            auto next = m_replaced.find(it->second.get());
            if (next == m_replaced.end()) return it->second;
            it = next;
        }
        return v;
    }

private:
    const std::map<const VarNode*, Var>& m_replaced;
};

// Puts the allocations (in creation order), then the inits (later ones
// first, as the reference's nesting of replace points produces) at the root
// of the first device_entry region.
class Inject final : public IrMutator {
public:
    explicit Inject(const std::vector<Workspace>& ws) : m_ws(ws) {}

protected:
    Stmt mutateRegion(const Stmt& self, const RegionNode& s) override
    {
        if (m_done || s.op() != kDeviceEntry) return IrMutator::mutateRegion(self, s);
        m_done = true;
        std::vector<Stmt> stmts;
        for (const auto& w : m_ws) stmts.push_back(w.alloc);
        for (auto it = m_ws.rbegin(); it != m_ws.rend(); ++it) {
            if (it->init) stmts.push_back(it->init);
        }
        stmts.push_back(s.body());
        return makeRegion(s.op(), s.args(), s.attrs(), makeSeq(std::move(stmts)), self->span());
    }

private:
    const std::vector<Workspace>& m_ws;
    bool m_done = false;
};

PassResult run(const ModuleRef& module, const PassContext& ctx)
{
    return mapFunctions(module, [&ctx](const FunctionRef& fn, std::vector<Diagnostic>& diags) -> FunctionRef {
        if (!resolveTarget(*fn, ctx)) {
            diags.push_back({Diagnostic::Severity::Error,
                             "TrnPrivateTensorAlloc requires a Trainium target on the function or in the current "
                             "target scope",
                             fn->span()});
            return fn;
        }
        Collector collector;
        auto body = collector.mutateStmt(fn->body());
        diags.insert(diags.end(), collector.diagnostics.begin(), collector.diagnostics.end());
        if (body == fn->body()) return fn;
        if (!collector.m_replaced.empty()) body = Repoint{collector.m_replaced}.mutateStmt(body);
        body = Inject{collector.workspaces}.mutateStmt(body);
        return fn->withBody(body);
    });
}

} // namespace

PassInfo trnPrivateTensorAllocPass()
{
    return {"TrnPrivateTensorAlloc",
            "Allocate the workspaces tile ops need (const_bias, acc_psum) at the device-entry root and attach them.",
            run, {}};
}

} // namespace tirx
