#pragma once

#include "command.h"

#include "transform/pipeline.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace tirx::cli {

// --pipeline NAME | --passes P1,P2,… shared by the commands that run passes.
struct PipelineChoice {
    std::string preset = "lower-tirx";
    std::string passes;
    std::string target;

    void addOptions(CLI::App& cmd);
    // The pass list and pipeline name, or nullopt (outcome set) on an unknown name.
    [[nodiscard]] std::optional<PipelineOptions> resolve(Outcome& outcome) const;
};

} // namespace tirx::cli
