#include "nki/detect.h"

namespace tirx::nki {

namespace {

bool startsWord(std::string_view text, std::string_view word)
{
    if (!text.starts_with(word)) return false;
    if (text.size() == word.size()) return true;
    const char next = text[word.size()];
    return next == '.' || next == ' ' || next == '\t' || next == ',' || next == '\r';
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    return s;
}

} // namespace

bool looksLikeNkiKernel(std::string_view source)
{
    size_t start = 0;
    while (start < source.size()) {
        size_t end = source.find('\n', start);
        if (end == std::string_view::npos) end = source.size();
        std::string_view line = trimmed(source.substr(start, end - start));
        start = end + 1;
        std::string_view module;
        if (line.starts_with("import "))
            module = trimmed(line.substr(7));
        else if (line.starts_with("from "))
            module = trimmed(line.substr(5));
        else
            continue;
        if (startsWord(module, "nki") || startsWord(module, "neuronxcc.nki")) return true;
        // from neuronxcc import nki
        if (startsWord(module, "neuronxcc") && module.find(" import ") != std::string_view::npos &&
            module.find("nki") != std::string_view::npos)
            return true;
    }
    return false;
}

} // namespace tirx::nki
