#pragma once

// A tests/golden/codegen case (format in that folder's README) and what the
// codegen tests do with one: lower it through the `trn` pipeline and emit NKI.

#include "codegen/emit_nki.h"
#include "driver/lower.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

struct CodegenCase {
    std::string input;                     // the TVMScript half
    std::optional<std::string> legacy;     // expected legacy text
    std::optional<std::string> current;    // expected current-API text
    std::vector<std::string> expectations; // "LINE:COL: error: text"
    std::vector<tirx::NkiApi> expectApis;  // the APIs the expectations hold for
};

[[nodiscard]] CodegenCase readCodegenCase(const std::filesystem::path& path);
[[nodiscard]] std::vector<std::filesystem::path> codegenCasePaths();

struct LoweredKernel {
    tirx::LowerResult lowered;
    std::string error; // parse or pipeline failure, formatted
    [[nodiscard]] const tirx::Module* final() const;
};

// Parses and lowers with the `trn` preset on aws/trn1/trn1.2xlarge, verifier on.
[[nodiscard]] LoweredKernel lowerForCodegen(const std::string& source);

// Runs Debian's python3 -m py_compile on `source`; empty when it compiles,
// else python's message.
[[nodiscard]] std::string pyCompileError(const std::string& source);

// The first line where a and b differ, for failure messages.
[[nodiscard]] std::string firstDifference(const std::string& a, const std::string& b);
