#include "golden_file.h"

#include "diff/line_diff.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace {

std::string readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool writeText(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    return static_cast<bool>(out);
}

} // namespace

std::string readGoldenText(const std::filesystem::path& path) { return readText(path); }

bool rebasingGoldens()
{
    const char* value = std::getenv("TIRX_REBASE_GOLDEN");
    return value && std::string_view(value) == "1";
}

std::string goldenDiff(std::string_view expected, std::string_view actual)
{
    return tirx::unifiedDiff(expected, actual, "expected", "actual");
}

bool rewriteAfterMarker(const std::filesystem::path& path, std::string_view marker, std::string_view text)
{
    std::string file = readText(path);
    const std::string line = std::string(marker) + "\n";
    const auto at = file.find(line);
    if (at == std::string::npos) return false;
    file.resize(at + line.size());
    file += text;
    return writeText(path, file);
}

bool rewriteSection(const std::filesystem::path& path, std::string_view marker, std::string_view nextPrefix,
                    std::string_view text)
{
    std::string file = readText(path);
    const std::string line = std::string(marker) + "\n";
    auto at = file.find(line);
    while (at != std::string::npos && at > 0 && file[at - 1] != '\n') at = file.find(line, at + 1);
    if (at == std::string::npos) return false;
    const size_t begin = at + line.size();
    size_t end = begin;
    while (end < file.size() && file.compare(end, nextPrefix.size(), nextPrefix) != 0) {
        const size_t newline = file.find('\n', end);
        end = newline == std::string::npos ? file.size() : newline + 1;
    }
    file.replace(begin, end - begin, text);
    return writeText(path, file);
}

bool rewriteFile(const std::filesystem::path& path, std::string_view text)
{
    return writeText(path, std::string(text));
}

bool rewriteLine(const std::filesystem::path& path, std::string_view oldLine, std::string_view newLine)
{
    std::string file = readText(path);
    const std::string old = std::string(oldLine) + "\n";
    const auto at = file.find(old);
    if (at == std::string::npos || (at > 0 && file[at - 1] != '\n')) return false;
    file.replace(at, old.size(), std::string(newLine) + "\n");
    return writeText(path, file);
}
