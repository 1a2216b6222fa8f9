#pragma once

#include "command.h"
#include "input.h"

#include "driver/lower.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace tirx::cli {

// True when `name` is a registered pass; otherwise prints "unknown pass" and
// sets the outcome (a usage error).
[[nodiscard]] bool requireKnownPass(const std::string& name, Outcome& outcome);

// A file run through the chosen pipeline by the compiler's driver.
struct Lowered {
    Input input;
    LowerResult result; // trace and target are set

    [[nodiscard]] const Trace& trace() const { return *result.trace; }
    [[nodiscard]] const Target& target() const { return *result.target; }
};

// --pipeline NAME | --passes P1,P2,… | --target TAG, shared by the commands
// that run passes.
struct PipelineChoice {
    std::string preset = std::string(kDefaultPreset);
    std::string passes;
    std::string target;

    void addOptions(CLI::App& cmd);
    // Reads FILE and lowers it. Parse diagnostics are printed; on a parse
    // error, an unknown target or an unknown pass the diagnostics are
    // printed, the outcome set, and nullopt returned.
    [[nodiscard]] std::optional<Lowered> lower(const std::string& file, Outcome& outcome) const;
};

// "target tag (default: the module's, else aws/trn1/trn1.2xlarge)".
[[nodiscard]] std::string targetOptionHelp();

} // namespace tirx::cli
