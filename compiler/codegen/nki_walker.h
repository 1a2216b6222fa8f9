#pragma once

#include "codegen/kernel_signature.h"
#include "codegen/name_supply.h"
#include "codegen/nki_writer.h"
#include "ir/function.h"

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tirx {

// The statement walk both NKI printers share (spec 07 §3): which statements
// a kernel may hold, the names of parameters and loops, flat views of the
// parameters, the loops and the mask of a tensorized instruction. The
// printers supply the text of allocations, loop headers, conditions and
// instructions. Every condition the walk cannot print throws CodegenError
// at the statement.
class NkiWalker {
public:
    virtual ~NkiWalker() = default;

protected:
    // Per-instruction state, reset when a tensorized region starts (§3.5).
    struct Region {
        bool active = false;
        const IfNode* maskIf = nullptr;
        std::vector<const VarNode*> loops; // nesting order
        std::unordered_set<const VarNode*> loopSet;
        std::unordered_map<const VarNode*, std::string> dims; // nki_dim annotations
        std::unordered_map<const VarNode*, Expr> extents;
        bool matmulInput = false;
        int accessSlot = -1; // legacy: slot of the next variable inside a tensor access; -1 outside
        int accessSlots = 0;
    };

    // Reads the signature and names the parameters.
    [[nodiscard]] KernelSignature begin(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes);
    // Prints `s`. An error at a statement a pass made (no place in the
    // source) is reported at the nearest enclosing statement that has one.
    void walk(const Stmt& s);

    virtual void allocTensor(const BindNode& s, const CallNode& c) = 0;
    // A declared view over a parameter, under `name` (printed already when new).
    virtual void viewDeclared(const VarNode& view, const std::string& name, const std::vector<int64_t>& shape) = 0;
    // "for i in range(4):" for a loop outside an instruction.
    [[nodiscard]] virtual std::string loopHeader(const std::string& id, const ForNode& s, bool outermost) = 0;
    // What a loop of an instruction prints (the legacy arange); empty for nothing.
    [[nodiscard]] virtual std::string regionLoopLine(const std::string& id, const ForNode& s) = 0;
    [[nodiscard]] virtual std::string ifHeader(const IfNode& s) = 0;
    [[nodiscard]] virtual std::string instruction(const CallNode& c) = 0;

    // The loop variable's printed name; throws when it is not defined.
    [[nodiscard]] const std::string& loopName(const VarNode& v, const Span& use) const;
    [[nodiscard]] const std::string& paramName(const VarNode* param) const { return m_paramNames.at(param); }
    [[nodiscard]] bool isOnChipView(const VarNode* v) const { return m_onChipViews.count(v) != 0; }

    NameSupply m_names;
    NkiWriter* m_out = nullptr;
    Region m_region;

private:
    void walkStatement(const Stmt& s);
    void bind(const BindNode& s);
    void declTensor(const BindNode& s, const CallNode& c);
    void forLoop(const ForNode& s);
    void ifStmt(const IfNode& s);
    void evaluate(const EvaluateNode& s);

    struct ParamView {
        std::string name;
        std::vector<int64_t> shape;
        DataType dtype;
    };
    std::unordered_map<const VarNode*, std::string> m_paramNames;
    std::unordered_map<const VarNode*, std::string> m_loopNames;
    std::unordered_map<const VarNode*, const VarNode*> m_root; // parameters and their views -> parameter
    std::unordered_map<const VarNode*, ParamView> m_paramViews;
    std::unordered_set<const VarNode*> m_onChipViews; // views the reference leaves unnamed (§3.3)
    bool m_outermostLoop = true;
    static constexpr int kMostNestedLoops = 20;
    int m_forDepth = 0; // `for` blocks open in the printed kernel
};

} // namespace tirx
