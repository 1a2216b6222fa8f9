#pragma once

#include "ir/span.h"

#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// A message about the user's input. Errors a user can cause are values of this
// type, never exceptions that escape the library or aborts.
struct Diagnostic {
    enum class Severity : uint8_t { Error, Warning, Note };
    Severity severity = Severity::Error;
    std::string message;
    Span span;
};

[[nodiscard]] std::string_view severityName(Diagnostic::Severity severity);

// "FILE:LINE:COL: error: message" followed, when the source is given and the
// span is valid, by the source line and a caret under the column.
[[nodiscard]] std::string formatDiagnostic(const Diagnostic& d, std::string_view file, std::string_view source = {});

// All diagnostics, one after the other, formatted as above.
[[nodiscard]] std::string formatDiagnostics(const std::vector<Diagnostic>& ds, std::string_view file,
                                            std::string_view source = {});

[[nodiscard]] bool hasErrors(const std::vector<Diagnostic>& ds);

} // namespace tirx
