#include "analysis/named_tensors.h"

#include "ir/functor.h"
#include "ir/tensor_type.h"

#include <tuple>

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

namespace {

bool sameDefinition(const NamedTensor& a, const NamedTensor& b)
{
    return a.function == b.function && a.name == b.name &&
           std::tie(a.definition.line, a.definition.column) == std::tie(b.definition.line, b.definition.column);
}

} // namespace

std::optional<size_t> findSameTensor(const std::vector<NamedTensor>& before, size_t chosen,
                                     const std::vector<NamedTensor>& after)
{
    if (chosen >= before.size()) return std::nullopt;
    const NamedTensor& t = before[chosen];
    // Two tensors can share a definition too (a pass may give the one it
    // adds the span of the one it stands for): count which of them it was.
    size_t occurrence = 0;
    for (size_t i = 0; i < chosen; ++i) occurrence += sameDefinition(before[i], t);
    std::optional<size_t> sameName;
    for (size_t i = 0; i < after.size(); ++i) {
        if (sameDefinition(after[i], t) && occurrence-- == 0) return i;
        if (!sameName && after[i].function == t.function && after[i].name == t.name) sameName = i;
    }
    return sameName;
}

std::optional<size_t> findTensorAtLine(const Module& module, const std::vector<NamedTensor>& tensors,
                                       std::string_view name, uint32_t line)
{
    const std::string* function = nullptr;
    uint32_t functionLine = 0;
    for (const auto& [fname, fn] : module.functions()) {
        const uint32_t l = fn->span().line;
        if (l <= line && (!function || l >= functionLine)) {
            function = &fname;
            functionLine = l;
        }
    }
    std::optional<size_t> first;
    std::optional<size_t> best;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const NamedTensor& t = tensors[i];
        if (t.name != name) continue;
        if (!first) first = i;
        if (!function || t.function != *function || t.definition.line > line) continue;
        if (!best || t.definition.line >= tensors[*best].definition.line) best = i;
    }
    return best ? best : first;
}

} // namespace tirx
