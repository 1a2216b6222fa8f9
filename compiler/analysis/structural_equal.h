#pragma once

#include "ir/function.h"

#include <string>

namespace tirx {

// Structural equality up to variable renaming (chapter 01 §13), as the
// reference's assert_structural_equal: variables are matched at their
// definition sites, spans and printing forms are ignored.
struct EqualityResult {
    bool equal = true;
    // Where the first difference is, e.g. "main.body[2].value.args[1].extent"
    // and what it is ("dtype: float32 vs float16").
    std::string path;
    std::string reason;
    Span lhsSpan;
    Span rhsSpan;
};

[[nodiscard]] EqualityResult structuralEqual(const Module& lhs, const Module& rhs);
[[nodiscard]] EqualityResult structuralEqual(const Function& lhs, const Function& rhs);

} // namespace tirx
