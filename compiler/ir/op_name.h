#pragma once

#include <string>
#include <string_view>

namespace tirx {

struct Callable;

// The one copy of an op name ("tirx.nki.tensortensor") that every call and
// region node with that op points at, together with the op's row in the
// callable table. Names are long enough to need a heap block of their own;
// sharing one per op keeps the nodes small, and carrying the row makes "is
// this a tile op, which one" a pointer read instead of a string look-up.
// The entry lives as long as the program.
struct InternedOp {
    std::string name;
    const Callable* callable = nullptr; // null for ops the table does not know
};

[[nodiscard]] const InternedOp& internOp(std::string_view op);

} // namespace tirx
