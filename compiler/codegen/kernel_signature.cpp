#include "codegen/kernel_signature.h"

#include "codegen/codegen_error.h"
#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"

#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace tirx {

namespace {

// A destination operand of an NKI instruction, by its name in the callable
// table: `res`, `result`, `reduce_res`, `act_res`, ...
bool isDestination(std::string_view param) { return param == "res" || param == "result" || param.ends_with("_res"); }

// The parameters an NKI instruction writes, through views of them too.
class WrittenParams : public IrVisitor {
public:
    explicit WrittenParams(const Function& fn)
    {
        for (const auto& p : fn.params()) m_root.emplace(p.get(), p.get());
        visitStmt(fn.body());
    }
    [[nodiscard]] bool written(const VarNode* param) const { return m_written.count(param) != 0; }

protected:
    void visitBind(const BindNode& s) override
    {
        if (const auto* c = as<CallNode>(s.value()); c && c->op() == kDeclTensor && !c->args().empty()) {
            const VarNode* data = as<VarNode>(c->args().front());
            if (const auto* ptr = as<CallNode>(c->args().front()); ptr && ptr->op() == kTensorDataPtr)
                data = ptr->args().empty() ? nullptr : as<VarNode>(ptr->args().front());
            if (auto it = data ? m_root.find(data) : m_root.end(); it != m_root.end())
                m_root.emplace(s.var().get(), it->second);
        }
        IrVisitor::visitBind(s);
    }
    void visitCall(const CallNode& c) override
    {
        if (const Callable* callable = findCallableByOp(c.op());
            callable && callable->kind == CallableKind::NkiInstruction) {
            for (size_t i = 0; i < c.args().size() && i < callable->params.size(); ++i) {
                if (!isDestination(callable->params[i].name)) continue;
                if (const auto* load = as<TensorLoadNode>(c.args()[i])) {
                    if (auto it = m_root.find(load->tensor().get()); it != m_root.end()) m_written.insert(it->second);
                }
            }
        }
        IrVisitor::visitCall(c);
    }
    void visitStore(const TensorStoreNode& s) override
    {
        if (auto it = m_root.find(s.tensor().get()); it != m_root.end()) m_written.insert(it->second);
        IrVisitor::visitStore(s);
    }

private:
    std::unordered_map<const VarNode*, const VarNode*> m_root;
    std::unordered_set<const VarNode*> m_written;
};

std::optional<int64_t> declaredInputCount(const Function& fn)
{
    for (const char* key : {"num_inputs", "trn.num_input_args"}) {
        if (Expr v = fn.attrs().get(key)) {
            auto n = constInt(v);
            if (!n || *n < 0 || *n > static_cast<int64_t>(fn.params().size()))
                codegenFail(v->span(),
                            std::string("'") + key + "' must be an integer between 0 and the parameter count");
            return n;
        }
    }
    return std::nullopt;
}

} // namespace

KernelSignature kernelSignature(const Function& fn, NameSupply& names, std::vector<Diagnostic>& notes)
{
    const auto* symbol = as<StringImmNode>(fn.attrs().get("global_symbol"));
    if (!symbol) codegenFail(fn.span(), "the kernel needs a 'global_symbol' attribute (a private function has none)");
    KernelSignature sig;
    sig.name = symbol->value() + "_kernel";

    for (const auto& p : fn.params()) {
        if (!p->isTensor())
            codegenFail(p->span(),
                        "Trainium code generation supports only tensor parameters, not the scalar '" + p->name() + "'");
    }
    size_t inputs = fn.params().size();
    if (auto declared = declaredInputCount(fn)) {
        inputs = static_cast<size_t>(*declared);
    } else {
        const WrittenParams written{fn};
        inputs = 0;
        while (inputs < fn.params().size() && !written.written(fn.params()[inputs].get())) ++inputs;
        for (size_t i = inputs; i < fn.params().size(); ++i) {
            if (!written.written(fn.params()[i].get()))
                codegenFail(fn.params()[i]->span(),
                            "parameter '" + fn.params()[i]->name() +
                                "' is read but follows a written one; set T.func_attr({\"num_inputs\": N})");
        }
        if (!fn.params().empty())
            notes.push_back({Diagnostic::Severity::Note,
                             "no 'num_inputs' attribute: " + std::to_string(inputs) +
                                 " input(s), the parameters the kernel only reads",
                             fn.span()});
    }
    for (size_t i = 0; i < fn.params().size(); ++i) {
        const Var& p = fn.params()[i];
        sig.params.push_back({p, names.fresh(p->name() + "_ptr"), i >= inputs});
    }
    return sig;
}

} // namespace tirx
