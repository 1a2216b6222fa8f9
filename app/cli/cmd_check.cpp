#include "nki_kernel.h"
#include "pipeline_options.h"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace tirx::cli {

void registerCheck(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("check", "Parse and verify FILE; print its diagnostics");
    static std::string file;
    static std::string target;
    static NkiOptions nki;
    cmd->add_option("FILE", file, kNkiFileHelp)->required();
    cmd->add_option("--target", target, targetOptionHelp());
    nki.addOptions(*cmd);
    cmd->callback([&outcome] {
        if (nki.appliesTo(file)) {
            checkNkiKernel(file, nki, target, outcome);
            return;
        }
        PipelineChoice choice;
        choice.preset = "none";
        for (const auto& pass : checkPasses()) choice.passes += (choice.passes.empty() ? "" : ",") + pass;
        choice.target = target;
        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const auto diagnostics = distinctDiagnostics(lowered->trace());
        std::fputs(formatDiagnostics(diagnostics, lowered->input.path, lowered->input.source).c_str(), stderr);
        if (hasErrors(diagnostics)) outcome.exit = Exit::BadInput;
    });
}

} // namespace tirx::cli
