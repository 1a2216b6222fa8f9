#pragma once

#include "codegen/nki_form.h"
#include "codegen/nki_walker.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace tirx {

// The reference's NKI printer (codegen_trn.cc; spec 07 §2-§4): one device
// function in the legacy `neuronxcc.nki` API, text equal to the reference's.
// Beyond it, floor division and modulo get parentheses where Python would
// otherwise read them differently, and every fatal condition is a located
// CodegenError instead of an abort.
class LegacyPrinter final : public NkiWalker {
public:
    // Writes the function's text (imports to `return`) into `out`; throws
    // CodegenError at the first statement it cannot print.
    void print(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes);

private:
    void allocTensor(const BindNode& s, const CallNode& c) override;
    void viewDeclared(const VarNode& view, const std::string& name, const std::vector<int64_t>& shape) override;
    [[nodiscard]] std::string loopHeader(const std::string& id, const ForNode& s, bool outermost) override;
    [[nodiscard]] std::string regionLoopLine(const std::string& id, const ForNode& s) override;
    [[nodiscard]] std::string ifHeader(const IfNode& s) override;
    [[nodiscard]] std::string instruction(const CallNode& c) override;

    // legacy_expr.cpp
    [[nodiscard]] std::string expr(const Expr& e);
    [[nodiscard]] std::string operand(const Expr& e, BinaryOp parent, bool right);
    [[nodiscard]] std::string binary(const BinaryNode& e);
    [[nodiscard]] std::string var(const VarNode& v, const Span& use);
    [[nodiscard]] std::string tensorLoad(const TensorLoadNode& e);
    [[nodiscard]] std::string tensorName(const Var& tensor, const Span& use) const;

    // legacy_instruction.cpp
    [[nodiscard]] std::string formOperand(const CallNode& c, const NkiFormOperand& o);
    [[nodiscard]] std::string opcode(const Expr& e) const;
    [[nodiscard]] std::string maskSuffix();

    std::unordered_map<const VarNode*, std::string> m_tensors; // parameters, allocations and views
};

// The legacy spelling of a dtype (np.float32, nl.bfloat16, ...); throws
// CodegenError at `span` for the types NKI has no name for.
[[nodiscard]] std::string legacyDtype(DataType dtype, const Span& span);

} // namespace tirx
