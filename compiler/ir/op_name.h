#pragma once

#include <string>
#include <string_view>

namespace tirx {

// The one copy of an op name ("tirx.nki.tensortensor") that every call and
// region node with that op points at. Names are long enough to need a heap
// block of their own; sharing one per op keeps the nodes small and lets the
// passes compare and look up ops without reading a separate block per node.
// The returned string lives as long as the program.
[[nodiscard]] const std::string& internOp(std::string_view op);

} // namespace tirx
