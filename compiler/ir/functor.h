#pragma once

#include "ir/expr.h"
#include "ir/stmt.h"

namespace tirx {

// Read-only walk over expressions and statements. Override the cases you
// need; call the base to keep walking into children. Both walks stop with
// IrTooDeep past kMaxIrDepth levels or near the end of the thread's stack
// (ir_depth.h).
class IrVisitor {
public:
    virtual ~IrVisitor() = default;

    virtual void visitExpr(const Expr& e);
    virtual void visitStmt(const Stmt& s);

protected:
    virtual void visitVar(const VarNode&) {}
    virtual void visitBinary(const BinaryNode& e);
    virtual void visitCall(const CallNode& e);
    virtual void visitTensorLoad(const TensorLoadNode& e);
    virtual void visitTensorRegion(const TensorRegionNode& e);

    virtual void visitBind(const BindNode& s);
    virtual void visitStore(const TensorStoreNode& s);
    virtual void visitFor(const ForNode& s);
    virtual void visitIf(const IfNode& s);
    virtual void visitRegion(const RegionNode& s);
    virtual void visitEvaluate(const EvaluateNode& s);
};

// Rewriting walk. Each method returns the node itself when nothing below it
// changed, so untouched subtrees stay shared with the input.
class IrMutator {
public:
    IrMutator() = default;
    virtual ~IrMutator() = default;

    virtual Expr mutateExpr(const Expr& e);
    virtual Stmt mutateStmt(const Stmt& s);

protected:
    virtual Expr mutateVar(const Var& v) { return v; }
    virtual Expr mutateBinary(const Expr& self, const BinaryNode& e);
    virtual Expr mutateCall(const Expr& self, const CallNode& e);
    virtual Expr mutateTensorLoad(const Expr& self, const TensorLoadNode& e);
    virtual Expr mutateTensorRegion(const Expr& self, const TensorRegionNode& e);

    virtual Stmt mutateSeq(const Stmt& self, const SeqStmtNode& s);
    virtual Stmt mutateBind(const Stmt& self, const BindNode& s);
    virtual Stmt mutateStore(const Stmt& self, const TensorStoreNode& s);
    virtual Stmt mutateEvaluate(const Stmt& self, const EvaluateNode& s);
    virtual Stmt mutateFor(const Stmt& self, const ForNode& s);
    virtual Stmt mutateWhile(const Stmt& self, const WhileNode& s);
    virtual Stmt mutateIf(const Stmt& self, const IfNode& s);
    virtual Stmt mutateAssert(const Stmt& self, const AssertNode& s);
    virtual Stmt mutateRegion(const Stmt& self, const RegionNode& s);

    // Mutates each element; returns true when any changed.
    bool mutateList(const std::vector<Expr>& in, std::vector<Expr>& out);
    // The same, but `out` is filled only when an element changed: an
    // unchanged list costs no copy.
    bool mutateListIfChanged(const std::vector<Expr>& in, std::vector<Expr>& out);
    Attrs mutateAttrs(const Attrs& in, bool& changed);

    // A mutator that rewrites statements only constructs its base with
    // Walk::StatementsOnly: the default statement cases then keep every
    // expression as it is without calling mutateExpr, so walking a large
    // body reads only its statement nodes.
    enum class Walk : uint8_t { All, StatementsOnly };
    explicit IrMutator(Walk walk) : m_walk(walk) {}
    [[nodiscard]] bool walksExprs() const { return m_walk == Walk::All; }

private:
    Walk m_walk = Walk::All;
};

} // namespace tirx
