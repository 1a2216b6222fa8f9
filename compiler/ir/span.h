#pragma once

#include <cstdint>

namespace tirx {

// A source range. Lines and columns are 1-based; a column counts bytes of the
// UTF-8 line (the editor works in byte offsets). A default Span (line 0) means
// "no source", e.g. for nodes a pass created from nothing.
struct Span {
    uint32_t line = 0;
    uint32_t column = 0;
    uint32_t endLine = 0;
    uint32_t endColumn = 0;

    [[nodiscard]] bool valid() const { return line != 0; }
    [[nodiscard]] static Span merge(const Span& a, const Span& b)
    {
        if (!a.valid()) return b;
        if (!b.valid()) return a;
        return Span{a.line, a.column, b.endLine, b.endColumn};
    }
};

} // namespace tirx
