#include "transform/access_pattern_cache.h"

#include "ir/functor.h"
#include "ir/layout.h"
#include "ir/make.h"

namespace tirx {

namespace {

// Keys are compared, never read: numbers go in as raw bytes.
void appendInt(std::string& out, int64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }

void appendType(std::string& out, DataType t)
{
    const char bytes[] = {static_cast<char>(t.code()), static_cast<char>(t.bits()), static_cast<char>(t.lanes())};
    out.append(bytes, sizeof bytes);
}

// Writes an expression's structure; variables become their position in
// `vars` plus what the simplifier reads of them.
class KeyWriter {
public:
    KeyWriter(std::string& out, std::vector<Var>& vars, const VarRanges& ranges, const VarBindings& bindings)
        : m_out(out), m_vars(vars), m_ranges(ranges), m_bindings(bindings)
    {
    }

    bool write(const Expr& e)
    {
        appendType(m_out, e->dtype());
        switch (e->kind()) {
        case ExprKind::IntImm:
            m_out += '#';
            appendInt(m_out, static_cast<const IntImmNode&>(*e).value());
            return true;
        case ExprKind::Var: return writeVar(e);
        case ExprKind::Binary: {
            const auto& b = static_cast<const BinaryNode&>(*e);
            const char head[] = {'(', static_cast<char>('a' + static_cast<int>(b.op()))};
            m_out.append(head, sizeof head);
            const bool ok = write(b.a()) && write(b.b());
            m_out += ')';
            return ok;
        }
        case ExprKind::Not: {
            m_out += "(!";
            const bool ok = write(static_cast<const NotNode&>(*e).a());
            m_out += ')';
            return ok;
        }
        case ExprKind::Cast: {
            m_out += "(c";
            const bool ok = write(static_cast<const CastNode&>(*e).value());
            m_out += ')';
            return ok;
        }
        default: return false;
        }
    }

private:
    std::string& m_out;
    std::vector<Var>& m_vars;
    const VarRanges& m_ranges;
    const VarBindings& m_bindings;

    bool writeVar(const Expr& e)
    {
        const auto& v = static_cast<const VarNode&>(*e);
        if (v.isTensor() || (!m_bindings.empty() && m_bindings.count(&v))) return false;
        size_t index = 0;
        while (index < m_vars.size() && m_vars[index].get() != &v) ++index;
        if (index > 255) return false;
        const char head[] = {'$', static_cast<char>(index)};
        m_out.append(head, sizeof head);
        if (index < m_vars.size()) return true; // described at its first occurrence
        m_vars.push_back(std::static_pointer_cast<const VarNode>(e));
        m_out += ':';
        m_out.append(v.name().c_str(), v.name().size() + 1); // with its terminating '\0'
        if (auto it = m_ranges.find(&v); it != m_ranges.end()) {
            m_out += '[';
            appendInt(m_out, it->second.min);
            appendInt(m_out, it->second.extent);
        }
        return true;
    }
};

class Substitution final : public IrMutator {
public:
    Substitution(const std::vector<Var>& from, const std::vector<Var>& to) : m_from(from), m_to(to) {}

protected:
    Expr mutateVar(const Var& v) override
    {
        for (size_t i = 0; i < m_from.size(); ++i) {
            if (m_from[i] == v) return m_to[i];
        }
        return v;
    }

private:
    const std::vector<Var>& m_from;
    const std::vector<Var>& m_to;
};

} // namespace

bool AccessPatternCache::key(const std::string& tensorKey, const std::vector<Expr>& indices, const VarRanges& ranges,
                             const VarBindings& bindings, Key& out)
{
    if (tensorKey.empty()) return false;
    out.text.assign(tensorKey);
    out.vars.clear();
    KeyWriter writer{out.text, out.vars, ranges, bindings};
    for (const auto& index : indices) {
        out.text += '/';
        if (!writer.write(index)) return false;
    }
    return true;
}

std::optional<std::vector<Expr>> AccessPatternCache::find(const Key& key) const
{
    auto it = m_entries.find(key.text);
    if (it == m_entries.end()) return std::nullopt;
    Substitution substitution{it->second.vars, key.vars};
    std::vector<Expr> out;
    out.reserve(it->second.result.size());
    for (const auto& e : it->second.result) out.push_back(substitution.mutateExpr(e));
    return out;
}

void AccessPatternCache::insert(const Key& key, std::vector<Expr> result)
{
    m_entries.emplace(key.text, Entry{key.vars, std::move(result)});
}

} // namespace tirx
