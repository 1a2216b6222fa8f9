#pragma once

#include "ir/op_name.h"

#include "ir/expr.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

class StmtNode;
using Stmt = std::shared_ptr<const StmtNode>;

enum class StmtKind : uint8_t { Seq, Bind, TensorStore, Evaluate, For, While, If, Break, Continue, Assert, Region };

class StmtNode {
public:
    virtual ~StmtNode() = default;
    StmtNode(const StmtNode&) = delete;
    StmtNode& operator=(const StmtNode&) = delete;

    [[nodiscard]] StmtKind kind() const { return m_kind; }
    [[nodiscard]] const Span& span() const { return m_span; }

protected:
    StmtNode(StmtKind kind, Span span) : m_kind(kind), m_span(span) {}

private:
    StmtKind m_kind;
    Span m_span;
};

template <class T> [[nodiscard]] const T* as(const Stmt& s)
{
    return s && s->kind() == T::kKind ? static_cast<const T*>(s.get()) : nullptr;
}

// Statements in order. Never nested and never holding a no-op Evaluate(0):
// makeSeq flattens and filters.
class SeqStmtNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::Seq;
    SeqStmtNode(std::vector<Stmt> stmts, Span span) : StmtNode(kKind, span), m_stmts(std::move(stmts)) {}
    [[nodiscard]] const std::vector<Stmt>& stmts() const { return m_stmts; }

private:
    std::vector<Stmt> m_stmts;
};

// `var = value`; in scope for the rest of the enclosing statement list.
// Allocations and declarations are Binds of tirx.alloc_tensor / tirx.decl_tensor calls.
class BindNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::Bind;
    BindNode(Var var, Expr value, Span span) : StmtNode(kKind, span), m_var(std::move(var)), m_value(std::move(value))
    {
    }
    [[nodiscard]] const Var& var() const { return m_var; }
    [[nodiscard]] const Expr& value() const { return m_value; }

private:
    Var m_var;
    Expr m_value;
};

class TensorStoreNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::TensorStore;
    TensorStoreNode(Var tensor, Expr value, std::vector<Expr> indices, Span span)
        : StmtNode(kKind, span), m_tensor(std::move(tensor)), m_value(std::move(value)), m_indices(std::move(indices))
    {
    }
    [[nodiscard]] const Var& tensor() const { return m_tensor; }
    [[nodiscard]] const Expr& value() const { return m_value; }
    [[nodiscard]] const std::vector<Expr>& indices() const { return m_indices; }

private:
    Var m_tensor;
    Expr m_value;
    std::vector<Expr> m_indices;
};

class EvaluateNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::Evaluate;
    EvaluateNode(Expr value, Span span) : StmtNode(kKind, span), m_value(std::move(value)) {}
    [[nodiscard]] const Expr& value() const { return m_value; }

private:
    Expr m_value;
};

enum class ForKind : uint8_t { Serial, Parallel, Vectorized, Unrolled };

class ForNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::For;
    struct Fields {
        Var var;
        Expr begin;
        Expr end; // exclusive
        Expr step;
        ForKind forKind = ForKind::Serial;
        Stmt body;
        Attrs annotations;
    };
    ForNode(Fields fields, Span span) : StmtNode(kKind, span), m_f(std::move(fields)) {}
    [[nodiscard]] const Var& var() const { return m_f.var; }
    [[nodiscard]] const Expr& begin() const { return m_f.begin; }
    [[nodiscard]] const Expr& end() const { return m_f.end; }
    [[nodiscard]] const Expr& step() const { return m_f.step; }
    [[nodiscard]] ForKind forKind() const { return m_f.forKind; }
    [[nodiscard]] const Stmt& body() const { return m_f.body; }
    [[nodiscard]] const Attrs& annotations() const { return m_f.annotations; }
    [[nodiscard]] const Fields& fields() const { return m_f; }

private:
    Fields m_f;
};

class WhileNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::While;
    WhileNode(Expr cond, Stmt body, Span span) : StmtNode(kKind, span), m_cond(std::move(cond)), m_body(std::move(body))
    {
    }
    [[nodiscard]] const Expr& cond() const { return m_cond; }
    [[nodiscard]] const Stmt& body() const { return m_body; }

private:
    Expr m_cond;
    Stmt m_body;
};

class IfNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::If;
    IfNode(Expr cond, Stmt thenBody, Stmt elseBody, Span span)
        : StmtNode(kKind, span), m_cond(std::move(cond)), m_then(std::move(thenBody)), m_else(std::move(elseBody))
    {
    }
    [[nodiscard]] const Expr& cond() const { return m_cond; }
    [[nodiscard]] const Stmt& thenBody() const { return m_then; }
    [[nodiscard]] const Stmt& elseBody() const { return m_else; } // may be null

private:
    Expr m_cond;
    Stmt m_then;
    Stmt m_else;
};

class BreakNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::Break;
    explicit BreakNode(Span span) : StmtNode(kKind, span) {}
};

class ContinueNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::Continue;
    explicit ContinueNode(Span span) : StmtNode(kKind, span) {}
};

class AssertNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::Assert;
    AssertNode(Expr cond, Expr message, Span span)
        : StmtNode(kKind, span), m_cond(std::move(cond)), m_message(std::move(message))
    {
    }
    [[nodiscard]] const Expr& cond() const { return m_cond; }
    [[nodiscard]] const Expr& message() const { return m_message; } // may be null

private:
    Expr m_cond;
    Expr m_message;
};

// An operator-tagged scope (chapter 01 §7): "tirx.device_entry",
// "tirx.nki.tensorized_instruction", "tirx.device_scope", ...
class RegionNode final : public StmtNode {
public:
    static constexpr StmtKind kKind = StmtKind::Region;
    // `op` is the name's one shared copy (internOp).
    RegionNode(const InternedOp& op, std::vector<Expr> args, Attrs attrs, Stmt body, Span span)
        : StmtNode(kKind, span), m_op(&op), m_args(std::move(args)), m_attrs(std::move(attrs)), m_body(std::move(body))
    {
    }
    [[nodiscard]] const std::string& op() const { return m_op->name; }
    // The op's row in the callable table; null for an op it does not know.
    [[nodiscard]] const Callable* callable() const { return m_op->callable; }
    [[nodiscard]] const std::vector<Expr>& args() const { return m_args; }
    [[nodiscard]] const Attrs& attrs() const { return m_attrs; }
    [[nodiscard]] const Stmt& body() const { return m_body; }

private:
    const InternedOp* m_op;
    std::vector<Expr> m_args;
    Attrs m_attrs;
    Stmt m_body;
};

inline constexpr const char* kDeviceEntry = "tirx.device_entry";
inline constexpr const char* kTensorizedInstruction = "tirx.nki.tensorized_instruction";
inline constexpr const char* kAllocTensor = "tirx.alloc_tensor";
inline constexpr const char* kDeclTensor = "tirx.decl_tensor";
inline constexpr const char* kTensorDataPtr = "tirx.tensor_data_ptr";
// The predicate of affine_select: tirx.lambda((params...), body).
inline constexpr const char* kLambda = "tirx.lambda";

// Builds a sequence: flattens nested sequences and drops Evaluate(0) no-ops;
// a single statement comes back as itself, none as an empty sequence.
[[nodiscard]] Stmt makeSeq(std::vector<Stmt> stmts, Span span = {});
[[nodiscard]] Stmt makeBind(Var var, Expr value, Span span = {});
[[nodiscard]] Stmt makeStore(Var tensor, Expr value, std::vector<Expr> indices, Span span = {});
[[nodiscard]] Stmt makeEvaluate(Expr value, Span span = {});
[[nodiscard]] Stmt makeFor(ForNode::Fields fields, Span span = {});
[[nodiscard]] Stmt makeWhile(Expr cond, Stmt body, Span span = {});
[[nodiscard]] Stmt makeIf(Expr cond, Stmt thenBody, Stmt elseBody, Span span = {});
[[nodiscard]] Stmt makeBreak(Span span = {});
[[nodiscard]] Stmt makeContinue(Span span = {});
[[nodiscard]] Stmt makeAssert(Expr cond, Expr message, Span span = {});
[[nodiscard]] Stmt makeRegion(std::string_view op, std::vector<Expr> args, Attrs attrs, Stmt body, Span span = {});

// The statements of s as a list: a sequence's items, or s alone.
[[nodiscard]] std::vector<Stmt> stmtList(const Stmt& s);

} // namespace tirx
