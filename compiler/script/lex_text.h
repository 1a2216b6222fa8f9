#pragma once

// The lexer's rare path: what is wrong with bytes past ASCII. Names and
// texts (comments, string literals) are almost always ASCII, and the
// scanning loops in lexer.cpp test for that inline; only a byte past ASCII,
// or a NUL, comes here.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tirx::lexchars {

struct TextError {
    std::string message;
    size_t begin = 0;
    size_t end = 0;
};

// The name at [begin, end) holds a byte past ASCII: invalid UTF-8 or a
// non-printable character (a zero-width space) makes it no name.
[[nodiscard]] std::optional<TextError> nonAsciiNameError(std::string_view src, size_t begin, size_t end);

// A byte of text Python decodes but the lexer otherwise skips: a NUL byte
// or bytes that are not UTF-8 make the file unreadable to Python, so they
// are errors wherever they are. `length` is what to step over.
struct TextByte {
    size_t length = 1;
    std::optional<TextError> error;
};
[[nodiscard]] TextByte checkTextByte(std::string_view src, size_t p);

} // namespace tirx::lexchars
