#include "diff/intra_line.h"

#include <dtl/dtl.hpp>

namespace tirx {

namespace {

bool isWordByte(unsigned char c)
{
    // Bytes >= 0x80 belong to UTF-8 sequences: keeping them in words never
    // splits a character.
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

void append(std::vector<TextRange>& ranges, size_t begin, size_t length)
{
    if (!ranges.empty() && ranges.back().begin + ranges.back().length == begin) {
        ranges.back().length += length;
        return;
    }
    ranges.push_back({begin, length});
}

size_t offsetIn(std::string_view line, std::string_view token)
{
    return static_cast<size_t>(token.data() - line.data());
}

} // namespace

std::vector<std::string_view> diffTokens(std::string_view line)
{
    std::vector<std::string_view> tokens;
    size_t i = 0;
    while (i < line.size()) {
        const auto c = static_cast<unsigned char>(line[i]);
        size_t j = i + 1;
        if (isWordByte(c)) {
            while (j < line.size() && isWordByte(static_cast<unsigned char>(line[j]))) ++j;
        } else if (c == ' ' || c == '\t') {
            while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
        }
        tokens.push_back(line.substr(i, j - i));
        i = j;
    }
    return tokens;
}

IntraLineDiff intraLineDiff(std::string_view oldLine, std::string_view newLine)
{
    const std::vector<std::string_view> a = diffTokens(oldLine);
    const std::vector<std::string_view> b = diffTokens(newLine);
    dtl::Diff<std::string_view, std::vector<std::string_view>> diff(a, b);
    diff.compose();
    IntraLineDiff out;
    for (const auto& step : diff.getSes().getSequence()) {
        const auto& info = step.second;
        switch (info.type) {
        case dtl::SES_COMMON: break;
        case dtl::SES_DELETE: {
            const std::string_view t = a[static_cast<size_t>(info.beforeIdx - 1)];
            append(out.removed, offsetIn(oldLine, t), t.size());
            break;
        }
        case dtl::SES_ADD: {
            const std::string_view t = b[static_cast<size_t>(info.afterIdx - 1)];
            append(out.added, offsetIn(newLine, t), t.size());
            break;
        }
        }
    }
    return out;
}

} // namespace tirx
