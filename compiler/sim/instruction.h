#pragma once

#include "ir/callables.h"
#include "ir/diagnostic.h"
#include "ir/stmt.h"

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

namespace tirx::sim {

// One tensor operand of an NKI call: the element access and, when every
// index is affine in the region's loop variables, the constant coefficients
// (per index dimension, per variable). Other operands are evaluated point by
// point.
struct TensorOperand {
    const TensorLoadNode* load = nullptr;
    std::vector<std::vector<int64_t>> coefficients; // [dim][var]; empty when not affine
    [[nodiscard]] bool affine() const { return !coefficients.empty() || load->indices().empty(); }
    [[nodiscard]] bool usesVar(size_t var) const;
};

// A tensorized region (chapter 06 §2.4) read once and run many times: its
// loop variables (outermost first), their ranges, the guard and the call.
// An NKI call outside a region is an instruction with no variables (§2.5).
struct Instruction {
    const CallNode* call = nullptr;
    const Callable* callable = nullptr;
    // Where the instruction is reported: the call's place, else its
    // statement's (TileDispatch gives the statements it makes the tile call's).
    Span span;
    std::vector<const VarNode*> vars;
    std::vector<Expr> begins;
    std::vector<Expr> extents;
    Expr guard; // null = every point
    // Per call argument: a tensor operand, or nothing for the other arguments.
    std::vector<std::optional<TensorOperand>> operands;

    [[nodiscard]] const std::vector<Expr>& args() const { return call->args(); }
    // The argument position of the op table's column `name` (the size of
    // the signature when the row has no such column).
    [[nodiscard]] size_t argNamed(std::string_view name) const;
};

// Reads a tensorized region's body (loops, at most one `if`, one call), or
// an Evaluate of a T.nki call; a located error when the shape is wrong.
[[nodiscard]] std::variant<Instruction, Diagnostic> decodeRegion(const RegionNode& region);
[[nodiscard]] std::variant<Instruction, Diagnostic> decodeCall(const CallNode& call, Span span);

// The constant value of a float, integer or boolean argument.
[[nodiscard]] std::optional<double> constArg(const Expr& e);
[[nodiscard]] const std::string* stringArg(const Expr& e);

} // namespace tirx::sim
