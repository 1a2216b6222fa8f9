#pragma once

#include "ir/op_name.h"

#include "ir/dtype.h"
#include "ir/span.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tirx {

// Expressions are immutable and shared. A pass that rewrites an expression
// builds new nodes and reuses the untouched subtrees, so "did this change?"
// is a pointer comparison and a snapshot of a module costs almost nothing.

class ExprNode;
class VarNode;
class TensorType;
using Expr = std::shared_ptr<const ExprNode>;
using Var = std::shared_ptr<const VarNode>;
using TensorTypeRef = std::shared_ptr<const TensorType>;

enum class ExprKind : uint8_t {
    IntImm,
    FloatImm,
    StringImm,
    Var,
    Binary,
    Not,
    Select,
    Cast,
    Call,
    TensorLoad,
    TensorRegion,
    Tuple,
    Ramp,
    Broadcast,
};

class ExprNode {
public:
    virtual ~ExprNode() = default;
    ExprNode(const ExprNode&) = delete;
    ExprNode& operator=(const ExprNode&) = delete;

    [[nodiscard]] ExprKind kind() const { return m_kind; }
    [[nodiscard]] DataType dtype() const { return m_dtype; }
    [[nodiscard]] const Span& span() const { return m_span; }

protected:
    ExprNode(ExprKind kind, DataType dtype, Span span) : m_kind(kind), m_dtype(dtype), m_span(span) {}

private:
    ExprKind m_kind;
    DataType m_dtype;
    Span m_span;
};

// Checked downcast: as<IntImmNode>(e) is null unless e is an IntImm.
template <class T> [[nodiscard]] const T* as(const Expr& e)
{
    return e && e->kind() == T::kKind ? static_cast<const T*>(e.get()) : nullptr;
}
template <class T> [[nodiscard]] const T* as(const ExprNode* e)
{
    return e && e->kind() == T::kKind ? static_cast<const T*>(e) : nullptr;
}

class IntImmNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::IntImm;
    IntImmNode(DataType dtype, int64_t value, Span span) : ExprNode(kKind, dtype, span), m_value(value) {}
    [[nodiscard]] int64_t value() const { return m_value; }

private:
    int64_t m_value;
};

class FloatImmNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::FloatImm;
    FloatImmNode(DataType dtype, double value, Span span) : ExprNode(kKind, dtype, span), m_value(value) {}
    [[nodiscard]] double value() const { return m_value; }

private:
    double m_value;
};

class StringImmNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::StringImm;
    StringImmNode(std::string value, Span span) : ExprNode(kKind, DataType::handle(), span), m_value(std::move(value))
    {
    }
    [[nodiscard]] const std::string& value() const { return m_value; }

private:
    std::string m_value;
};

// The type a variable holds: a scalar, an opaque handle, or a tensor.
struct VarType {
    enum class Kind : uint8_t { Scalar, Handle, Tensor };
    Kind kind = Kind::Scalar;
    DataType dtype = DataType::int32(); // scalar dtype; handle for the other kinds
    TensorTypeRef tensor;               // set when kind == Tensor

    static VarType scalar(DataType dtype) { return {Kind::Scalar, dtype, nullptr}; }
    static VarType handleType() { return {Kind::Handle, DataType::handle(), nullptr}; }
    static VarType tensorType(TensorTypeRef type) { return {Kind::Tensor, DataType::handle(), std::move(type)}; }
};

// The pass that made a variable and the tile call it was made for: written
// by the pass that creates a workspace, so the memory views name the creator
// from the IR instead of guessing from the variable's name. Not printed; a
// module parsed again has user variables only.
struct VarOrigin {
    std::string pass;   // "TrnPrivateTensorAlloc"
    std::string tileOp; // the served call's printed op, "T.trn.tile.activation"
    Span call;          // the served call's statement
};

