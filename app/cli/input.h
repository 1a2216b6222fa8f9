#pragma once

#include "command.h"

#include "script/parser.h"
#include "target/target.h"

#include <optional>
#include <string>

namespace tirx::cli {

// A parsed input file with its text (diagnostics quote source lines).
struct Input {
    std::string path;
    std::string source;
    ParseResult parsed;
};

// Inputs larger than this are refused before they are parsed.
inline constexpr size_t kMaxInputBytes = size_t{64} << 20;

// Reads PATH ("-" = standard input; otherwise a regular file only, so a FIFO
// or /dev/zero cannot block or flood the reader) and parses it. On a read failure or a
// parse error prints the diagnostics to stderr, sets the outcome (BadInput)
// and returns nullopt.
[[nodiscard]] std::optional<Input> loadInput(const std::string& path, Outcome& outcome);

// The target named by --target, or the module's `with Target(...)` block,
// or the default. Prints an error and sets the outcome when the tag is unknown.
[[nodiscard]] const Target* chooseTarget(const std::string& option, const Input& input, Outcome& outcome);

// Writes text to PATH, or to stdout when PATH is empty. Returns false (and
// sets the outcome) when the file cannot be written.
bool writeOutput(const std::string& path, const std::string& text, Outcome& outcome);

// The default --target.
inline constexpr const char* kDefaultTarget = "aws/trn1/trn1.2xlarge";

} // namespace tirx::cli
