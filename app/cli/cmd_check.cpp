#include "pipeline_options.h"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace tirx::cli {

void registerCheck(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("check", "Parse and verify FILE; print its diagnostics");
    static std::string file;
    static std::string target;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    cmd->add_option("--target", target, targetOptionHelp());
    cmd->callback([&outcome] {
        // No passes: the driver verifies the parsed module alone.
        PipelineChoice choice;
        choice.preset = "none";
        choice.target = target;
        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const auto& diags = lowered->trace().entries.front()->diagnostics;
        std::fputs(formatDiagnostics(diags, lowered->input.path, lowered->input.source).c_str(), stderr);
        if (hasErrors(diags)) outcome.exit = Exit::BadInput;
    });
}

} // namespace tirx::cli
