#include "transform/pass.h"

#include "ir/make.h"

namespace tirx {

const Target* resolveTarget(const Function& fn, const PassContext& ctx)
{
    if (const auto attr = fn.attrs().get("target")) {
        if (const auto* c = as<CallNode>(attr); c && !c->args().empty()) {
            if (const auto* tag = as<StringImmNode>(c->args().front())) {
                if (const auto* t = findTarget(tag->value())) return t;
            }
        }
        if (const auto* tag = as<StringImmNode>(attr)) {
            if (const auto* t = findTarget(tag->value())) return t;
        }
    }
    return ctx.target;
}

const Target* requireTarget(const Function& fn, const PassContext& ctx, std::string_view who,
                            std::vector<Diagnostic>& diags)
{
    const Target* target = resolveTarget(fn, ctx);
    if (!target) {
        diags.push_back(
            {Diagnostic::Severity::Error,
             std::string{who} + " requires a Trainium target on the function or in the current target scope",
             fn.span()});
    }
    return target;
}

PassResult mapFunctions(const ModuleRef& module,
                        const std::function<FunctionRef(const FunctionRef&, std::vector<Diagnostic>&)>& fn)
{
    PassResult result{module, {}};
    std::vector<Module::Entry> functions;
    bool changed = false;
    for (const auto& [name, f] : module->functions()) {
        auto next = fn(f, result.diagnostics);
        changed = changed || next != f;
        functions.emplace_back(name, next ? next : f);
    }
    if (changed) result.module = std::make_shared<const Module>(std::move(functions));
    return result;
}

} // namespace tirx
