#include "input.h"
#include "pipeline_options.h"

#include "memmap_picture.h"
#include "memmap_table.h"
#include "nki_kernel.h"

#include "ir/diagnostic_cap.h"
#include "memory/memory_plan.h"
#include "memory/what_if.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace tirx::cli {

void registerMemmap(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("memmap", "Allocations (scope, offset, size, lifetime) after a pass");
    static std::string file;
    static std::string after = "TrnNaiveAllocator";
    static std::string output;
    static bool json = false;
    static bool whatIf = false;
    static std::string svg;
    static std::string png;
    static std::string scope = "sbuf";
    static PipelineChoice choice;
    static NkiOptions nki;
    cmd->add_option("FILE", file, kNkiFileHelp)->required();
    cmd->add_option("--after", after, "show the module after this pass")->capture_default_str();
    cmd->add_flag("--json", json, "machine-readable output");
    cmd->add_flag("--what-if", whatIf, "add the lifetime-based allocator's placement and the bytes it would save");
    cmd->add_option("--svg", svg, "draw the map as SVG into this file");
    cmd->add_option("--png", png, "draw the same map as PNG into this file");
    cmd->add_option("--scope", scope, "the map --svg and --png draw: sbuf or psum")
        ->check(CLI::IsMember({"sbuf", "psum"}))
        ->capture_default_str();
    cmd->add_option("-o", output, "write to this file instead of standard output");
    choice.addOptions(*cmd);
    nki.addOptions(*cmd);
    cmd->callback([&outcome] {
        if (nki.appliesTo(file)) {
            memmapNkiKernel(file, nki, choice.target, {json, whatIf, svg, png, scope, output}, outcome);
            return;
        }
        if (after != "input" && !requireKnownPass(after, outcome)) return;
        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const Input& input = lowered->input;
        const Trace& trace = lowered->trace();
        const TraceEntry* entry = after == "input" ? trace.entries.front().get() : trace.find(after);
        if (!entry) {
            std::fputs(formatDiagnostics(distinctDiagnostics(trace), input.path, input.source).c_str(), stderr);
            std::fprintf(stderr, "tirx-cli: error: pass '%s' did not run in pipeline '%s'\n", after.c_str(),
                         trace.pipeline.c_str());
            outcome.exit = trace.failed() ? Exit::BadInput : Exit::Usage;
            return;
        }
        std::fputs(formatDiagnostics(entry->diagnostics, input.path, input.source).c_str(), stderr);
        const auto plan = buildMemoryPlan(*entry->module, lowered->target(), after);
        if (!svg.empty() && !writeOutput(svg, memoryMapSvg(plan, lowered->target(), "trn." + scope), outcome)) return;
        if (std::string error;
            !png.empty() && !writeMemoryMapPng(plan, lowered->target(), "trn." + scope, png, &error)) {
            std::fprintf(stderr, "tirx-cli: error: %s\n", error.c_str());
            outcome.exit = Exit::Usage;
            return;
        }
        if (json) {
            auto j = memoryPlanToJson(plan);
            if (whatIf) j["what_if"] = whatIfToJson(plan, whatIfPlan(plan));
            writeOutput(output, j.dump(2) + "\n", outcome);
        } else if ((svg.empty() && png.empty()) || !output.empty()) {
            writeOutput(output, memoryPlanTable(plan) + (whatIf ? whatIfTable(plan, whatIfPlan(plan)) : std::string{}),
                        outcome);
        }
        if (entry->failed) outcome.exit = Exit::BadInput;
    });
}

} // namespace tirx::cli
