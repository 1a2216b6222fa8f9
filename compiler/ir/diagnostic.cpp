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

std::string_view sourceLine(std::string_view source, uint32_t line)
{
    size_t begin = 0;
    for (uint32_t l = 1; l < line; ++l) {
        const auto nl = source.find('\n', begin);
        if (nl == std::string_view::npos) return {};
        begin = nl + 1;
    }
    auto end = source.find('\n', begin);
    if (end == std::string_view::npos) end = source.size();
    auto text = source.substr(begin, end - begin);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    return text;
}

} // namespace

std::string formatDiagnostic(const Diagnostic& d, std::string_view file, std::string_view source)
{
    std::string out{file};
    if (d.span.valid()) out += ":" + std::to_string(d.span.line) + ":" + std::to_string(d.span.column);
    out += ": ";
    out += severityName(d.severity);
    out += ": ";
    out += d.message;
    if (!d.pass.empty() && d.pass != "input") out += " [" + d.pass + "]";
    out += '\n';
    if (!d.span.valid() || source.empty()) return out;
    const auto text = sourceLine(source, d.span.line);
    if (text.empty() && d.span.line > 1) return out;
    out += "  ";
    out += text;
    out += "\n  ";
    // Keep tabs so the caret lines up under the same byte in a terminal.
    const size_t col = std::min<size_t>(d.span.column == 0 ? 0 : d.span.column - 1, text.size());
    for (size_t i = 0; i < col; ++i) out += text[i] == '\t' ? '\t' : ' ';
    out += "^";
    if (d.span.endLine == d.span.line && d.span.endColumn > d.span.column + 1) {
        out.append(std::min<size_t>(d.span.endColumn - d.span.column - 1, text.size() - col), '~');
    }
    out += '\n';
    return out;
}

std::string formatDiagnostics(const std::vector<Diagnostic>& ds, std::string_view file, std::string_view source)
{
    std::string out;
    for (const auto& d : ds) out += formatDiagnostic(d, file, source);
    return out;
}

bool hasErrors(const std::vector<Diagnostic>& ds)
{
    return std::any_of(ds.begin(), ds.end(),
                       [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::Error; });
}

} // namespace tirx
