#pragma once

#include "ir/expr.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace tirx::sim {

// The values of the integer variables in scope: outer loop variables while
// the kernel runs, plus a region's own loop variables point by point.
using Env = std::unordered_map<const VarNode*, int64_t>;

// An integer expression's value (booleans as 0/1): loop indices, guards,
// extents. Floor and truncating division follow the IR's definitions.
// nullopt with `error` set for an unbound variable, a division by zero or
// a construct that is not an integer expression.
[[nodiscard]] std::optional<int64_t> evalInt(const Expr& e, const Env& env, std::string* error);

// When `e` is `c0 + Σ c_k · vars[k]` with constant c_k (c0 may be any
// expression of other variables), the coefficients c_k; nullopt when a
// variable of `vars` occurs in any other way (under a division, a modulo, a
// product with another variable, ...). Such indices are evaluated point by
// point instead.
[[nodiscard]] std::optional<std::vector<int64_t>> affineCoefficients(const Expr& e,
                                                                     std::span<const VarNode* const> vars);

// Whether `e` mentions any of `vars`.
[[nodiscard]] bool mentions(const Expr& e, std::span<const VarNode* const> vars);

} // namespace tirx::sim
