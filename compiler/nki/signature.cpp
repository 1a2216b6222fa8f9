#include "nki/signature.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace tirx::nki {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A decorator that makes a kernel: its name ends in jit, baremetal,
// benchmark or profile (nki.jit, nki.baremetal, ...).
bool kernelDecorator(std::string_view line)
{
    line = trim(line);
    if (!line.starts_with('@')) return false;
    std::string_view name = line.substr(1);
    if (const auto paren = name.find_first_of("([ "); paren != std::string_view::npos) name = name.substr(0, paren);
    for (std::string_view tail : {"jit", "baremetal", "benchmark", "profile", "trace"}) {
        if (name == tail || name.ends_with(std::string(".") + std::string(tail))) return true;
    }
    return false;
}

// The text between the parentheses of a def starting at `text`, or nullopt
// when they do not close. Strings and comments are skipped.
std::optional<std::string> parameterText(std::string_view text)
{
    const size_t open = text.find('(');
    if (open == std::string_view::npos) return std::nullopt;
    int depth = 0;
    std::string out;
    char quote = 0;
    for (size_t i = open; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            out += c;
            if (c == '\\' && i + 1 < text.size())
                out += text[++i];
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '#') {
            while (i < text.size() && text[i] != '\n') ++i;
            out += ' ';
            continue;
        }
        if (c == '\'' || c == '"') quote = c;
        if (c == '(' || c == '[' || c == '{') {
            if (depth++ == 0) continue;
        } else if (c == ')' || c == ']' || c == '}') {
            if (--depth == 0) return out;
        }
        out += c == '\n' ? ' ' : c;
    }
    return std::nullopt;
}

// Splits at commas outside brackets and strings.
std::vector<std::string> splitTopLevel(std::string_view text)
{
    std::vector<std::string> out;
    std::string part;
    int depth = 0;
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            part += c;
            if (c == '\\' && i + 1 < text.size())
                part += text[++i];
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '\'' || c == '"') quote = c;
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (c == ',' && depth == 0) {
            out.push_back(part);
            part.clear();
            continue;
        }
        part += c;
    }
    if (!trim(part).empty()) out.push_back(part);
    return out;
}

std::optional<KernelParameter> parameter(std::string_view text)
{
    text = trim(text);
    if (text.empty() || text == "*" || text == "/") return std::nullopt;
    KernelParameter p;
    if (text.starts_with("**")) {
        p.variadic = true;
        p.keywords = true;
        text.remove_prefix(2);
    } else if (text.starts_with('*')) {
        p.variadic = true;
        text.remove_prefix(1);
    }
    size_t end = 0;
    while (end < text.size() && isIdentifierChar(text[end])) ++end;
    p.name = std::string(text.substr(0, end));
    if (p.name.empty()) return std::nullopt;
    // `name: annotation = default`: the '=' after the annotation, outside brackets.
    int depth = 0;
    for (size_t i = end; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (c == '=' && depth == 0) {
            p.hasDefault = true;
            p.defaultText = std::string(trim(text.substr(i + 1)));
            break;
        }
    }
    return p;
}

} // namespace

std::vector<KernelSignature> kernelSignatures(std::string_view source)
{
    const auto all = lines(source);
    std::vector<KernelSignature> decorated, plain;
    bool sawDecorator = false;
    size_t offset = 0;
    for (size_t n = 0; n < all.size(); offset += all[n].size() + 1, ++n) {
        const std::string_view line = all[n];
        if (line.starts_with('@')) {
            sawDecorator = sawDecorator || kernelDecorator(line);
            continue;
        }
        const bool isDef = line.starts_with("def ") || line.starts_with("async def ");
        if (!isDef) {
            if (!trim(line).empty() && !trim(line).starts_with('#')) sawDecorator = false;
            continue;
        }
        KernelSignature s;
        s.line = static_cast<int>(n) + 1;
        s.decorated = sawDecorator;
        sawDecorator = false;
        std::string_view rest = line.substr(line.find("def ") + 4);
        size_t end = 0;
        rest = trim(rest);
        while (end < rest.size() && isIdentifierChar(rest[end])) ++end;
        s.name = std::string(rest.substr(0, end));
        const auto params = parameterText(source.substr(offset));
        if (s.name.empty() || !params) continue;
        for (const auto& part : splitTopLevel(*params)) {
            if (auto p = parameter(part)) s.parameters.push_back(std::move(*p));
        }
        (s.decorated ? decorated : plain).push_back(std::move(s));
    }
    return decorated.empty() ? plain : decorated;
}

Launch launchFromSignature(const KernelSignature& signature, const std::vector<int64_t>& shape,
                           const std::string& dtype)
{
    Launch launch;
    launch.entry = signature.name;
    for (const auto& p : signature.parameters) {
        if (p.variadic || p.hasDefault) continue;
        launch.args.push_back({p.name, shape, dtype});
    }
    return launch;
}

Launch launchForSignature(const Launch& current, const KernelSignature& signature, const std::vector<int64_t>& shape,
                          const std::string& dtype)
{
    Launch launch = current;
    launch.entry = signature.name;
    launch.args.clear();
    const bool takesKeywords = std::any_of(signature.parameters.begin(), signature.parameters.end(),
                                           [](const KernelParameter& p) { return p.keywords; });
    for (const auto& p : signature.parameters) {
        if (p.variadic || p.hasDefault) continue;
        const auto kept = std::find_if(current.args.begin(), current.args.end(),
                                       [&](const TensorArg& a) { return a.name == p.name; });
        launch.args.push_back(kept != current.args.end() ? *kept : TensorArg{p.name, shape, dtype});
    }
    if (!takesKeywords) {
        std::erase_if(launch.kwargs, [&](const KeywordArg& k) {
            return std::none_of(signature.parameters.begin(), signature.parameters.end(),
                                [&](const KernelParameter& p) { return !p.variadic && p.name == k.name; });
        });
    }
    return launch;
}

const KernelSignature* entrySignature(const std::vector<KernelSignature>& signatures, const Launch& launch)
{
    for (const auto& s : signatures) {
        if (s.name == launch.entry) return &s;
    }
    return signatures.empty() ? nullptr : &signatures.front();
}

} // namespace tirx::nki
