#pragma once

#include "ir/expr.h"

#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// Node constructors. Arithmetic goes through these so that construction-time
// constant folding matches the reference (apache/tvm src/arith/const_fold.h):
// constants fold, x+0, x*1, x*0, x//1, 0//x and friends collapse, nothing else
// is simplified. Integer operands of mixed width promote to the wider type.

[[nodiscard]] Expr intImm(int64_t value, DataType dtype = DataType::int32(), Span span = {});
[[nodiscard]] Expr boolImm(bool value, Span span = {});
[[nodiscard]] Expr floatImm(double value, DataType dtype = DataType::float32(), Span span = {});
[[nodiscard]] Expr stringImm(std::string value, Span span = {});
[[nodiscard]] Var makeVar(std::string name, VarType type, Span span = {},
                          std::shared_ptr<const VarOrigin> origin = nullptr);
// A new variable standing for the same tensor as `like` with another type:
// its name, span and origin carry over.
[[nodiscard]] Var retypedVar(const VarNode& like, VarType type);

[[nodiscard]] Expr binary(BinaryOp op, Expr a, Expr b, Span span = {});
[[nodiscard]] Expr logicalNot(Expr a, Span span = {});
[[nodiscard]] Expr select(Expr cond, Expr t, Expr f, Span span = {});
[[nodiscard]] Expr cast(DataType dtype, Expr value, Span span = {});
[[nodiscard]] Expr call(std::string_view op, std::vector<Expr> args, Attrs attrs = {},
                        DataType dtype = DataType::voidType(), std::vector<TensorTypeRef> tyArgs = {}, Span span = {});
[[nodiscard]] Expr tensorLoad(Var tensor, std::vector<Expr> indices, Span span = {});
[[nodiscard]] Expr tensorRegion(Var tensor, std::vector<Range> ranges, Span span = {});
[[nodiscard]] Expr tuple(std::vector<Expr> fields, Span span = {});

inline Expr add(Expr a, Expr b) { return binary(BinaryOp::Add, std::move(a), std::move(b)); }
inline Expr sub(Expr a, Expr b) { return binary(BinaryOp::Sub, std::move(a), std::move(b)); }
inline Expr mul(Expr a, Expr b) { return binary(BinaryOp::Mul, std::move(a), std::move(b)); }
inline Expr floorDiv(Expr a, Expr b) { return binary(BinaryOp::FloorDiv, std::move(a), std::move(b)); }
inline Expr floorMod(Expr a, Expr b) { return binary(BinaryOp::FloorMod, std::move(a), std::move(b)); }

// The constant value of an integer immediate, if e is one.
[[nodiscard]] std::optional<int64_t> constInt(const Expr& e);
[[nodiscard]] bool isConstInt(const Expr& e, int64_t value);

// Same node with a different span (immediates and operators only; used by the
// parser when Python-level constant arithmetic is folded).
[[nodiscard]] Expr withSpan(const Expr& e, Span span);

} // namespace tirx
