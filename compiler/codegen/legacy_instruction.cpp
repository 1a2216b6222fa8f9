// The operand forms and the mask of the legacy printer; the instruction
// lines are the forms of ir/nki_ops.def (spec 07 §4.3, codegen/nki_form.h).
#include "codegen/codegen_error.h"
#include "codegen/legacy_printer.h"
#include "codegen/nki_common.h"
#include "codegen/nki_form.h"
#include "ir/functor.h"
#include "ir/make.h"

namespace tirx {

namespace {

// Mask variables must be annotated P or F (the only dimensions a mask can test).
class MaskCheck : public IrVisitor {
public:
    MaskCheck(const std::unordered_set<const VarNode*>& loopVars,
              const std::unordered_map<const VarNode*, std::string>& dims, Span span)
        : m_loopVars(loopVars), m_dims(dims), m_span(span)
    {
    }

protected:
    void visitVar(const VarNode& v) override
    {
        if (!m_loopVars.count(&v)) return;
        auto it = m_dims.find(&v);
        if (it == m_dims.end())
            codegenFail(m_span, "the mask uses '" + v.name() + "', a loop without an nki_dim annotation");
        if (it->second != "P" && it->second != "F")
            codegenFail(m_span, "the mask uses '" + v.name() + "' with nki_dim '" + it->second +
                                    "'; a mask may test only P and F loops");
    }

private:
    const std::unordered_set<const VarNode*>& m_loopVars;
    const std::unordered_map<const VarNode*, std::string>& m_dims;
    Span m_span;
};

} // namespace

std::string LegacyPrinter::opcode(const Expr& e) const { return std::string(nkiOpcode(e).nkiFunction); }

std::string LegacyPrinter::maskSuffix()
{
    if (!m_region.maskIf) return {};
    MaskCheck check{m_region.loopSet, m_region.dims, m_region.maskIf->span()};
    check.visitExpr(m_region.maskIf->cond());
    return ", mask=" + expr(m_region.maskIf->cond());
}

std::string LegacyPrinter::formOperand(const CallNode& c, const NkiFormOperand& o)
{
    const Expr& e = o.values.front();
    switch (o.form) {
    case NkiOperandForm::Expr: return expr(e);
    case NkiOperandForm::Opcode: return opcode(e);
    case NkiOperandForm::Flag: return nkiFlag(e);
    case NkiOperandForm::Assign: return isConstInt(e, 1) ? "+=" : "=";
    case NkiOperandForm::Input:
        // From here on an lhs_F loop is the free slot of the operand (spec 07 §4.2).
        m_region.matmulInput = true;
        return expr(e);
    case NkiOperandForm::Tuple: {
        // A Python tuple, as the reference prints one: `(-1,)` for one axis.
        std::string out = "(";
        for (size_t i = 0; i < o.values.size(); ++i) out += (i ? ", " : "") + expr(o.values[i]);
        return out + (o.values.size() == 1 ? ",)" : ")");
    }
    case NkiOperandForm::Access:
    case NkiOperandForm::Axis:
    case NkiOperandForm::Dtype:
    case NkiOperandForm::Pattern:
    case NkiOperandForm::ChannelMultiplier:
    case NkiOperandForm::CmpOp:
    case NkiOperandForm::Offset: break; // current-API forms
    }
    unknownNkiForm(c, o);
}

std::string LegacyPrinter::instruction(const CallNode& c)
{
    const std::optional<NkiOp> op = c.callable() ? c.callable()->nkiOp : std::nullopt;
    if (!op) codegenFail(c.span(), "Trainium code generation does not support a call to '" + c.op() + "'");
    const NkiFormPrinter printer{[&](const NkiFormOperand& o) { return formOperand(c, o); },
                                 [&](std::string_view hint) { return m_names.fresh(hint); }};
    std::string out = printNkiForm(c, *op, NkiApi::Legacy, printer);
    // The mask goes before the form's final parenthesis; an assignment has none to hold it.
    if (!out.ends_with(')')) {
        if (m_region.maskIf)
            codegenFail(m_region.maskIf->span(), "a " + std::string(nkiOpInfo(*op).name) + " cannot be masked");
        return out;
    }
    out.pop_back();
    return out + maskSuffix() + ")";
}

} // namespace tirx
