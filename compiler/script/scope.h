#pragma once

// Internal to the TVMScript parser: the values an expression can evaluate to
// while parsing (IR expressions and the Python-level constants that build
// shapes, layouts and types), and the stack of name scopes.

#include "ir/axis.h"
#include "ir/expr.h"
#include "ir/layout.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tirx::script {

struct Value {
    enum class Kind : uint8_t {
        None,
        Expr,      // an IR expression (incl. Python ints/floats/bools, flagged `py`)
        Str,       // a Python string
        Seq,       // a Python tuple or list
        Dict,      // a Python dict
        Layout,    // a TileLayout object
        LayoutSum, // S[...] / R[...] / `v @ Axis` terms, before T.TileLayout(...) wraps them
        Type,      // a TensorType (T.Tensor(...) used as a value)
        Target,    // tvm.target.Target("tag"); `str` holds the tag
        Namespace, // T, T.nki, tvm.target, ...; `str` holds the canonical dotted path
        Axis,      // P, F, Bank, ...
        Method,    // A.view etc.; `expr` is the tensor, `str` the method name
    };
    // The layout and tensor-type parts: only layout notation and T.Tensor(...)
    // values have them, so they live behind a pointer and the common value
    // (an expression) stays small and cheap to copy.
    struct Rare {
        Layout layout;
        std::vector<Iter> shard;                         // LayoutSum
        std::vector<Iter> replica;                       // LayoutSum
        std::vector<std::pair<tirx::Axis, Expr>> offset; // LayoutSum; also `v @ Axis` (one entry)
        TensorTypeRef type;
    };

    Kind kind = Kind::None;
    bool py = false;           // a Python literal (or arithmetic on literals), not an IR value
    bool isList = false;       // Seq written with [...]
    bool partialIndex = false; // A[i] on a higher-rank tensor: a region, not an element
    uint32_t givenIndices = 0; // with partialIndex: how many indices were written
    Expr expr;
    std::string str;
    std::vector<Value> items; // Seq items, Dict keys/values interleaved
    tirx::Axis axis;
    Span span;

    Value() = default;
    Value(const Value& o)
        : kind(o.kind), py(o.py), isList(o.isList), partialIndex(o.partialIndex), givenIndices(o.givenIndices),
          expr(o.expr), str(o.str), items(o.items), axis(o.axis), span(o.span),
          m_rare(o.m_rare ? std::make_unique<Rare>(*o.m_rare) : nullptr)
    {
    }
    Value(Value&&) noexcept = default;
    Value& operator=(const Value& o)
    {
        if (this != &o) *this = Value(o);
        return *this;
    }
    Value& operator=(Value&&) noexcept = default;
    ~Value() = default;

    [[nodiscard]] const Layout& layout() const { return rare().layout; }
    Layout& layout() { return rare().layout; }
    [[nodiscard]] const std::vector<Iter>& shard() const { return rare().shard; }
    std::vector<Iter>& shard() { return rare().shard; }
    [[nodiscard]] const std::vector<Iter>& replica() const { return rare().replica; }
    std::vector<Iter>& replica() { return rare().replica; }
    [[nodiscard]] const std::vector<std::pair<tirx::Axis, Expr>>& offset() const { return rare().offset; }
    std::vector<std::pair<tirx::Axis, Expr>>& offset() { return rare().offset; }
    [[nodiscard]] const TensorTypeRef& type() const { return rare().type; }
    TensorTypeRef& type() { return rare().type; }

    static Value none(Span s)
    {
        Value v;
        v.span = s;
        return v;
    }
    static Value ofExpr(Expr e, Span s, bool py = false)
    {
        Value v;
        v.kind = Kind::Expr;
        v.expr = std::move(e);
        v.span = s;
        v.py = py;
        return v;
    }
    static Value ofStr(std::string str, Span s)
    {
        Value v;
        v.kind = Kind::Str;
        v.str = std::move(str);
        v.span = s;
        v.py = true;
        return v;
    }
    static Value ns(std::string path, Span s = {})
    {
        Value v;
        v.kind = Kind::Namespace;
        v.str = std::move(path);
        v.span = s;
        return v;
    }

private:
    [[nodiscard]] const Rare& rare() const
    {
        static const Rare kEmpty;
        return m_rare ? *m_rare : kEmpty;
    }
    Rare& rare()
    {
        if (!m_rare) m_rare = std::make_unique<Rare>();
        return *m_rare;
    }

    std::unique_ptr<Rare> m_rare;
};

struct StringHash {
    using is_transparent = void;
    // FNV-1a: names are a few characters long, where it beats a call to the
    // library's block hash.
    size_t operator()(std::string_view s) const
    {
        uint64_t h = 14695981039346656037ull;
        for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
        return static_cast<size_t>(h);
    }
};

// Nested name scopes. A name may be shadowed by an inner definition; leaving
// a scope restores the outer binding. Look-up is a hash probe, so large
// functions with many bindings stay linear. A name's entry outlives its last
// binding: loop variables are bound and unbound thousands of times, and
// reusing the entry saves two allocations each time.
class Scopes {
public:
    void push() { m_frames.push_back(m_defined.size()); }
    void pop()
    {
        const size_t mark = m_frames.back();
        m_frames.pop_back();
        while (m_defined.size() > mark) {
            m_defined.back()->pop_back();
            m_defined.pop_back();
        }
    }
    void define(std::string_view name, Value value)
    {
        auto it = m_map.find(name);
        if (it == m_map.end()) it = m_map.emplace(std::string(name), std::vector<Value>{}).first;
        it->second.push_back(std::move(value));
        m_defined.push_back(&it->second);
    }
    [[nodiscard]] const Value* find(std::string_view name) const
    {
        auto it = m_map.find(name);
        return it == m_map.end() || it->second.empty() ? nullptr : &it->second.back();
    }
    [[nodiscard]] size_t depth() const { return m_frames.size(); }

private:
    std::unordered_map<std::string, std::vector<Value>, StringHash, std::equal_to<>> m_map;
    std::vector<std::vector<Value>*> m_defined; // the binding lists, in definition order
    std::vector<size_t> m_frames;
};

} // namespace tirx::script
