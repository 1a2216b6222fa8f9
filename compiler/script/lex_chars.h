#pragma once

// The lexer's character classes and fixed tables: which names are Python
// keywords, which bytes start or continue a name, whether a name is
// well-formed UTF-8, and how long the operator at a position is. Kept as
// inline functions in a header so that the scanning loops in lexer.cpp
// still compile to the table loads they were written as.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tirx::lexchars {

inline bool spelled(std::string_view s, std::string_view word)
{
    if (s.size() != word.size()) return false;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != word[i]) return false;
    }
    return true;
}

// The Python keywords TVMScript can contain, found by their first character
// so that a name costs at most a few character compares.
inline bool isKeyword(std::string_view s)
{
    if (s.size() < 2 || s.size() > 8) return false;
    switch (s[0]) {
    case 'a': return spelled(s, "and") || spelled(s, "as") || spelled(s, "assert");
    case 'b': return spelled(s, "break");
    case 'c': return spelled(s, "class") || spelled(s, "continue");
    case 'd': return spelled(s, "def");
    case 'e': return spelled(s, "elif") || spelled(s, "else");
    case 'f': return spelled(s, "for") || spelled(s, "from");
    case 'i': return spelled(s, "in") || spelled(s, "if") || spelled(s, "import");
    case 'l': return spelled(s, "lambda");
    case 'n': return spelled(s, "not");
    case 'o': return spelled(s, "or");
    case 'p': return spelled(s, "pass");
    case 'r': return spelled(s, "return");
    case 'w': return spelled(s, "while") || spelled(s, "with");
    case 'F': return spelled(s, "False");
    case 'N': return spelled(s, "None");
    case 'T': return spelled(s, "True");
    default: return false;
    }
}

// Bytes of multi-byte UTF-8 characters count as name characters: Python
// accepts non-ASCII names, and its Unicode letter classes are not repeated
// here (a stray symbol becomes an unknown name, still one located error).
// Names that are not valid UTF-8 are refused where they are scanned.
constexpr bool isIdentStart(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

// One character of UTF-8 text: its code point and byte length; length 0
// when the bytes at that position are not well-formed UTF-8 (no overlong
// forms, surrogates or code points past U+10FFFF).
struct Utf8Char {
    uint32_t codePoint = 0;
    size_t length = 0;
};

inline Utf8Char utf8At(std::string_view s, size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return {c, 1};
    size_t n = 0;
    uint32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 1;
        cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 2;
        cp = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 3;
        cp = c & 0x07u;
    } else {
        return {};
    }
    for (size_t k = 1; k <= n; ++k) {
        if (i + k >= s.size()) return {};
        const auto d = static_cast<unsigned char>(s[i + k]);
        if ((d & 0xC0) != 0x80) return {};
        cp = (cp << 6) | (d & 0x3Fu);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return {};
    return {cp, n + 1};
}

inline bool validUtf8(std::string_view s)
{
    for (size_t i = 0; i < s.size();) {
        const Utf8Char ch = utf8At(s, i);
        if (ch.length == 0) return false;
        i += ch.length;
    }
    return true;
}

// Characters Python refuses in a name as an "invalid non-printable
// character": the invisible format characters and the space separators
// past ASCII (a zero-width space pasted after a name looks like nothing).
constexpr bool nonPrintable(uint32_t cp)
{
    return cp == 0x00A0 || cp == 0x00AD || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200F) ||
           (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x2064) || cp == 0x3000 || cp == 0xFEFF;
}

// Names are most of the source: one table load per character.
inline constexpr std::array<bool, 256> kIdentChars = [] {
    std::array<bool, 256> table{};
    for (unsigned c = 0; c < 256; ++c) table[c] = isIdentStart(static_cast<unsigned char>(c)) || (c >= '0' && c <= '9');
    return table;
}();

inline bool isIdentChar(unsigned char c) { return kIdentChars[c]; }

// Every token's first character is tested here: a table load, not a chain of
// range tests.
inline constexpr std::array<bool, 256> kIdentStarts = [] {
    std::array<bool, 256> table{};
    for (unsigned c = 0; c < 256; ++c) table[c] = isIdentStart(static_cast<unsigned char>(c));
    return table;
}();

// The same without the bytes of multi-byte characters: the loop that scans
// ASCII names, nearly all of them, stops where a name needs the UTF-8 check.
inline constexpr std::array<bool, 256> kAsciiIdentChars = [] {
    std::array<bool, 256> table = kIdentChars;
    for (unsigned c = 0x80; c < 256; ++c) table[c] = false;
    return table;
}();
inline bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }
inline bool isHex(unsigned char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Length of the operator starting at `p`, or 0 when no operator starts
// there. Dispatching on the first character keeps the longest-match rule
// (`**=` before `**` before `*`) without comparing against an operator table.
inline size_t operatorLength(std::string_view s, size_t p)
{
    const char c = s[p];
    // Read only where an operator may go on: most are one character.
    const auto next = [&](size_t k) { return p + k < s.size() ? s[p + k] : '\0'; };
    switch (c) {
    case '*':
    case '/':
    case '<':
    case '>': // ** **= // //= << <<= >> >>= and the X= forms
        if (next(1) == c) return next(2) == '=' ? 3 : 2;
        return next(1) == '=' ? 2 : 1;
    case '-': return next(1) == '>' || next(1) == '=' ? 2 : 1;
    case '.': return next(1) == '.' && next(2) == '.' ? 3 : 1;
    case '!': return next(1) == '=' ? 2 : 0;
    case '+':
    case '%':
    case '@':
    case '&':
    case '|':
    case '^':
    case '=':
    case ':': return next(1) == '=' ? 2 : 1;
    case ',':
    case '(':
    case ')':
    case '[':
    case ']':
    case '{':
    case '}':
    case '~':
    case ';': return 1;
    default: return 0;
    }
}

} // namespace tirx::lexchars
