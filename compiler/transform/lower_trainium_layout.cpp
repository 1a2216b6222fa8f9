// LowerTrainiumLayout turns logical tensors into the physical tensors the
// hardware addresses (chapter 03 §5). A tensor with a Trainium layout becomes
// a 2-D SBUF tensor (partition, free offset) or a 3-D PSUM tensor (bank,
// partition, free offset); any other tensor with a layout, and every
// declared view, becomes a flat 1-D tensor. Every access is rewritten through
// the layout (chapter 02 §2.2) and simplified with the enclosing loop ranges,
// so the indices print exactly as the reference's. Parameters keep their
// logical shape (the ABI) and get a flat or physical alias declared at the top
// of the body. NKI code generation only understands physical indices, which
// is why every later pass works on this form.

#include "analysis/simplify.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "layout/layout_algebra.h"
#include "transform/access_pattern_cache.h"
#include "transform/passes.h"

#include <unordered_map>
#include <unordered_set>

namespace tirx {

namespace {

Expr dataPointer(const Var& tensor) { return call(kTensorDataPtr, {tensor}, {}, DataType::handle()); }

bool hasLayout(const Var& v) { return v && v->isTensor() && v->tensorType() && v->tensorType()->layout(); }

class LayoutLowering final : public IrMutator {
public:
    std::vector<Diagnostic> diagnostics;

    // The physical variable of a logical tensor, created once per variable so
    // that every access and every alias of it agrees (reference: VarRemap).
    Var physical(const Var& logical, bool isAllocation)
    {
        if (auto it = m_remap.find(logical.get()); it != m_remap.end()) return it->second;
        TensorTypeRef type = physicalType(*logical->tensorType(), isAllocation);
        if (type->elemOffset()) {
            Expr offset = mutateExpr(type->elemOffset());
            if (offset != type->elemOffset()) {
                TensorType::Fields f = type->fields();
                f.elemOffset = offset;
                type = makeTensorType(std::move(f));
            }
        }
        Var result = retypedVar(*logical, VarType::tensorType(type));
        m_remap.emplace(logical.get(), result);
        return result;
    }

protected:
    Expr mutateVar(const Var& v) override
    {
        if (!v->isTensor()) return v; // only tensors are remapped
        auto it = m_remap.find(v.get());
        return it == m_remap.end() ? v : it->second;
    }

    Stmt mutateBind(const Stmt& self, const BindNode& s) override
    {
        const auto* c = as<CallNode>(s.value());
        const bool alloc = c && c->op() == kAllocTensor;
        const bool decl = c && c->op() == kDeclTensor;
        if ((!alloc && !decl) || !s.var()->isTensor()) {
            Stmt next = IrMutator::mutateBind(self, s);
            // The reference's analyzer knows pure scalar binds while simplifying indices.
            const auto& bind = static_cast<const BindNode&>(*next);
            if (bind.value()->dtype().isInt() && isPureScalar(bind.value()))
                m_bindings[bind.var().get()] = bind.value();
            return next;
        }

        std::vector<Expr> args;
        const bool argsChanged = mutateList(c->args(), args);
        Var tensor = s.var();
        // Allocations without a layout are already physical; declarations are
        // always rebuilt (a view of a no-layout tensor is flattened to 1-D).
        if (decl || hasLayout(tensor)) tensor = physical(s.var(), alloc);
        if (tensor == s.var() && !argsChanged) return self;
        Expr value = call(c->op(), std::move(args), c->attrs(), c->dtype(), {tensor->tensorType()}, c->span());
        return makeBind(tensor, std::move(value), self->span());
    }

    Stmt mutateFor(const Stmt& self, const ForNode& s) override
    {
        const auto begin = constInt(s.begin());
        const auto end = constInt(s.end());
        const VarNode* key = s.var().get();
        std::optional<VarRange> saved;
        if (auto it = m_ranges.find(key); it != m_ranges.end()) saved = it->second;
        if (begin && end) m_ranges[key] = VarRange{*begin, *end - *begin};
        Stmt out = IrMutator::mutateFor(self, s);
        if (saved) {
            m_ranges[key] = *saved;
        } else {
            m_ranges.erase(key);
        }
        return out;
    }

    Expr mutateTensorLoad(const Expr& self, const TensorLoadNode& e) override
    {
        std::vector<Expr> indices;
        bool changed = mutateListIfChanged(e.indices(), indices);
        const Var& logical = e.tensor();
        const Var target = retarget(logical, e.indices(), indices, changed, self->span());
        if (!changed && target == logical) return self;
        Expr load = tensorLoad(target, std::move(indices), self->span());
        // Booleans are stored as int8: read back as bool.
        if (e.dtype().isBool() && load->dtype() != e.dtype()) return cast(e.dtype(), load, self->span());
        return load;
    }

