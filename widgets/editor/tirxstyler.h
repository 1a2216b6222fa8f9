#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

// One highlighted range of TIRx source: UTF-8 byte offsets and a
// TirxLexer::Style. Kept apart from the QScintilla lexer so the mapping from
// tokens to styles can be read and tested on its own.
struct StyledRun {
    uint32_t begin = 0;
    uint32_t end = 0;
    int style = 0;
};

// Tokenizes `source` with the compiler's lexer (comments kept) and maps the
// tokens to styles, in source order. Bytes between runs are Default.
[[nodiscard]] std::vector<StyledRun> styleRuns(std::string_view source);
