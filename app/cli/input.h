#pragma once

#include "command.h"

#include "files/checked_read.h"
#include "script/parser.h"
#include "target/target.h"

#include <optional>
#include <string>

namespace tirx::cli {

// An input file with its text (diagnostics quote source lines) and, once
// parsed, its module.
struct Input {
    std::string path;
    std::string source;
    ParseResult parsed;
};

// Inputs larger than this are refused before they are parsed.
inline constexpr size_t kMaxInputBytes = files::kMaxTextFileBytes;

// Reads PATH ("-" = standard input; otherwise a regular file only, so a FIFO
// or /dev/zero cannot block or flood the reader). On a read failure prints
// the error, sets the outcome (BadInput) and returns nullopt.
[[nodiscard]] std::optional<Input> readInput(const std::string& path, Outcome& outcome);

// Reads PATH and parses it. On a read failure or a parse error prints the
// diagnostics to stderr, sets the outcome (BadInput) and returns nullopt.
[[nodiscard]] std::optional<Input> loadInput(const std::string& path, Outcome& outcome);

// Writes text to PATH, or to stdout when PATH is empty. Returns false (and
// sets the outcome) when the file cannot be written.
bool writeOutput(const std::string& path, const std::string& text, Outcome& outcome);

} // namespace tirx::cli