    Stmt mutateStore(const Stmt& self, const TensorStoreNode& s) override
    {
        Expr value = mutateExpr(s.value());
        std::vector<Expr> indices;
        const bool indicesChanged = mutateListIfChanged(s.indices(), indices);
        if (!indicesChanged && value != s.value()) indices = s.indices();
        bool changed = indicesChanged || value != s.value();
        const Var& logical = s.tensor();
        const Var target = retarget(logical, s.indices(), indices, changed, self->span());
        if (!changed && target == logical) return self;
        if (target->isTensor() && value->dtype().isBool() && target->tensorType()->dtype() != value->dtype()) {
            value = cast(target->tensorType()->dtype(), value, value->span());
        }
        return makeStore(target, std::move(value), std::move(indices), self->span());
    }

private:
    // What applying a tensor's layout needs, worked out at its first access
    // (chapter 03 §5.1: memoised per variable): the layout the reference
    // applies (canonicalised unless Trainium) and its grouping by the shape.
    struct LayoutPlan {
        Layout applied;
        GroupResult grouped;
        std::string key; // constantTypeKey, the access cache's tensor part
    };

    std::unordered_map<const VarNode*, Var> m_remap;
    std::unordered_map<const VarNode*, const LayoutPlan*> m_plans;
    std::unordered_map<std::string, LayoutPlan> m_sharedPlans;      // by constantTypeKey
    std::unordered_map<const VarNode*, LayoutPlan> m_ownPlans;      // tensors without a constant type
    std::unordered_map<std::string, TensorTypeRef> m_physicalTypes; // by constantTypeKey and use
    // Types live as long as the module being lowered, which outlives the pass.
    std::unordered_map<const TensorType*, std::string> m_typeKeys;
    AccessPatternCache m_accesses;
    AccessPatternCache::Key m_key; // reused by every access
    std::unordered_set<const VarNode*> m_warned;
    VarRanges m_ranges;
    VarBindings m_bindings;

    // The tensor an access goes to, with its indices rewritten in place: the
    // physical tensor through the layout, or (no layout) whatever the variable
    // was remapped to, indices untouched. `indices` holds the access's
    // indices when `changed`; otherwise it is empty and they are `given`,
    // and it is filled only when the access is rebuilt.
    Var retarget(const Var& logical, const std::vector<Expr>& given, std::vector<Expr>& indices, bool& changed,
                 Span span)
    {
        if (hasLayout(logical)) {
            indices = physicalIndices(logical, changed ? indices : given, span);
            changed = true;
            return physical(logical, false);
        }
        Var target = std::static_pointer_cast<const VarNode>(mutateVar(logical));
        if (target != logical) {
            noteInconsistentView(logical, target, given.size(), span);
            if (!changed) indices = given;
        }
        return target;
    }

    void error(std::string message, Span span)
    {
        diagnostics.push_back(Diagnostic{Diagnostic::Severity::Error, std::move(message), span});
    }

    // Chapter 03 §5.2.4: the layout's coordinates become the physical indices.
    // The layout applies without loop ranges and the result is simplified
    // with them, in the reference's order, so the printed forms agree.
    std::vector<Expr> physicalIndices(const Var& logical, const std::vector<Expr>& indices, Span span)
    {
        const TensorType& type = *logical->tensorType();
        if (indices.size() != type.shape().size()) {
            error("access to '" + logical->name() + "' has " + std::to_string(indices.size()) +
                      " indices but the tensor has rank " + std::to_string(type.shape().size()),
                  span);
            return indices;
        }
        const bool cacheable = AccessPatternCache::key(plan(logical).key, indices, m_ranges, m_bindings, m_key);
        if (cacheable) {
            if (auto hit = m_accesses.find(m_key)) return std::move(*hit);
        }
        const size_t problems = diagnostics.size();
        std::vector<Expr> out = applyPlan(logical, indices, span);
        if (cacheable && diagnostics.size() == problems) m_accesses.insert(m_key, out);
        return out;
    }

    std::vector<Expr> applyPlan(const Var& logical, std::vector<Expr> indices, Span span)
    {
        const TensorType& type = *logical->tensorType();
        const TileLayout& layout = *type.layout();
        if (isTrainiumLayout(&layout)) {
            const AxisCoords coords = applyLayout(layout, plan(logical).grouped, indices, type.shape());
            std::vector<Axis> axes{Axis::P(), Axis::F()};
            if (type.isPsum()) axes.insert(axes.begin(), Axis::bank());
            std::vector<Expr> out;
            for (Axis a : axes) {
                Expr v = coordOf(coords, a);
                out.push_back(v ? simplify(v, m_ranges, &m_bindings) : intImm(0));
            }
            return out;
        }
        if (hasThreadAxis(layout)) {
            error("Cannot lower direct TensorLoad/TensorStore on a tensor with thread-axis layout: unable to verify "
                  "that the coordinate matches the current thread. Use .view() + .local() to decompose thread and "
                  "memory axes.",
                  span);
            return indices;
        }
        const LayoutPlan& canonical = plan(logical);
        const AxisCoords coords = applyLayout(*canonical.applied, canonical.grouped, indices, type.shape());
        if (coords.size() != 1) {
            error("the layout of '" + logical->name() + "' does not give a single element offset", span);
            return indices;
        }
        return {simplify(coords.front().second, m_ranges, &m_bindings)};
    }

