#pragma once

#include "ir/span.h"

#include <cstdint>
#include <string_view>

namespace tirx {

enum class TokenKind : uint8_t {
    Name,
    Keyword, // Python keywords: def class for in if elif else while with return pass break continue and or not
             // None True False import from as assert lambda
    Int,
    Float,
    String,
    Operator, // + - * / // % @ ** < <= > >= == != = : , . ( ) [ ] { } -> += ...
    Comment,
    Newline,
    Indent,
    Dedent,
    EndOfFile,
    Error, // a character or construct the lexer could not read; text holds it
};

// One token. `begin`/`end` are UTF-8 byte offsets into the source (the editor's
// positions); `span` has the 1-based line and byte column.
struct Token {
    TokenKind kind = TokenKind::EndOfFile;
    std::string_view text;
    uint32_t begin = 0;
    uint32_t end = 0;
    Span span;
};

} // namespace tirx