// A variable. Identity is the object: two variables may share a name.
class VarNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Var;
    VarNode(std::string name, VarType type, Span span, std::shared_ptr<const VarOrigin> origin = nullptr)
        : ExprNode(kKind, type.dtype, span), m_name(std::move(name)), m_type(std::move(type)),
          m_origin(std::move(origin))
    {
    }
    [[nodiscard]] const std::string& name() const { return m_name; }
    [[nodiscard]] const VarType& type() const { return m_type; }
    [[nodiscard]] bool isTensor() const { return m_type.kind == VarType::Kind::Tensor; }
    [[nodiscard]] const TensorTypeRef& tensorType() const { return m_type.tensor; }
    // Who made a variable no source line declares (a pass's workspace); null
    // for the user's. Passes that rebuild a variable carry it over.
    [[nodiscard]] const std::shared_ptr<const VarOrigin>& origin() const { return m_origin; }

private:
    std::string m_name;
    VarType m_type;
    std::shared_ptr<const VarOrigin> m_origin;
};

enum class BinaryOp : uint8_t {
    Add,
    Sub,
    Mul,
    Div, // truncating for integers, true division for floats
    Mod, // truncating
    FloorDiv,
    FloorMod,
    Min,
    Max,
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE,
    And,
    Or,
};

[[nodiscard]] bool isComparison(BinaryOp op);
[[nodiscard]] bool isLogical(BinaryOp op);

class BinaryNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Binary;
    BinaryNode(BinaryOp op, DataType dtype, Expr a, Expr b, Span span)
        : ExprNode(kKind, dtype, span), m_op(op), m_a(std::move(a)), m_b(std::move(b))
    {
    }
    [[nodiscard]] BinaryOp op() const { return m_op; }
    [[nodiscard]] const Expr& a() const { return m_a; }
    [[nodiscard]] const Expr& b() const { return m_b; }

private:
    BinaryOp m_op;
    Expr m_a;
    Expr m_b;
};

class NotNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Not;
    NotNode(Expr a, Span span) : ExprNode(kKind, DataType::boolean(), span), m_a(std::move(a)) {}
    [[nodiscard]] const Expr& a() const { return m_a; }

private:
    Expr m_a;
};

class SelectNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Select;
    SelectNode(Expr cond, Expr t, Expr f, Span span)
        : ExprNode(kKind, t->dtype(), span), m_cond(std::move(cond)), m_t(std::move(t)), m_f(std::move(f))
    {
    }
    [[nodiscard]] const Expr& cond() const { return m_cond; }
    [[nodiscard]] const Expr& trueValue() const { return m_t; }
    [[nodiscard]] const Expr& falseValue() const { return m_f; }

private:
    Expr m_cond;
    Expr m_t;
    Expr m_f;
};

class CastNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Cast;
    CastNode(DataType dtype, Expr value, Span span) : ExprNode(kKind, dtype, span), m_value(std::move(value)) {}
    [[nodiscard]] const Expr& value() const { return m_value; }

private:
    Expr m_value;
};

// Keyword data attached to calls, loops, regions and functions. Kept sorted
// by key, so two attribute sets compare by content, not by insertion order.
class Attrs {
public:
    using Entry = std::pair<std::string, Expr>;
    Attrs() = default;
    explicit Attrs(std::vector<Entry> entries);

    [[nodiscard]] const std::vector<Entry>& entries() const { return m_entries; }
    [[nodiscard]] bool empty() const { return m_entries.empty(); }
    [[nodiscard]] size_t size() const { return m_entries.size(); }
    [[nodiscard]] Expr get(std::string_view key) const;
    [[nodiscard]] Attrs with(std::string key, Expr value) const;
    [[nodiscard]] Attrs without(std::string_view key) const;

private:
    std::vector<Entry> m_entries;
};

