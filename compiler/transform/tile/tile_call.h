#pragma once

#include "ir/callables.h"
#include "ir/expr.h"
#include "ir/tensor_type.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// A call a tile-op lowering rejects (or cannot plan the workspaces of);
// what() is the message, reported at the call.
class TileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// An empty tuple (or nothing) in an optional operand slot.
[[nodiscard]] bool isAbsent(const Expr& e);
// The tensor type behind a region, tensor variable or element access.
[[nodiscard]] const TensorType* operandType(const Expr& e);
// The partition count of an operand: its layout's P size, or the first
// dimension of a tensor without a layout (already physical).
[[nodiscard]] std::optional<int64_t> partitionsOf(const Expr& operand);

// A tile-op call read through its callable row: operands and qualifiers by
// name, with the workspaces attached so far.
class TileCall {
public:
    TileCall(const CallNode& call, const Callable& callable);

    [[nodiscard]] const Callable& callable() const { return m_callable; }
    [[nodiscard]] std::string_view name() const { return m_callable.name; }
    // The op's row in the tile-op table; the lowerings switch on it.
    [[nodiscard]] TileOp op() const { return *m_callable.tileOp; }
    // The short name: "load" for T.trn.tile.load.
    [[nodiscard]] std::string_view shortName() const { return tileOpInfo(op()).name; }

    [[nodiscard]] Expr operand(std::string_view name) const;
    // A region operand; a bare tensor variable is widened to its full region.
    [[nodiscard]] Expr region(std::string_view name) const;
    // A scalar operand, or `fallback` when the slot is empty.
    [[nodiscard]] Expr scalar(std::string_view name, double fallback) const;
    [[nodiscard]] bool has(std::string_view name) const { return !isAbsent(operand(name)); }
    void set(std::string_view name, const Expr& value);

    [[nodiscard]] Expr qualifier(std::string_view key) const;
    [[nodiscard]] std::string stringQualifier(std::string_view key, std::string_view fallback) const;
    // The instruction opcode of the reduce_op qualifier ("sum" is "add");
    // a TileError for one this backend does not lower.
    [[nodiscard]] std::string instructionReduceOp() const;
    [[nodiscard]] bool boolQualifier(std::string_view key, bool fallback) const;
    // The max_inst_size qualifier, or `fallback` when absent.
    [[nodiscard]] std::optional<int64_t> maxInstSize(std::optional<int64_t> fallback) const;
    [[nodiscard]] std::vector<int64_t> axes() const;
    // Fails unless scope is "thread", the only one the Trainium lowerings take.
    void requireThreadScope(std::string_view what) const;

    // A warning the lowering reports at the call, with the result.
    void warn(std::string message) const { m_warnings.push_back(std::move(message)); }
    [[nodiscard]] const std::vector<std::string>& warnings() const { return m_warnings; }

    // The call with the attached workspaces; null when nothing changed.
    [[nodiscard]] Expr rebuilt() const;

private:
    const CallNode& m_call;
    const Callable& m_callable;
    std::vector<Expr> m_args;
    bool m_changed = false;
    mutable std::vector<std::string> m_warnings;
};

} // namespace tirx
