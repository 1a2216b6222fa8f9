#pragma once

#include "codegen/affine_access.h"
#include "codegen/kernel_signature.h"
#include "codegen/name_supply.h"
#include "codegen/nki_writer.h"
#include "ir/function.h"

#include <string>
#include <unordered_map>
#include <unordered_set>
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
class CurrentPrinter {
public:
    void print(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes);

private:
    struct Tensor {
        std::string name;
        std::vector<int64_t> shape; // as printed
        bool psum = false;          // printed without its bank dimension
        int64_t psumBankElems = 0;  // > 0: a PSUM (B, P, F) tensor printed as (P, B * bankElems)
    };
    struct Region {
        bool active = false;
        const IfNode* maskIf = nullptr;
        std::vector<const VarNode*> loops; // nesting order
        std::unordered_set<const VarNode*> loopSet;
        std::unordered_map<const VarNode*, int64_t> extents;
        std::unordered_map<const VarNode*, std::string> dims;
    };

    void stmt(const Stmt& s);
    void allocTensor(const BindNode& s, const CallNode& c);
    void declTensor(const BindNode& s, const CallNode& c);
    void forLoop(const ForNode& s);
    void ifStmt(const IfNode& s);
    void evaluate(const EvaluateNode& s);

    // current_expr.cpp
    [[nodiscard]] std::string expr(const Expr& e);
    [[nodiscard]] std::string access(const Expr& e);
    [[nodiscard]] std::string scalarOrAccess(const Expr& e);
    [[nodiscard]] const Tensor& tensor(const Var& v, const Span& use) const;

    // current_instruction.cpp
    [[nodiscard]] std::string instruction(const CallNode& c);
    [[nodiscard]] std::string affineSelect(const CallNode& c);
    [[nodiscard]] std::string opcode(const Expr& e) const;
    [[nodiscard]] std::string flag(const Expr& e) const;

    NameSupply m_names;
    NkiWriter* m_out = nullptr;
    std::unordered_map<const VarNode*, std::string> m_ids; // loop variables
    std::unordered_map<const VarNode*, Tensor> m_tensors;  // parameters, allocations and their views
    std::unordered_map<const VarNode*, const VarNode*> m_root;
    std::unordered_map<const VarNode*, const Tensor*> m_paramViews;
    std::unordered_set<const VarNode*> m_onChipViews;
    Region m_region;
};

// The current-API spelling of a dtype (nl.float32, nl.bfloat16, ...).
[[nodiscard]] std::string currentDtype(DataType dtype, const Span& span);

} // namespace tirx
