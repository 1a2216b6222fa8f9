#pragma once

#include "codegen/affine_access.h"
#include "codegen/nki_form.h"
#include "codegen/nki_walker.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tirx {

// The current NKI API (`nki.jit`, spec 07 §8.2), which the reference has no
// printer for. Same walk as the legacy printer, different text: outputs are
// allocated in `nl.shared_hbm` and returned, on-chip tensors are placed with
// `address=(partition, free)`, PSUM tensors lose their block dimension (a
// (B, P, F) tensor becomes (P, B · bank) starting at its first bank), and
// each operand of an instruction is an access pattern
// `t.ap(pattern=[[step, count], ...], offset=...)` over the tensor's
// elements, its steps in decreasing order, so the partition step leads.
// Instruction calls name the destination first and have no mask: a masked
// instruction has no form here yet and is reported.
class CurrentPrinter final : public NkiWalker {
public:
    void print(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes);

private:
    struct Tensor {
        std::string name;
        std::vector<int64_t> shape; // as printed
        bool psum = false;          // printed without its bank dimension
        int64_t psumBankElems = 0;  // > 0: a PSUM (B, P, F) tensor printed as (P, B * bankElems)
    };

    void allocTensor(const BindNode& s, const CallNode& c) override;
    void viewDeclared(const VarNode& view, const std::string& name, const std::vector<int64_t>& shape) override;
    [[nodiscard]] std::string loopHeader(const std::string& id, const ForNode& s, bool outermost) override;
    [[nodiscard]] std::string regionLoopLine(const std::string& id, const ForNode& s) override;
    [[nodiscard]] std::string ifHeader(const IfNode& s) override;
    [[nodiscard]] std::string instruction(const CallNode& c) override;

    // current_expr.cpp
    [[nodiscard]] std::string expr(const Expr& e);
    [[nodiscard]] std::string access(const Expr& e);
    [[nodiscard]] std::string scalarOrAccess(const Expr& e);
    [[nodiscard]] const Tensor& tensor(const Var& v, const Span& use) const;
    [[nodiscard]] int64_t extent(const VarNode* loop) const;

    // current_instruction.cpp
    // affine_select's predicate as the instruction's keywords spell it.
    struct AffinePredicate {
        std::string pattern;           // "[[-1, 128]]": step and count of each free loop
        std::string channelMultiplier; // the partition loop's step
        std::string cmpOp;             // "nl.greater_equal"
        std::string offset;
    };
    [[nodiscard]] AffinePredicate affinePredicate(const Expr& pred);
    [[nodiscard]] std::string formOperand(const CallNode& c, const NkiFormOperand& o);
    [[nodiscard]] std::string opcode(const Expr& e) const;

    std::unordered_map<const VarNode*, Tensor> m_tensors;                   // parameters, allocations and their views
    std::optional<std::pair<const ExprNode*, AffinePredicate>> m_predicate; // the current instruction's, split once
};

// The current-API spelling of a dtype (nl.float32, nl.bfloat16, ...).
[[nodiscard]] std::string currentDtype(DataType dtype, const Span& span);

} // namespace tirx
