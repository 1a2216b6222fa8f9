#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"
#include "target/target.h"

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// What a pass may read besides the module: the target chosen for the run
// (document setting, `with tvm.target.Target(...)`, or --target), which a
// function's own "target" attribute overrides.
struct PassContext {
    const Target* target = nullptr; // null: no target set
};

// A pass's output: the new module (the same pointer when nothing changed) and
// any diagnostics. A pass that reports an error stops the pipeline.
struct PassResult {
    ModuleRef module;
    std::vector<Diagnostic> diagnostics;
};

using PassFunction = std::function<PassResult(const ModuleRef&, const PassContext&)>;

// One row of the pass registry: the reference's name, a one-line description
// and the function. Passes of the reference's pipeline that do not change the
// device kernel a user sees are listed as not applicable with the reason.
struct PassInfo {
    std::string_view name;          // the reference's name: "TrnNaiveAllocator"
    std::string_view description;   // one line
    PassFunction run;               // empty when not applicable
    std::string_view notApplicable; // reason, when run is empty
};

// The target a function lowers for: its "target" attribute if present, else
// the context's target. Null when neither is set.
[[nodiscard]] const Target* resolveTarget(const Function& fn, const PassContext& ctx);

// resolveTarget for a pass that cannot run without one: when there is none it
// adds "<who> requires a Trainium target ..." at the function and returns null.
[[nodiscard]] const Target* requireTarget(const Function& fn, const PassContext& ctx, std::string_view who,
                                          std::vector<Diagnostic>& diags);

// Runs a body mutator over fn and moves its `diagnostics` (when it has any)
// into diags. Returns fn itself when the body comes back as the same node, so
// an untouched function stays shared between Trace snapshots.
template <class Mutator>
[[nodiscard]] FunctionRef mutateBody(const FunctionRef& fn, Mutator& mutator, std::vector<Diagnostic>& diags)
{
    Stmt body = mutator.mutateStmt(fn->body());
    if constexpr (requires { mutator.diagnostics; })
        diags.insert(diags.end(), mutator.diagnostics.begin(), mutator.diagnostics.end());
    return body == fn->body() ? fn : fn->withBody(std::move(body));
}

// Applies `fn` to every function; keeps the module pointer when no function changed.
[[nodiscard]] PassResult
mapFunctions(const ModuleRef& module,
             const std::function<FunctionRef(const FunctionRef&, std::vector<Diagnostic>&)>& fn);

} // namespace tirx
