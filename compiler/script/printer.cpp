// Canonical TVMScript printer: module and function frame, name table, and the
// public entry points. Expressions are in print_expr.cpp, statements in
// print_stmt.cpp.

#include "script/printer.h"

#include "script/print_impl.h"

#include "analysis/type_params.h"

#include <algorithm>
#include <cstdint>

namespace tirx {

namespace print_detail {

namespace {

bool isIdentChar(char c, bool first)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!first && c >= '0' && c <= '9');
}

// A hint turned into a Python identifier: names come from users and passes,
// and the output must parse again.
std::string sanitize(const std::string& hint)
{
    if (hint.empty()) return "v";
    std::string out = hint;
    for (size_t i = 0; i < out.size(); ++i) {
        if (!isIdentChar(out[i], false)) out[i] = '_';
    }
    if (out[0] >= '0' && out[0] <= '9') out.insert(out.begin(), '_');
    return out;
}

} // namespace

NameTable::NameTable() { m_scopes.emplace_back(); }

void NameTable::reserveNames()
{
    // Names the printed text itself uses: the script namespace, Python
    // keywords and the builtins a printed body refers to.
    for (const char* reserved :
         {"T",     "range",    "None",    "True",   "False",  "and",   "or",   "not",    "in",       "is",
          "if",    "else",     "elif",    "for",    "while",  "with",  "def",  "class",  "return",   "pass",
          "break", "continue", "assert",  "lambda", "import", "from",  "as",   "global", "nonlocal", "del",
          "try",   "except",   "finally", "raise",  "yield",  "await", "async"}) {
        m_live[reserved] = 1;
    }
}

void NameTable::pushScope() { m_scopes.emplace_back(); }

void NameTable::popScope()
{
    for (const VarNode* v : m_scopes.back()) {
        auto it = m_names.find(v);
        if (it == m_names.end()) continue;
        if (--m_live[it->second] == 0) m_live.erase(it->second);
        m_names.erase(it);
    }
    m_scopes.pop_back();
}

const std::string& NameTable::define(const VarNode* v)
{
    auto existing = m_names.find(v);
    if (existing != m_names.end()) return existing->second; // defined twice: keep the first name
    if (m_live.empty()) reserveNames();
    const std::string base = sanitize(v->name());
    std::string name = base;
    for (int k = 1; m_live.count(name); ++k) name = base + "_" + std::to_string(k);
    ++m_live[name];
    m_scopes.back().push_back(v);
    return m_names.emplace(v, std::move(name)).first->second;
}

std::string_view NameTable::nameOf(const VarNode* v) const
{
    auto it = m_names.find(v);
    return it != m_names.end() ? std::string_view{it->second} : std::string_view{v->name()};
}

void Printer::enterSpan(const Span& span)
{
    if (!m_mapping) return;
    m_open.push_back(span);
    m_marks.emplace_back(m_out.size(), span);
}

void Printer::leaveSpan()
{
    if (!m_mapping) return;
    m_open.pop_back();
    m_marks.emplace_back(m_out.size(), m_open.empty() ? Span{} : m_open.back());
}

std::vector<Span> Printer::lineSpans(std::string_view text) const
{
    std::vector<Span> spans;
    auto mark = m_marks.begin();
    Span current;
    size_t begin = 0;
    while (begin < text.size()) {
        // Marks at the same offset: the last one holds (an end, then the next start).
        while (mark != m_marks.end() && mark->first <= begin) current = (mark++)->second;
        spans.push_back(current);
        const size_t nl = text.find('\n', begin);
        begin = nl == std::string_view::npos ? text.size() : nl + 1;
    }
    return spans;
}

