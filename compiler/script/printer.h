#pragma once

#include "ir/function.h"
#include "ir/layout.h"
#include "ir/span.h"

#include <string>
#include <vector>

namespace tirx {

// Canonical TVMScript (chapter 01 §10): deterministic, stable under
// parse(print(m)), user names kept, clashes renamed `_1`, `_2`, ...
[[nodiscard]] std::string printModule(const Module& module);

// A printed module with, for each printed line, the source span of the
// statement (or function) that produced it: what lets a view of any pass's
// output point back at the code the user wrote. Passes keep the spans of the
// nodes they rewrite; a line with no source (the module header, a statement a
// pass made from nothing) has an empty span.
struct PrintedModule {
    std::string text;            // exactly printModule's output
    std::vector<Span> lineSpans; // lineSpans[i] belongs to line i + 1

    // Span of printed line `line` (1-based); empty when out of range or none.
    [[nodiscard]] Span spanOfLine(int line) const;
    // The printed lines (1-based, ascending) whose span covers source line
    // `sourceLine` most tightly: a statement's own lines, not the loop or
    // function around it.
    [[nodiscard]] std::vector<int> linesForSourceLine(uint32_t sourceLine) const;
};
[[nodiscard]] PrintedModule printModuleWithSourceMap(const Module& module);

[[nodiscard]] std::string printFunction(const Function& fn, const std::string& name);
// Single expression / layout, as they appear inside a function (for messages and views).
[[nodiscard]] std::string printExpr(const Expr& e);
[[nodiscard]] std::string printLayout(const TileLayout& layout);

} // namespace tirx
