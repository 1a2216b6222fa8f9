#include "input.h"
#include "pipeline_options.h"

#include "graph/graphviz.h"
#include "graph/ir_graph.h"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace tirx::cli {

void registerGraph(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("graph", "Loop-nest and data-flow graph, as DOT or laid out by Graphviz as SVG");
    static std::string file;
    static std::string after = "input";
    static std::string output;
    static bool dot = false;
    static bool svg = false;
    static PipelineChoice choice;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    cmd->add_option("--after", after, "the module after this pass (input: as written)")->capture_default_str();
    auto* dotFlag = cmd->add_flag("--dot", dot, "DOT text (the default)");
    cmd->add_flag("--svg", svg, "SVG laid out by Graphviz dot")->excludes(dotFlag);
    cmd->add_option("-o", output, "write to this file instead of standard output");
    choice.addOptions(*cmd);
    cmd->callback([&outcome] {
        ModuleRef module;
        if (after == "input") {
            const auto input = loadInput(file, outcome);
            if (!input) return;
            module = input->parsed.module;
        } else {
            const auto lowered = choice.lower(file, outcome);
            if (!lowered) return;
            const Input& input = lowered->input;
            const Trace& trace = lowered->trace();
            const TraceEntry* entry = trace.find(after);
            if (!entry) {
                for (const auto& e : trace.entries)
                    std::fputs(formatDiagnostics(e->diagnostics, input.path, input.source).c_str(), stderr);
                std::fprintf(stderr, "tirx-cli: error: pass '%s' did not run in pipeline '%s'\n", after.c_str(),
                             trace.pipeline.c_str());
                outcome.exit = trace.failed() ? Exit::BadInput : Exit::Usage;
                return;
            }
            module = entry->module;
        }
        const std::string text = irGraphToDot(buildIrGraph(*module));
        if (!svg) {
            writeOutput(output, text, outcome);
            return;
        }
        const auto rendered = Graphviz::render(text, "svg");
        for (const auto& d : rendered.diagnostics) std::fputs(formatDiagnostic(d, "<graph>").c_str(), stderr);
        if (!rendered.output) {
            outcome.exit = Exit::Usage;
            return;
        }
        writeOutput(output, *rendered.output, outcome);
    });
}

} // namespace tirx::cli
