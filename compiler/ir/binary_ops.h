#pragma once

#include "ir/expr.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace tirx {

// The binary operators of TIRx expressions, one per row of binary_ops.def,
// with their spellings: the parser reads the TVMScript operators and calls
// from the table, the TVMScript and NKI printers write them from it.
// Arithmetic itself (constant folding, bounds, the simulator) stays in code
// beside the values it computes.
// The enumerators stay in ir/expr.h, which every file includes; the rows
// follow their order (checked in binary_ops.cpp).

enum class BinaryKind : uint8_t { Arith, Compare, Logical };

struct BinaryOpInfo {
    BinaryOp op;
    BinaryKind kind;
    std::string_view infix;      // TVMScript operator, "+", "//", "and"; empty: only a call
    int scriptLevel;             // TVMScript printer precedence (print_impl.h's Prec scale)
    std::string_view scriptCall; // "T.truncmod": the call printed when not infix
    std::string_view callNames;  // "truncmod Mod": the T.* functions the parser maps here
    std::string_view python;     // the NKI printers' operator: "+", "&", "min"
    int pythonLevel;             // its Python precedence among the NKI operators; 0 for a call
    std::string_view nkiCompare; // "nl.greater_equal" for a comparison, else empty
    std::string_view text;       // the structural-equality report's name
};

inline constexpr BinaryOpInfo kBinaryOps[] = {
#define TIRX_BINARY_OP(id, kind, infix, scriptLevel, scriptCall, callNames, python, pythonLevel, nkiCompare, text)     \
    {BinaryOp::id, BinaryKind::kind, infix, scriptLevel, scriptCall, callNames, python, pythonLevel, nkiCompare, text},
#include "ir/binary_ops.def"
#undef TIRX_BINARY_OP
};

[[nodiscard]] constexpr const BinaryOpInfo& binaryOpInfo(BinaryOp op) { return kBinaryOps[static_cast<size_t>(op)]; }
[[nodiscard]] constexpr std::span<const BinaryOpInfo> binaryOps() { return kBinaryOps; }

// The operator a TVMScript infix operator ("+", "//", "and") names.
[[nodiscard]] std::optional<BinaryOp> findInfixOp(std::string_view text);
// The operator a T.* call ("truncdiv", "Min", without "T.") names.
[[nodiscard]] std::optional<BinaryOp> findBinaryCall(std::string_view name);

} // namespace tirx
