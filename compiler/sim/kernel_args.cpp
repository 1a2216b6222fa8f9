#include "sim/kernel_args.h"

#include "ir/callables.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "sim/numerics.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace tirx::sim {

namespace {

// The tensor a written operand ultimately belongs to: declarations over
// parameters are followed back to the parameter.
class WriteCollector {
public:
    void walk(const Stmt& s)
    {
        if (!s) return;
        switch (s->kind()) {
        case StmtKind::Seq:
            for (const auto& item : as<SeqStmtNode>(s)->stmts()) walk(item);
            return;
        case StmtKind::Bind: {
            const auto* bind = as<BindNode>(s);
            const auto* c = as<CallNode>(bind->value());
            if (c && c->op() == kDeclTensor && !c->args().empty()) {
                const VarNode* source = as<VarNode>(c->args().front());
                if (const auto* ptr = as<CallNode>(c->args().front()); ptr && !ptr->args().empty())
                    source = as<VarNode>(ptr->args().front());
                if (source) m_viewOf[bind->var().get()] = source;
            }
            return;
        }
        case StmtKind::For: walk(as<ForNode>(s)->body()); return;
        case StmtKind::While: walk(as<WhileNode>(s)->body()); return;
        case StmtKind::If:
            walk(as<IfNode>(s)->thenBody());
            walk(as<IfNode>(s)->elseBody());
            return;
        case StmtKind::Region: walk(as<RegionNode>(s)->body()); return;
        case StmtKind::TensorStore: m_written.insert(root(as<TensorStoreNode>(s)->tensor().get())); return;
        case StmtKind::Evaluate: {
            const auto* c = as<CallNode>(as<EvaluateNode>(s)->value());
            if (!c || !c->callable() || !c->callable()->nkiOp) return;
            // The operands the table marks written (the reduce forms write two).
            const auto& params = c->callable()->params;
            for (size_t a = 0; a < c->args().size() && a < params.size(); ++a) {
                if (params[a].access != Access::Write && params[a].access != Access::ReadWrite) continue;
                if (const auto* load = as<TensorLoadNode>(c->args()[a])) m_written.insert(root(load->tensor().get()));
            }
            return;
        }
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Assert: return;
        }
    }

    [[nodiscard]] bool written(const VarNode* v) const { return m_written.count(v) != 0; }

private:
    const VarNode* root(const VarNode* v) const
    {
        for (auto it = m_viewOf.find(v); it != m_viewOf.end(); it = m_viewOf.find(v)) v = it->second;
        return v;
    }

    std::unordered_map<const VarNode*, const VarNode*> m_viewOf;
    std::unordered_set<const VarNode*> m_written;
};

// splitmix64: tiny, fast and the same everywhere.
uint64_t mix(uint64_t& state)
{
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

} // namespace

KernelArguments kernelArguments(const Function& fn)
{
    KernelArguments out;
    for (const char* key : {"num_inputs", "trn.num_input_args"}) {
        const auto value = constInt(fn.attrs().get(key));
        if (!value) continue;
        const auto k = static_cast<size_t>(std::clamp<int64_t>(*value, 0, static_cast<int64_t>(fn.params().size())));
        out.inputs.assign(fn.params().begin(), fn.params().begin() + static_cast<std::ptrdiff_t>(k));
        out.outputs.assign(fn.params().begin() + static_cast<std::ptrdiff_t>(k), fn.params().end());
        out.decidedBy = key;
        return out;
    }
    WriteCollector collector;
    collector.walk(fn.body());
    for (const auto& p : fn.params()) (collector.written(p.get()) ? out.outputs : out.inputs).push_back(p);
    out.decidedBy = "written";
    return out;
}

FunctionRef kernelFunction(const Module& module, const std::string& name, std::string* error)
{
    if (!name.empty()) {
        if (auto fn = module.find(name)) return fn;
        if (error) *error = "the module has no function '" + name + "'";
        return nullptr;
    }
    if (module.functions().size() == 1) return module.functions().front().second;
    if (auto fn = module.find("main")) return fn;
    if (error) *error = "the module has several functions and none is 'main'; name the one to run";
    return nullptr;
}

HostArray randomArray(const Var& param, uint64_t seed)
{
    HostArray out;
    if (!param->isTensor()) return out;
    const auto& type = *param->tensorType();
    out.dtype = type.dtype();
    for (const auto& e : type.shape()) out.shape.push_back(std::max<int64_t>(0, constInt(e).value_or(0)));
    const auto kind = elementKind(out.dtype);
    if (!kind) return out;
    const int item = elementBytes(*kind);
    out.bytes.resize(static_cast<size_t>(out.elements() * item));
    uint64_t state = seed;
    for (const char c : param->name()) state = state * 131 + static_cast<unsigned char>(c);
    const bool isFloat = out.dtype.isFloat();
    for (int64_t k = 0; k < out.elements(); ++k) {
        const uint64_t r = mix(state);
        float value = 0.0f;
        if (isFloat)
            value = static_cast<float>(r >> 40) * (2.0f / 16777216.0f) - 1.0f;
        else if (*kind == ElementKind::Bool)
            value = static_cast<float>(r >> 63);
        else if (out.dtype.isUInt())
            value = static_cast<float>(r >> 60);
        else
            value = static_cast<float>(static_cast<int>(r >> 60) - 8);
        storeElement(*kind, out.bytes.data() + k * item, value);
    }
    return out;
}

} // namespace tirx::sim
