#include "input.h"
#include "pipeline_options.h"

#include "transform/trace_json.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>

namespace tirx::cli {

namespace {

bool dumpTrace(const Trace& trace, const std::string& dir, Outcome& outcome)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        std::fprintf(stderr, "%s: error: cannot create the directory: %s\n", dir.c_str(), ec.message().c_str());
        outcome.exit = Exit::Usage;
        return false;
    }
    std::vector<std::string> files;
    for (size_t i = 0; i < trace.entries.size(); ++i) {
        files.push_back(dumpFileName(i, trace.entries[i]->passName));
        if (!writeOutput((std::filesystem::path(dir) / files.back()).string(), trace.entries[i]->text, outcome))
            return false;
    }
    return writeOutput((std::filesystem::path(dir) / "trace.json").string(), traceToJson(trace, files).dump(2) + "\n",
                       outcome);
}

} // namespace

void registerLower(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("lower", "Run passes on FILE and print the final module");
    static std::string file;
    static std::string output;
    static std::string dumpDir;
    static PipelineChoice choice;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    choice.addOptions(*cmd);
    cmd->add_option("--dump-dir", dumpDir, "write every pass's module and trace.json into this directory");
    cmd->add_option("-o", output, "write to this file instead of standard output");
    cmd->callback([&outcome] {
        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const Input& input = lowered->input;
        const Trace& trace = lowered->trace();
        // One fact once, however many passes' checks found it.
        std::fputs(formatDiagnostics(distinctDiagnostics(trace), input.path, input.source).c_str(), stderr);
        if (!dumpDir.empty() && !dumpTrace(trace, dumpDir, outcome)) return;
        if (trace.failed()) {
            outcome.exit = Exit::BadInput;
            return;
        }
        writeOutput(output, trace.entries.back()->text, outcome);
    });
}

} // namespace tirx::cli
