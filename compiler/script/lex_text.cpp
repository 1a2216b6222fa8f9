#include "script/lex_text.h"

#include "script/lex_chars.h"

#include <cstdint>
#include <cstdio>

namespace tirx::lexchars {

namespace {

// "U+200B".
std::string codePointName(uint32_t cp)
{
    char text[16];
    std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(cp));
    return text;
}

std::string hexByte(unsigned char c)
{
    char text[4];
    std::snprintf(text, sizeof text, "%02X", static_cast<unsigned>(c));
    return text;
}

} // namespace

std::optional<TextError> nonAsciiNameError(std::string_view src, size_t begin, size_t end)
{
    for (size_t i = begin; i < end;) {
        const Utf8Char ch = utf8At(src, i);
        if (ch.length == 0) return TextError{"invalid UTF-8 in a name", begin, end};
        if (nonPrintable(ch.codePoint))
            return TextError{"invalid non-printable character " + codePointName(ch.codePoint) + " in a name", i,
                             i + ch.length};
        i += ch.length;
    }
    return std::nullopt;
}

TextByte checkTextByte(std::string_view src, size_t p)
{
    const auto c = static_cast<unsigned char>(src[p]);
    if (c == 0) return {1, TextError{"a NUL byte; source text cannot contain NUL bytes", p, p + 1}};
    if (c < 0x80) return {1, std::nullopt};
    const Utf8Char ch = utf8At(src, p);
    if (ch.length != 0) return {ch.length, std::nullopt};
    return {1, TextError{"invalid UTF-8 (byte 0x" + hexByte(c) + "); source text must be UTF-8", p, p + 1}};
}

} // namespace tirx::lexchars
