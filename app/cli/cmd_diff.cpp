#include "input.h"
#include "pipeline_options.h"

#include "diff/line_diff.h"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace tirx::cli {

void registerDiff(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("diff", "Unified diff of the module before and after one pass");
    static std::string file;
    static std::string pass;
    static PipelineChoice choice;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    cmd->add_option("--pass", pass, "the pass whose effect to show")->required();
    choice.addOptions(*cmd);
    cmd->callback([&outcome] {
        if (!requireKnownPass(pass, outcome)) return;
        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const Input& input = lowered->input;
        const Trace& trace = lowered->trace();
        for (size_t i = 1; i < trace.entries.size(); ++i) {
            if (trace.entries[i]->passName != pass) continue;
            const TraceEntry& before = *trace.entries[i - 1];
            const TraceEntry& after = *trace.entries[i];
            std::fputs(formatDiagnostics(after.diagnostics, input.path, input.source).c_str(), stderr);
            std::fputs(unifiedDiff(before.text, after.text, "before/" + pass, "after/" + pass).c_str(), stdout);
            if (after.failed) outcome.exit = Exit::BadInput;
            return;
        }
        std::fprintf(stderr, "tirx-cli: error: pass '%s' did not run in pipeline '%s'%s\n", pass.c_str(),
                     trace.pipeline.c_str(), trace.failed() ? " (an earlier pass failed)" : "");
        outcome.exit = trace.failed() ? Exit::BadInput : Exit::Usage;
    });
}

} // namespace tirx::cli
