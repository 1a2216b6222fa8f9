#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

struct ParseResult {
    // The module; null when the file had errors that left no usable module.
    ModuleRef module;
    // Every error and warning found, in source order. A module with errors is
    // never handed to passes, even when `module` is set.
    std::vector<Diagnostic> diagnostics;
    // The target tag from a `with tvm.target.Target("...")` block around the
    // module, if any (chapter 01 §9).
    std::optional<std::string> target;
    Span targetSpan; // where that target is named

    [[nodiscard]] bool ok() const { return module && !hasErrors(diagnostics); }
};

// Parses a whole TVMScript file: imports, module-level constant bindings, one
// @T.ir_module class or one or more @T.function definitions (a bare function
// is wrapped into a module under "main").
[[nodiscard]] ParseResult parseModule(std::string_view source);

} // namespace tirx
