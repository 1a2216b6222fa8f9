#pragma once

#include "codegen/kernel_signature.h"
#include "codegen/name_supply.h"
#include "codegen/nki_writer.h"
#include "ir/function.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tirx {

// The reference's NKI printer (codegen_trn.cc; spec 07 §2-§4): one device
// function in the legacy `neuronxcc.nki` API, text equal to the reference's.
// Beyond it, floor division and modulo get parentheses where Python would
// otherwise read them differently, and every fatal condition is a located
// CodegenError instead of an abort.
class LegacyPrinter {
public:
    // Writes the function's text (imports to `return`) into `out`; throws
    // CodegenError at the first statement it cannot print.
    void print(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes);

private:
    // Per-instruction state, reset when a tensorized region starts (§3.5).
    struct Region {
        bool active = false;
        const IfNode* maskIf = nullptr;
        Expr mask;
        std::unordered_map<const VarNode*, std::string> dims; // nki_dim annotations
        std::unordered_set<const VarNode*> loopVars;
        bool matmulInput = false;
        int accessSlot = -1; // slot of the next variable inside a tensor access; -1 outside
        int accessSlots = 0;
    };
    // The flat view printed for a parameter, reused by later views of the same shape.
    struct ParamView {
        std::string name;
        std::vector<int64_t> shape;
        DataType dtype;
    };

    void stmt(const Stmt& s);
    void bind(const BindNode& s);
    void allocTensor(const BindNode& s, const CallNode& c);
    void declTensor(const BindNode& s, const CallNode& c);
    void forLoop(const ForNode& s);
    void ifStmt(const IfNode& s);
    void evaluate(const EvaluateNode& s);

    // legacy_expr.cpp
    [[nodiscard]] std::string expr(const Expr& e);
    [[nodiscard]] std::string operand(const Expr& e, BinaryOp parent, bool right);
    [[nodiscard]] std::string binary(const BinaryNode& e);
    [[nodiscard]] std::string var(const VarNode& v, const Span& use);
    [[nodiscard]] std::string tensorLoad(const TensorLoadNode& e);
    [[nodiscard]] std::string tensorName(const Var& tensor, const Span& use) const;

    // legacy_instruction.cpp
    [[nodiscard]] std::string instruction(const CallNode& c);
    [[nodiscard]] std::string opcode(const Expr& e) const;
    [[nodiscard]] std::string flag(const Expr& e) const;
    [[nodiscard]] std::string maskSuffix(const CallNode& c);

    NameSupply m_names;
    NkiWriter* m_out = nullptr;
    std::unordered_map<const VarNode*, std::string> m_ids;     // parameters, allocations, loop variables
    std::unordered_map<const VarNode*, std::string> m_views;   // declared tensors -> printed name
    std::unordered_map<const VarNode*, const VarNode*> m_root; // declared tensors -> parameter
    std::unordered_map<const VarNode*, ParamView> m_paramViews;
    std::unordered_set<const VarNode*> m_onChipViews; // views the reference leaves unnamed (§3.3)
    Region m_region;
    bool m_outermostLoop = true;
};

// The legacy spelling of a dtype (np.float32, nl.bfloat16, ...); throws
// CodegenError at `span` for the types NKI has no name for.
[[nodiscard]] std::string legacyDtype(DataType dtype, const Span& span);

// The std::scientific text of a float constant (1.000000e+00), math.inf for
// infinities; throws on NaN.
[[nodiscard]] std::string legacyFloat(double value, const Span& span);

} // namespace tirx
