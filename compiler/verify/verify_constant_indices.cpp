#include "verify/verify_constant_indices.h"

#include "verify/module_findings.h"

#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"

namespace tirx {

namespace {

class ConstantIndexChecker final : public IrVisitor {
public:
    explicit ConstantIndexChecker(std::vector<Diagnostic>& out) : m_out(out) {}

    void visitStore(const TensorStoreNode& s) override
    {
        check(s.tensor(), s.indices(), s.span(), "store to");
        IrVisitor::visitStore(s);
    }

    void visitTensorLoad(const TensorLoadNode& e) override
    {
        check(e.tensor(), e.indices(), e.span(), "load from");
        IrVisitor::visitTensorLoad(e);
    }

private:
    void check(const Var& tensor, const std::vector<Expr>& indices, const Span& span, const char* what)
    {
        if (!tensor || !tensor->tensorType()) return;
        const auto& shape = tensor->tensorType()->shape();
        if (shape.size() != indices.size()) return; // a flat or reshaped access: not a per-dimension index
        for (size_t d = 0; d < indices.size(); ++d) {
            const auto index = constInt(indices[d]);
            const auto extent = constInt(shape[d]);
            if (!index || !extent || (*index >= 0 && *index < *extent)) continue;
            m_out.push_back({Diagnostic::Severity::Error,
                             std::string(what) + " '" + tensor->name() + "': index " + std::to_string(*index) +
                                 " is outside dimension " + std::to_string(d) + " of extent " +
                                 std::to_string(*extent) + " (valid: 0.." + std::to_string(*extent - 1) + ")",
                             span});
            return; // one finding per access
        }
    }

    std::vector<Diagnostic>& m_out;
};

} // namespace

std::vector<Diagnostic> verifyConstantIndices(const Module& module)
{
    return moduleFindings<ConstantIndexChecker>(module);
}

} // namespace tirx
