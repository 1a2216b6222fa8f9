// Look-up, "did you mean" and call-tip text over the callable table. The data
// itself lives in callable_table.cpp.

#include "ir/callables.h"

#include "ir/edit_distance.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tirx {

namespace detail {
const std::vector<Callable>& callableTable();
} // namespace detail

namespace {

struct Index {
    std::unordered_map<std::string_view, const Callable*> byName;
    std::unordered_map<std::string_view, const Callable*> byOp;
};

const Index& index()
{
    static const Index idx = [] {
        Index i;
        for (const Callable& c : detail::callableTable()) {
            i.byName.emplace(c.name, &c);
            // Old spellings share their op with the current name; the op always
            // maps to the current name.
            if (!c.op.empty() && c.replacedBy.empty()) i.byOp.emplace(c.op, &c);
        }
        return i;
    }();
    return idx;
}

const Callable* lookupName(std::string_view name)
{
    const auto& m = index().byName;
    const auto it = m.find(name);
    return it == m.end() ? nullptr : it->second;
}

// "nki_memset" -> "nki.memset" (the flat alias some snapshots register).
std::string unflattenNki(std::string_view rest)
{
    std::string s = "nki.";
    s.append(rest.substr(4));
    return s;
}

std::string_view namespacePrefix(std::string_view name)
{
    const std::size_t dot = name.rfind('.');
    return dot == std::string_view::npos ? std::string_view{} : name.substr(0, dot + 1);
}

} // namespace

std::span<const Callable> callables()
{
    const auto& t = detail::callableTable();
    return {t.data(), t.size()};
}

const Callable* findCallable(std::string_view name)
{
    if (const Callable* c = lookupName(name)) return c;
    if (name.starts_with("tirx.")) return findCallableByOp(name);
    std::string_view rest = name;
    if (rest.starts_with("T.")) rest.remove_prefix(2);
    if (rest.starts_with("nki_") && rest.size() > 4) return lookupName("T." + unflattenNki(rest));
    if (name.starts_with("T.")) return nullptr;
    return lookupName("T." + std::string(rest));
}

const Callable* findCallableByOp(std::string_view op)
{
    const auto& m = index().byOp;
    if (const auto it = m.find(op); it != m.end()) return it->second;
    if (op.starts_with("tirx.nki_") && op.size() > 9) {
        const std::string canonical = "tirx." + unflattenNki(op.substr(5));
        if (const auto it = m.find(canonical); it != m.end()) return it->second;
    }
    return nullptr;
}

const Callable* nearestCallable(std::string_view name)
{
    std::string full(name);
    if (full.starts_with("tirx.")) {
        full = "T." + full.substr(5);
    } else if (!full.starts_with("T.")) {
        full = "T." + full;
    }
    if (full.starts_with("T.nki_")) full = "T." + unflattenNki(std::string_view(full).substr(2));
    if (const Callable* exact = lookupName(full)) return exact;

    const auto table = callables();
    const std::string_view prefix = namespacePrefix(full);
    const bool anyInNamespace =
        std::any_of(table.begin(), table.end(), [&](const Callable& c) { return namespacePrefix(c.name) == prefix; });

    const Callable* best = nullptr;
    std::size_t bestDistance = 0;
    for (const Callable& c : table) {
        if (anyInNamespace && namespacePrefix(c.name) != prefix) continue;
        const std::size_t d = editDistance(full, c.name);
        if (best == nullptr || d < bestDistance) {
            best = &c;
            bestDistance = d;
        }
    }
    if (best == nullptr) return nullptr;
    // The typed name is the part after the namespace when the namespace
    // matched, the whole name otherwise.
    const std::size_t typed = anyInNamespace ? full.size() - prefix.size() : full.size();
    return bestDistance <= suggestionLimit(typed) ? best : nullptr;
}

std::string signatureText(const Callable& c)
{
    std::string s(c.name);
    s += '(';
    bool first = true;
    bool starWritten = false;
    for (const CallableParam& p : c.params) {
        if (!first) s += ", ";
        first = false;
        if (p.variadic) {
            s += '*';
            s += p.name;
            starWritten = true;
            continue;
        }
        if (p.keywordOnly && !starWritten) {
            s += "*, ";
            starWritten = true;
        }
        s += p.name;
        if (p.hasDefault()) {
            s += '=';
            s += defaultText(p.defaultValue);
        } else if (p.optional) {
            s += "=<omitted>";
        }
    }
    s += ')';
    return s;
}

std::string_view engineName(Engine engine)
{
    switch (engine) {
    case Engine::None: return "None";
    case Engine::Tensor: return "Tensor";
    case Engine::Vector: return "Vector";
    case Engine::Scalar: return "Scalar";
    case Engine::GpSimd: return "GpSimd";
    case Engine::Dma: return "DMA";
    case Engine::Any: return "Any";
    }
    return "None";
}

} // namespace tirx