// A call of a named operator: "tirx.nki.matmul", "tirx.trn.tile.activation",
// "tirx.alloc_tensor", "tirx.tensor_data_ptr", "tirx.min", ... The callable
// table (ir/callables.h) describes each name. Allocation and declaration
// calls carry their result type in tyArgs.
class CallNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Call;
    // `op` is the name's one shared copy (internOp).
    CallNode(const InternedOp& op, DataType dtype, std::vector<Expr> args, Attrs attrs,
             std::vector<TensorTypeRef> tyArgs, Span span)
        : ExprNode(kKind, dtype, span), m_op(&op), m_args(std::move(args)), m_attrs(std::move(attrs)),
          m_tyArgs(std::move(tyArgs))
    {
    }
    [[nodiscard]] const std::string& op() const { return m_op->name; }
    // The op's row in the callable table; null for an op it does not know.
    [[nodiscard]] const Callable* callable() const { return m_op->callable; }
    [[nodiscard]] const std::vector<Expr>& args() const { return m_args; }
    [[nodiscard]] const Attrs& attrs() const { return m_attrs; }
    [[nodiscard]] const std::vector<TensorTypeRef>& tyArgs() const { return m_tyArgs; }

private:
    const InternedOp* m_op;
    std::vector<Expr> m_args;
    Attrs m_attrs;
    std::vector<TensorTypeRef> m_tyArgs;
};

// A[i, j] read as a value.
class TensorLoadNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::TensorLoad;
    TensorLoadNode(Var tensor, std::vector<Expr> indices, DataType dtype, Span span)
        : ExprNode(kKind, dtype, span), m_tensor(std::move(tensor)), m_indices(std::move(indices))
    {
    }
    [[nodiscard]] const Var& tensor() const { return m_tensor; }
    [[nodiscard]] const std::vector<Expr>& indices() const { return m_indices; }

private:
    Var m_tensor;
    std::vector<Expr> m_indices;
};

struct Range {
    Expr min;
    Expr extent;
};

// A[0:128, i*512:(i+1)*512] as a tile-op operand: one (min, extent) per dim.
class TensorRegionNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::TensorRegion;
    TensorRegionNode(Var tensor, std::vector<Range> ranges, Span span)
        : ExprNode(kKind, DataType::handle(), span), m_tensor(std::move(tensor)), m_ranges(std::move(ranges))
    {
    }
    [[nodiscard]] const Var& tensor() const { return m_tensor; }
    [[nodiscard]] const std::vector<Range>& ranges() const { return m_ranges; }

private:
    Var m_tensor;
    std::vector<Range> m_ranges;
};

// (a, b, ...): shapes, placements, list-valued qualifiers; the empty tuple is
// an absent optional operand.
class TupleNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Tuple;
    TupleNode(std::vector<Expr> fields, Span span)
        : ExprNode(kKind, DataType::handle(), span), m_fields(std::move(fields))
    {
    }
    [[nodiscard]] const std::vector<Expr>& fields() const { return m_fields; }

private:
    std::vector<Expr> m_fields;
};

class RampNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Ramp;
    RampNode(Expr base, Expr stride, int lanes, Span span)
        : ExprNode(kKind, DataType{base->dtype().code(), base->dtype().bits(), lanes}, span), m_base(std::move(base)),
          m_stride(std::move(stride)), m_lanes(lanes)
    {
    }
    [[nodiscard]] const Expr& base() const { return m_base; }
    [[nodiscard]] const Expr& stride() const { return m_stride; }
    [[nodiscard]] int lanes() const { return m_lanes; }

private:
    Expr m_base;
    Expr m_stride;
    int m_lanes;
};

class BroadcastNode final : public ExprNode {
public:
    static constexpr ExprKind kKind = ExprKind::Broadcast;
    BroadcastNode(Expr value, int lanes, Span span)
        : ExprNode(kKind, DataType{value->dtype().code(), value->dtype().bits(), lanes}, span),
          m_value(std::move(value)), m_lanes(lanes)
    {
    }
    [[nodiscard]] const Expr& value() const { return m_value; }
    [[nodiscard]] int lanes() const { return m_lanes; }

private:
    Expr m_value;
    int m_lanes;
};

} // namespace tirx
