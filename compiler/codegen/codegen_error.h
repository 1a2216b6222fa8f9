#pragma once

#include "ir/diagnostic.h"

#include <string>

namespace tirx {

// A condition that stops code generation for a function (spec 07 §6). The
// printers throw it at the offending node; emitNki catches it and reports a
// located diagnostic, so it never leaves the library.
struct CodegenError {
    Diagnostic diagnostic;
};

[[noreturn]] inline void codegenFail(const Span& span, std::string message)
{
    throw CodegenError{Diagnostic{Diagnostic::Severity::Error, std::move(message), span}};
}

} // namespace tirx
