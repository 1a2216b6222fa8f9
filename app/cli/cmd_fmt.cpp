#include "input.h"

#include "script/printer.h"

#include <CLI/CLI.hpp>

namespace tirx::cli {

void registerFmt(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("fmt", "Parse FILE and print it as canonical TVMScript");
    static std::string file;
    static std::string output;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    cmd->add_option("-o", output, "write to this file instead of standard output");
    cmd->callback([&outcome] {
        auto input = loadInput(file, outcome);
        if (!input) return;
        writeOutput(output, printModule(*input->parsed.module), outcome);
    });
}

} // namespace tirx::cli
