#pragma once

#include "command.h"
#include "input.h"

#include "transform/pipeline.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace tirx::cli {

// True when `name` is a registered pass; otherwise prints "unknown pass" and
// sets the outcome (a usage error).
[[nodiscard]] bool requireKnownPass(const std::string& name, Outcome& outcome);

// A file run through the chosen pipeline.
struct Lowered {
    Input input;
    PipelineOptions options; // with the resolved target in options.context
    Trace trace;
};

// --pipeline NAME | --passes P1,P2,… shared by the commands that run passes.
struct PipelineChoice {
    std::string preset = "lower-tirx";
    std::string passes;
    std::string target;

    void addOptions(CLI::App& cmd);
    // The pass list and pipeline name, or nullopt (outcome set) on an unknown name.
    [[nodiscard]] std::optional<PipelineOptions> resolve(Outcome& outcome) const;
    // Loads FILE, resolves the pipeline and the target, and runs it. Errors
    // are printed and set the outcome; nullopt then.
    [[nodiscard]] std::optional<Lowered> lower(const std::string& file, Outcome& outcome) const;
};

} // namespace tirx::cli
