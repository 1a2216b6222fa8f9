#pragma once

#include "ir/diagnostic.h"
#include "script/token.h"

#include <string_view>
#include <vector>

namespace tirx {

struct LexOptions {
    // Keep comment tokens (the editor highlights them; the parser skips them).
    bool keepComments = false;
    // Produce Newline/Indent/Dedent tokens (the parser needs them; the editor's
    // highlighter does not).
    bool layoutTokens = true;
};

struct LexResult {
    std::vector<Token> tokens; // always ends with EndOfFile
    std::vector<Diagnostic> diagnostics;
};

// Python-style tokenizer for TVMScript: implicit line joining inside brackets,
// backslash continuation, INDENT/DEDENT from leading spaces, '#' comments,
// single/double/triple-quoted strings, all Python numeric literal forms.
// Never throws; unreadable input becomes Error tokens plus diagnostics.
// Token texts are views into `source`, which must outlive the result.
[[nodiscard]] LexResult tokenize(std::string_view source, LexOptions options = {});

} // namespace tirx
