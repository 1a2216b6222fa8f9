#pragma once

#include "ir/span.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// A message about the user's input. Errors a user can cause are values of this
// type, never exceptions that escape the library or aborts.
struct Diagnostic {
    enum class Severity : uint8_t { Error, Warning, Note };

    Diagnostic() = default;
    Diagnostic(Severity severity, std::string message, Span span = {}, std::string pass = {})
        : severity(severity), message(std::move(message)), span(span), pass(std::move(pass))
    {
    }

    Severity severity = Severity::Error;
    std::string message;
    Span span;
    // The pass whose run produced it ("input" for the verifier's findings on
    // the parsed module); empty for the parser's.
    std::string pass;
};

[[nodiscard]] std::string_view severityName(Diagnostic::Severity severity);

// "FILE:LINE:COL: error: message [Pass]" followed, when the source is given
// and the span is valid, by the source line and a caret under the column.
// The pass is named at the end, so the start keeps the form editors and CI
// parse; the parser's diagnostics and the input's name none.
[[nodiscard]] std::string formatDiagnostic(const Diagnostic& d, std::string_view file, std::string_view source = {});

// All diagnostics, one after the other, formatted as above.
[[nodiscard]] std::string formatDiagnostics(const std::vector<Diagnostic>& ds, std::string_view file,
                                            std::string_view source = {});

[[nodiscard]] bool hasErrors(const std::vector<Diagnostic>& ds);

} // namespace tirx
