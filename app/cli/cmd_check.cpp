#include "input.h"

#include "analysis/verify.h"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace tirx::cli {

void registerCheck(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("check", "Parse and verify FILE; print its diagnostics");
    static std::string file;
    static std::string target;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    cmd->add_option("--target", target, "target tag (default: the module's, else aws/trn1/trn1.2xlarge)");
    cmd->callback([&outcome] {
        auto input = loadInput(file, outcome);
        if (!input) return;
        const auto* t = chooseTarget(target, *input, outcome);
        if (!t) return;
        const auto diags = verifyModule(*input->parsed.module, *t);
        std::fputs(formatDiagnostics(diags, input->path, input->source).c_str(), stderr);
        if (hasErrors(diags)) outcome.exit = Exit::BadInput;
    });
}

} // namespace tirx::cli
