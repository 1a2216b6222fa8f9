#include "ir/diagnostic.h"

#include <algorithm>

namespace tirx {

std::string_view severityName(Diagnostic::Severity severity)
{
    switch (severity) {
    case Diagnostic::Severity::Error: return "error";
    case Diagnostic::Severity::Warning: return "warning";
    case Diagnostic::Severity::Note: return "note";
    }
    return "error";
}

namespace {

// Lines end at \n, \r\n or a lone \r, as Python reads them. A line wider
// than kExcerptWidth is quoted around the column only, so a megabyte-long
// line is not repeated under each of its diagnostics. formatDiagnostics
// indexes the lines once: its cost is linear in the source and the output.
constexpr size_t kExcerptWidth = 160;
constexpr size_t kExcerptLead = 60;

// Where each line of a source starts; lines end at \n, \r\n or a lone \r.
class LineIndex {
public:
    explicit LineIndex(std::string_view source) : m_source(source)
    {
        m_starts.push_back(0);
        for (size_t i = 0; i < source.size(); ++i) {
            if (source[i] == '\r' && i + 1 < source.size() && source[i + 1] == '\n') ++i;
            if (source[i] == '\n' || source[i] == '\r') m_starts.push_back(i + 1);
        }
    }

    // Line `line` (1-based) without its end; empty past the last line.
    [[nodiscard]] std::string_view line(uint32_t line) const
    {
        if (line == 0 || line > m_starts.size()) return {};
        const size_t begin = m_starts[line - 1];
        size_t end = line < m_starts.size() ? m_starts[line] : m_source.size();
        while (end > begin && (m_source[end - 1] == '\n' || m_source[end - 1] == '\r')) --end;
        return m_source.substr(begin, end - begin);
    }

private:
    std::string_view m_source;
    std::vector<size_t> m_starts;
};

std::string format(const Diagnostic& d, std::string_view file, const LineIndex* lines)
{
    std::string out{file};
    if (d.span.valid()) out += ":" + std::to_string(d.span.line) + ":" + std::to_string(d.span.column);
    out += ": ";
    out += severityName(d.severity);
    out += ": ";
    out += d.message;
    if (!d.pass.empty() && d.pass != "input") out += " [" + d.pass + "]";
    out += '\n';
    if (!d.span.valid() || !lines) return out;
    std::string_view text = lines->line(d.span.line);
    if (text.empty() && d.span.line > 1) return out;
    size_t col = std::min<size_t>(d.span.column == 0 ? 0 : d.span.column - 1, text.size());
    // A long line is quoted around the column, marked with "..." where cut.
    const bool cutFront = text.size() > kExcerptWidth && col > kExcerptLead;
    if (cutFront) {
        text.remove_prefix(col - kExcerptLead);
        col = kExcerptLead;
    }
    const bool cutBack = text.size() > kExcerptWidth;
    if (cutBack) text = text.substr(0, kExcerptWidth);
    out += "  ";
    if (cutFront) out += "...";
    out += text;
    if (cutBack) out += "...";
    out += "\n  ";
    if (cutFront) out += "   ";
    // Keep tabs so the caret lines up under the same byte in a terminal.
    for (size_t i = 0; i < col; ++i) out += text[i] == '\t' ? '\t' : ' ';
    out += "^";
    if (d.span.endLine == d.span.line && d.span.endColumn > d.span.column + 1) {
        out.append(std::min<size_t>(d.span.endColumn - d.span.column - 1, text.size() - col), '~');
    }
    out += '\n';
    return out;
}

} // namespace

std::string formatDiagnostic(const Diagnostic& d, std::string_view file, std::string_view source)
{
    if (source.empty()) return format(d, file, nullptr);
    const LineIndex lines(source);
    return format(d, file, &lines);
}

std::string formatDiagnostics(const std::vector<Diagnostic>& ds, std::string_view file, std::string_view source)
{
    std::string out;
    if (ds.empty()) return out;
    if (source.empty()) {
        for (const auto& d : ds) out += format(d, file, nullptr);
        return out;
    }
    const LineIndex lines(source);
    for (const auto& d : ds) out += format(d, file, &lines);
    return out;
}

bool hasErrors(const std::vector<Diagnostic>& ds)
{
    return std::any_of(ds.begin(), ds.end(),
                       [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::Error; });
}

} // namespace tirx
