#include "ir/binary_ops.h"

namespace tirx {

namespace {

constexpr bool inEnumOrder()
{
    for (size_t i = 0; i < std::size(kBinaryOps); ++i) {
        if (static_cast<size_t>(kBinaryOps[i].op) != i) return false;
    }
    return true;
}
static_assert(inEnumOrder(), "binary_ops.def rows must follow the enum's order");

// Whether the space-separated `names` holds `name`.
bool listed(std::string_view names, std::string_view name)
{
    while (!names.empty()) {
        const size_t space = names.find(' ');
        if (names.substr(0, space) == name) return true;
        if (space == std::string_view::npos) break;
        names.remove_prefix(space + 1);
    }
    return false;
}

} // namespace

bool isComparison(BinaryOp op) { return binaryOpInfo(op).kind == BinaryKind::Compare; }
bool isLogical(BinaryOp op) { return binaryOpInfo(op).kind == BinaryKind::Logical; }

std::optional<BinaryOp> findInfixOp(std::string_view text)
{
    if (text.empty()) return std::nullopt;
    for (const BinaryOpInfo& row : kBinaryOps) {
        if (row.infix == text) return row.op;
    }
    return std::nullopt;
}

std::optional<BinaryOp> findBinaryCall(std::string_view name)
{
    if (name.empty()) return std::nullopt;
    for (const BinaryOpInfo& row : kBinaryOps) {
        if (listed(row.callNames, name)) return row.op;
    }
    return std::nullopt;
}

} // namespace tirx
