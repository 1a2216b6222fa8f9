#include "ir/function.h"

namespace tirx {

std::shared_ptr<const Function> Function::withBody(Stmt body) const
{
    Fields f = m_f;
    f.body = std::move(body);
    return std::make_shared<const Function>(std::move(f));
}

FunctionRef Module::find(std::string_view name) const
{
    for (const auto& [key, fn] : m_functions) {
        if (key == name) return fn;
    }
    return nullptr;
}

std::shared_ptr<const Module> Module::withFunction(const std::string& name, FunctionRef fn) const
{
    auto functions = m_functions;
    bool replaced = false;
    for (auto& entry : functions) {
        if (entry.first == name) {
            entry.second = fn;
            replaced = true;
        }
    }
    if (!replaced) functions.emplace_back(name, std::move(fn));
    return std::make_shared<const Module>(std::move(functions));
}

} // namespace tirx
