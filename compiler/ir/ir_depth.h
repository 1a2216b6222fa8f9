#pragma once

// Walks that recurse over IR trees (the visitor and mutator bases,
// structural equality, integer bounds) take one stack frame or two per
// level. The parser bounds the trees it builds far below the stack's reach,
// but a pass that substitutes bindings or a tool that builds IR directly
// can nest deeper. Past kMaxIrDepth levels a walk stops: the visitors and
// mutators throw IrTooDeep, which the pipeline reports as an error at the
// node's source location; equality and bounds answer without looking further
// (not equal; the type's whole range).

#include "ir/span.h"

#include <stdexcept>
#include <string>

namespace tirx {

// A visitor or mutator takes a few hundred bytes of stack per level in a
// Debug build: 10,000 levels stay well inside a thread's 8 MB.
inline constexpr int kMaxIrDepth = 10000;
// The weight of one level of structural equality (see IrDepth).
inline constexpr int kEqualityLevelWeight = 5;

class IrTooDeep : public std::runtime_error {
public:
    explicit IrTooDeep(Span where)
        : std::runtime_error("the IR is nested more than " + std::to_string(kMaxIrDepth) +
                             " levels deep here; split the expression or the loop nest"),
          span(where)
    {
    }
    Span span;
};

// One level of a walk on this thread, weighted by the stack the walk takes
// per level relative to the visitor's: structural equality, which builds
// paths and messages as it goes, takes about five times as much (about 2 KB
// a level in a Debug build) and so stops after kMaxIrDepth / 5 levels, still
// past the parser's 1,000 operators in one expression. full() says the walk
// is at the bound.
class IrDepth {
public:
    explicit IrDepth(int weight = 1) noexcept : m_weight(weight) { t_depth += weight; }
    ~IrDepth() { t_depth -= m_weight; }
    IrDepth(const IrDepth&) = delete;
    IrDepth& operator=(const IrDepth&) = delete;

    [[nodiscard]] static bool full() noexcept { return t_depth > kMaxIrDepth; }
    // Throws IrTooDeep at `where` when the walk is past the bound.
    static void check(Span where)
    {
        if (full()) throw IrTooDeep(where);
    }

private:
    int m_weight;
    static inline thread_local int t_depth = 0;
};

} // namespace tirx
