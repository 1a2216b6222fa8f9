#pragma once

#include "codegen/nki_api.h"
#include "ir/diagnostic.h"
#include "ir/span.h"

#include <string>
#include <vector>

namespace tirx {

// Where one emitted line came from: the IR statement that printed it (its
// span, in the coordinates of the source the module was parsed from) and the
// tile call of the source it was lowered from, when there is one. Imports,
// decorators and other fixed lines have neither.
struct NkiLineOrigin {
    Span statement;
    Span tileCall;
};

// The NKI Python of a module, with a source map: lines[i] belongs to line
// i + 1 of `source`. With errors in `diagnostics` the source is incomplete
// and must not be used.
struct NkiKernel {
    NkiApi api = NkiApi::Legacy;
    std::string source;
    std::vector<NkiLineOrigin> lines;
    std::vector<Diagnostic> diagnostics;

    [[nodiscard]] bool ok() const { return !hasErrors(diagnostics); }
    // The origin of 1-based line `line`; empty spans when out of range.
    [[nodiscard]] NkiLineOrigin originOfLine(int line) const;
    // The 1-based lines printed by statements whose span starts on source
    // line `sourceLine`, or that came from a tile call starting there.
    [[nodiscard]] std::vector<int> linesForSourceLine(uint32_t sourceLine) const;
};

} // namespace tirx