void Printer::function(const Function& fn, const std::string& name, int indent)
{
    const SpanScope scope(*this, fn.span());
    names.pushScope();
    for (const auto& p : fn.params()) names.define(p.get());
    const std::vector<Var> typeVars = typeParams(fn);
    for (const auto& v : typeVars) names.define(v.get());

    line(indent);
    m_out += fn.isPrivate() ? "@T.function(private=True)\n" : "@T.function\n";
    line(indent);
    m_out += "def ";
    m_out += name;
    if (!typeVars.empty()) {
        m_out += '[';
        for (size_t i = 0; i < typeVars.size(); ++i) {
            if (i) m_out += ", ";
            m_out += names.nameOf(typeVars[i].get());
        }
        m_out += ']';
    }
    m_out += '(';
    for (size_t i = 0; i < fn.params().size(); ++i) {
        const VarNode& p = *fn.params()[i];
        if (i) m_out += ", ";
        m_out += names.nameOf(&p);
        m_out += ": ";
        switch (p.type().kind) {
        case VarType::Kind::Scalar:
            m_out += "T.";
            m_out += p.dtype().str();
            break;
        case VarType::Kind::Handle: m_out += "T.handle"; break;
        case VarType::Kind::Tensor: tensorType(*p.tensorType()); break;
        }
    }
    m_out += "):\n";

    Attrs attrs = fn.attrs();
    if (const auto* sym = as<StringImmNode>(attrs.get("global_symbol")); sym && sym->value() == name) {
        attrs = attrs.without("global_symbol");
    }
    const bool hasBody = fn.body() && !stmtList(fn.body()).empty();
    if (!attrs.empty()) {
        line(indent + 1);
        m_out += "T.func_attr(";
        attrDict(attrs);
        m_out += ")\n";
    }
    if (hasBody || attrs.empty()) stmtBlock(fn.body(), indent + 1);
    names.popScope();
}

void Printer::module(const Module& m)
{
    m_out += "# from tvm_tirx.script import tirx as T\n\n@T.ir_module\nclass Module:\n";
    if (m.functions().empty()) {
        m_out += "    pass\n";
        return;
    }
    bool first = true;
    for (const auto& [name, fn] : m.functions()) {
        if (!first) m_out += '\n';
        first = false;
        function(*fn, name, 1);
    }
}

} // namespace print_detail

std::string printModule(const Module& module)
{
    print_detail::Printer p;
    p.reserve(1 << 16);
    p.module(module);
    return p.take();
}

PrintedModule printModuleWithSourceMap(const Module& module)
{
    print_detail::Printer p;
    p.reserve(1 << 16);
    p.enableSourceMap();
    p.module(module);
    PrintedModule out;
    out.text = p.take();
    out.lineSpans = p.lineSpans(out.text);
    return out;
}

Span PrintedModule::spanOfLine(int line) const
{
    if (line < 1 || static_cast<size_t>(line) > lineSpans.size()) return {};
    return lineSpans[static_cast<size_t>(line) - 1];
}

std::vector<int> PrintedModule::linesForSourceLine(uint32_t sourceLine) const
{
    std::vector<int> lines;
    uint32_t tightest = UINT32_MAX;
    for (size_t i = 0; i < lineSpans.size(); ++i) {
        const Span& s = lineSpans[i];
        if (!s.valid() || sourceLine < s.line || sourceLine > std::max(s.line, s.endLine)) continue;
        const uint32_t height = std::max(s.line, s.endLine) - s.line;
        if (height < tightest) {
            tightest = height;
            lines.clear();
        }
        if (height == tightest) lines.push_back(static_cast<int>(i + 1));
    }
    return lines;
}

std::string printFunction(const Function& fn, const std::string& name)
{
    print_detail::Printer p;
    p.reserve(1 << 16);
    std::string out = "# from tvm_tirx.script import tirx as T\n\n";
    p.function(fn, name, 0);
    return out + p.take();
}

std::string printExpr(const Expr& e)
{
    print_detail::Printer p;
    p.expr(e);
    return p.take();
}

std::string printLayout(const TileLayout& layout)
{
    print_detail::Printer p;
    p.layout(layout);
    return p.take();
}

} // namespace tirx
