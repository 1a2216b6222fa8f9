#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"

#include <vector>

namespace tirx {

// The findings of an IR visitor `Checker` (constructed on the output
// vector) over every function body of `module`.
template <class Checker> [[nodiscard]] std::vector<Diagnostic> moduleFindings(const Module& module)
{
    std::vector<Diagnostic> out;
    Checker checker{out};
    for (const auto& [name, fn] : module.functions()) checker.visitStmt(fn->body());
    return out;
}

} // namespace tirx
