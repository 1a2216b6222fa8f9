#pragma once

// Walks that recurse over IR trees (the visitor and mutator bases,
// structural equality, integer bounds) take one stack frame or two per
// level. The parser bounds the trees it builds far below the stack's reach,
// but a pass that substitutes bindings or a tool that builds IR directly
// can nest deeper. A walk stops past kMaxIrDepth levels, or sooner when the
// thread's stack is nearly used up: the visitors and mutators throw
// IrTooDeep, which the pipeline reports as an error at the node's source
// location; equality and bounds answer without looking further (not equal;
// the type's whole range).
//
// The stack is measured, not only the levels counted, because a level's
// frames differ by build: a few hundred bytes in Release, about 2 KB for
// structural equality in Debug, and several times that under
// AddressSanitizer, where 10,000 levels need more than a thread's 8 MB.

#include "ir/span.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace tirx {

// The most levels any walk takes, whatever its stack.
inline constexpr int kMaxIrDepth = 10000;

class IrTooDeep : public std::runtime_error {
public:
    // `stack`: the walk stopped because the thread's stack was nearly used
    // up, before kMaxIrDepth levels.
    explicit IrTooDeep(Span where, bool stack = false)
        : std::runtime_error(stack ? std::string{"the IR is nested too many levels deep here for the thread's stack; "
                                                 "split the expression or the loop nest"}
                                   : "the IR is nested more than " + std::to_string(kMaxIrDepth) +
                                         " levels deep here; split the expression or the loop nest"),
          span(where)
    {
    }
    Span span;
};

// One level of a walk on this thread. full() says the walk is at the
// bound: past kMaxIrDepth levels, or its frame within a reserve of the
// thread's stack bottom (kept for the frames that report the stop).
class IrDepth {
public:
    IrDepth() noexcept { ++t_depth; }
    ~IrDepth() { --t_depth; }
    IrDepth(const IrDepth&) = delete;
    IrDepth& operator=(const IrDepth&) = delete;

    [[nodiscard]] static bool full() noexcept { return t_depth > kMaxIrDepth || stackLow(); }
    // Throws IrTooDeep at `where` when the walk is past the bound.
    static void check(Span where)
    {
        if (t_depth > kMaxIrDepth) throw IrTooDeep(where);
        if (stackLow()) throw IrTooDeep(where, true);
    }

private:
    // Inlined into the walk, so the frame address is the walk's own.
    [[gnu::always_inline]] static bool stackLow() noexcept
    {
        const uintptr_t limit = t_limit ? t_limit : findLimit();
        return reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) < limit;
    }
    // The lowest frame address a walk on this thread may reach, found once
    // per thread; 1 when the stack's extent is not known (levels are then
    // only counted).
    static uintptr_t findLimit() noexcept;

    static inline thread_local int t_depth = 0;
    static inline thread_local uintptr_t t_limit = 0;
};

} // namespace tirx