    const LayoutPlan& plan(const Var& logical)
    {
        if (auto it = m_plans.find(logical.get()); it != m_plans.end()) return *it->second;
        const TensorType& type = *logical->tensorType();
        const std::string& shared = typeKey(type);
        if (!shared.empty()) {
            auto found = m_sharedPlans.find(shared);
            if (found == m_sharedPlans.end()) found = m_sharedPlans.emplace(shared, makePlan(type, shared)).first;
            return *m_plans.emplace(logical.get(), &found->second).first->second;
        }
        const LayoutPlan& own = m_ownPlans.emplace(logical.get(), makePlan(type, shared)).first->second;
        return *m_plans.emplace(logical.get(), &own).first->second;
    }

    static LayoutPlan makePlan(const TensorType& type, const std::string& key)
    {
        const Layout& layout = type.layout();
        LayoutPlan p;
        p.applied = isTrainiumLayout(layout.get()) ? layout : canonicalizeLayout(*layout);
        p.grouped = groupLayout(*p.applied, type.shape());
        p.key = key;
        return p;
    }

    // constantTypeKey, worked out once per type node: the parser shares one
    // node among the declarations of a kind, and every one of them asks.
    const std::string& typeKey(const TensorType& type)
    {
        auto it = m_typeKeys.find(&type);
        if (it == m_typeKeys.end()) it = m_typeKeys.emplace(&type, constantTypeKey(type)).first;
        return it->second;
    }

    // The physical type of a logical one, made once per kind of tensor.
    TensorTypeRef physicalType(const TensorType& type, bool isAllocation)
    {
        std::string key = typeKey(type);
        if (key.empty()) return physicalTensorType(type, isAllocation);
        key += isAllocation ? 'a' : 'v';
        auto found = m_physicalTypes.find(key);
        if (found == m_physicalTypes.end())
            found = m_physicalTypes.emplace(std::move(key), physicalTensorType(type, isAllocation)).first;
        return found->second;
    }

    // Chapter 03 §5.2.3: a view of a tensor without a layout is flattened at
    // its declaration while its accesses keep their logical indices. The
    // reference does exactly that; the result is reproduced and flagged.
    void noteInconsistentView(const Var& logical, const Var& target, size_t indexCount, Span span)
    {
        if (!target->isTensor() || target->tensorType()->shape().size() == indexCount) return;
        if (!m_warned.insert(logical.get()).second) return;
        diagnostics.push_back(Diagnostic{
            Diagnostic::Severity::Warning,
            "'" + logical->name() + "' is declared without a layout, so its declaration is flattened to rank " +
                std::to_string(target->tensorType()->shape().size()) + " while this access keeps its " +
                std::to_string(indexCount) +
                " indices (the reference lowers it the same way; the result is inconsistent)",
            span});
    }
};

FunctionRef lower(const FunctionRef& fn, std::vector<Diagnostic>& diags)
{
    LayoutLowering lowering;
    std::vector<Var> params;
    std::vector<std::pair<Var, Var>> declared; // physical alias, new parameter
    for (const Var& param : fn->params()) {
        if (!hasLayout(param)) {
            params.push_back(param);
            continue;
        }
        Var flat = lowering.physical(param, false);
        TensorType::Fields f = param->tensorType()->fields();
        f.layout = nullptr;
        Var source = makeVar(param->name(), VarType::tensorType(makeTensorType(std::move(f))), param->span());
        declared.emplace_back(flat, source);
        params.push_back(source);
    }
    Stmt body = lowering.mutateStmt(fn->body());
    // Each declaration goes in front of what is there, so the last parameter's comes first.
    for (const auto& [flat, source] : declared) {
        Stmt decl =
            makeBind(flat, call(kDeclTensor, {dataPointer(source)}, {}, DataType::handle(), {flat->tensorType()}));
        body = makeSeq({decl, body});
    }
    const bool failed = hasErrors(lowering.diagnostics);
    diags.insert(diags.end(), lowering.diagnostics.begin(), lowering.diagnostics.end());
    if (failed || (body == fn->body() && declared.empty())) return fn;
    Function::Fields fields = fn->fields();
    fields.params = std::move(params);
    fields.body = std::move(body);
    return std::make_shared<const Function>(std::move(fields));
}

PassResult run(const ModuleRef& module, const PassContext&) { return mapFunctions(module, lower); }

} // namespace

PassInfo lowerTrainiumLayoutPass()
{
    return {"LowerTrainiumLayout",
            "Lower logical tensor accesses to Trainium physical shapes and indices; flatten global tensors.",
            run,
            {}};
}

} // namespace tirx
