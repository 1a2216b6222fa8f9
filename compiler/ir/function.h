#pragma once

#include "ir/stmt.h"

#include <memory>
#include <string>
#include <vector>

namespace tirx {

// A TIRx function (chapter 01 §2.2). `attrs` holds T.func_attr entries,
// including "global_symbol" (absent for a private function) and "target"
// (a call "target" whose one argument is the tag string).
class Function {
public:
    struct Fields {
        std::string name;
        std::vector<Var> params;
        Stmt body;
        Attrs attrs;
        Span span;
    };
    explicit Function(Fields fields) : m_f(std::move(fields)) {}

    [[nodiscard]] const std::string& name() const { return m_f.name; }
    [[nodiscard]] const std::vector<Var>& params() const { return m_f.params; }
    [[nodiscard]] const Stmt& body() const { return m_f.body; }
    [[nodiscard]] const Attrs& attrs() const { return m_f.attrs; }
    [[nodiscard]] const Span& span() const { return m_f.span; }
    [[nodiscard]] const Fields& fields() const { return m_f; }
    [[nodiscard]] bool isPrivate() const { return !m_f.attrs.get("global_symbol"); }

    // A copy with another body (and the same everything else).
    [[nodiscard]] std::shared_ptr<const Function> withBody(Stmt body) const;

private:
    Fields m_f;
};

using FunctionRef = std::shared_ptr<const Function>;

// An ordered map from global name to function.
class Module {
public:
    using Entry = std::pair<std::string, FunctionRef>;
    Module() = default;
    explicit Module(std::vector<Entry> functions) : m_functions(std::move(functions)) {}

    [[nodiscard]] const std::vector<Entry>& functions() const { return m_functions; }
    [[nodiscard]] FunctionRef find(std::string_view name) const;
    [[nodiscard]] std::shared_ptr<const Module> withFunction(const std::string& name, FunctionRef fn) const;

private:
    std::vector<Entry> m_functions;
};

using ModuleRef = std::shared_ptr<const Module>;

} // namespace tirx
