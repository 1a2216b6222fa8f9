#pragma once

#include "analysis/int_bounds.h"
#include "ir/expr.h"

#include <cstdint>
#include <vector>

namespace tirx {

// The canonical forms of the reference's CanonicalSimplifier (apache/tvm
// src/arith/canonical_simplify.cc). Keeping the same representation, the same
// merge rules and the same term order is what makes simplified indices print
// exactly like the reference's, e.g. `i * 65536 + p_loop * 512 + f_loop`.

enum class DivMode : uint8_t { Trunc, Floor };

// ((index % upper) // lower) * scale; upper == kPosInf means "no modulo".
struct SplitTerm {
    Expr index;
    int64_t lower = 1;
    int64_t upper = IntBound::kPosInf;
    int64_t scale = 1;
    DivMode mode = DivMode::Trunc;
    DataType dtype = DataType::int32();

    [[nodiscard]] bool indexEqual(const SplitTerm& other) const;
    [[nodiscard]] bool divModeCompatibleTo(DivMode m) const
    {
        return mode == m || (lower == 1 && upper == IntBound::kPosInf);
    }
    [[nodiscard]] Expr normalizeWithScale(int64_t extraScale) const;
    [[nodiscard]] Expr normalize() const { return normalizeWithScale(1); }
};

// Σ args + base. Terms with the same index stay adjacent, ordered by
// decreasing lower factor (the invariant the merge rules rely on).
struct SumForm {
    std::vector<SplitTerm> args;
    int64_t base = 0;
    DataType dtype = DataType::int32();

    [[nodiscard]] bool isZero() const { return base == 0 && args.empty(); }
    [[nodiscard]] bool divisibleBy(int64_t c) const;
    void mulToSelf(int64_t c);
    void divideBy(int64_t c);
    void addConst(int64_t c) { base += c; }
    void addTerm(SplitTerm other, int64_t scale);
    void addSum(const SumForm& other, int64_t scale);
    // Merges, sorts (scale, then lower, then upper factor, all descending)
    // and rebuilds: positive terms, positive base, negative terms, negative base.
    [[nodiscard]] Expr normalize() const;
};

// Deep equality of two expressions; variables compare by identity.
[[nodiscard]] bool exprEqual(const Expr& a, const Expr& b);

} // namespace tirx
