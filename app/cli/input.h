#pragma once

#include "command.h"

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

// Reads PATH ("-" = standard input). On a read failure prints the error,
// sets the outcome (BadInput) and returns nullopt.
[[nodiscard]] std::optional<Input> readInput(const std::string& path, Outcome& outcome);

// Reads PATH and parses it. On a read failure or a parse error prints the
// diagnostics to stderr, sets the outcome (BadInput) and returns nullopt.
[[nodiscard]] std::optional<Input> loadInput(const std::string& path, Outcome& outcome);

// Writes text to PATH, or to stdout when PATH is empty. Returns false (and
// sets the outcome) when the file cannot be written.
bool writeOutput(const std::string& path, const std::string& text, Outcome& outcome);

} // namespace tirx::cli
