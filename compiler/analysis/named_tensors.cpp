#include "analysis/named_tensors.h"

#include "ir/functor.h"
#include "ir/tensor_type.h"

namespace tirx {

namespace {

class TensorCollector final : public IrVisitor {
public:
    TensorCollector(std::string function, std::vector<NamedTensor>& out) : m_function(std::move(function)), m_out(out)
    {
    }

protected:
    void visitBind(const BindNode& s) override
    {
        if (s.var()->isTensor()) m_out.push_back({m_function, s.var()->name(), s.var()->tensorType(), s.span()});
        IrVisitor::visitBind(s);
    }

private:
    std::string m_function;
    std::vector<NamedTensor>& m_out;
};

} // namespace

std::vector<NamedTensor> namedTensors(const Module& module)
{
    std::vector<NamedTensor> out;
    for (const auto& [name, fn] : module.functions()) {
        for (const auto& p : fn->params()) {
            if (p->isTensor()) out.push_back({name, p->name(), p->tensorType(), p->span()});
        }
        TensorCollector collector(name, out);
        if (fn->body()) collector.visitStmt(fn->body());
    }
    return out;
}

std::optional<NamedTensor> findNamedTensor(const Module& module, std::string_view name)
{
    for (auto& t : namedTensors(module)) {
        if (t.name == name) return t;
    }
    return std::nullopt;
}

} // namespace tirx
