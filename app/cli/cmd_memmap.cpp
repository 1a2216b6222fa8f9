#include "input.h"
#include "pipeline_options.h"

#include "analysis/memory_plan.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>

namespace tirx::cli {

namespace {

std::string table(const MemoryPlan& plan)
{
    std::string out = "target " + plan.target + ", after " + plan.after + "\n";
    char line[256];
    std::snprintf(line, sizeof line, "%-16s %-9s %-9s %10s %6s %10s %-8s %s\n", "name", "scope", "dtype", "offset",
                  "parts", "bytes/part", "source", "created by");
    out += line;
    for (const auto& a : plan.allocations) {
        std::string offset = a.offset ? std::to_string(*a.offset) : "-";
        if (a.bank) offset = "b" + std::to_string(*a.bank) + "+" + offset;
        const std::string source = a.definition.span.valid() ? std::to_string(a.definition.span.line) + ":" +
                                                                   std::to_string(a.definition.span.column)
                                                             : "-";
        std::snprintf(line, sizeof line, "%-16s %-9s %-9s %10s %6lld %10lld %-8s %s\n", a.name.c_str(), a.scope.c_str(),
                      a.dtype.str().c_str(), offset.c_str(), static_cast<long long>(a.partitions),
                      static_cast<long long>(a.bytesPerPartition), source.c_str(), a.createdBy.c_str());
        out += line;
    }
    for (const auto& [scope, t] : plan.totals) {
        std::snprintf(line, sizeof line, "%s: %lld allocated, %lld peak live, %lld capacity (bytes per partition)\n",
                      scope.c_str(), static_cast<long long>(t.allocatedBytesPerPartition),
                      static_cast<long long>(t.peakLiveBytesPerPartition),
                      static_cast<long long>(t.capacityBytesPerPartition));
        out += line;
    }
    return out;
}

} // namespace

void registerMemmap(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("memmap", "Allocations (scope, offset, size, lifetime) after a pass");
    static std::string file;
    static std::string after = "TrnNaiveAllocator";
    static std::string output;
    static bool json = false;
    static PipelineChoice choice;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    cmd->add_option("--after", after, "show the module after this pass")->capture_default_str();
    cmd->add_flag("--json", json, "machine-readable output");
    cmd->add_option("-o", output, "write to this file instead of standard output");
    choice.addOptions(*cmd);
    cmd->callback([&outcome] {
        if (after != "input" && !requireKnownPass(after, outcome)) return;
        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const auto& [input, options, trace] = *lowered;
        const TraceEntry* entry = after == "input" ? &trace.entries.front() : trace.find(after);
        if (!entry) {
            for (const auto& e : trace.entries)
                std::fputs(formatDiagnostics(e.diagnostics, input.path, input.source).c_str(), stderr);
            std::fprintf(stderr, "tirx-cli: error: pass '%s' did not run in pipeline '%s'\n", after.c_str(),
                         options.name.c_str());
            outcome.exit = trace.failed() ? Exit::BadInput : Exit::Usage;
            return;
        }
        std::fputs(formatDiagnostics(entry->diagnostics, input.path, input.source).c_str(), stderr);
        const auto plan = buildMemoryPlan(*entry->module, *options.context.target, after, &trace);
        writeOutput(output, json ? memoryPlanToJson(plan).dump(2) + "\n" : table(plan), outcome);
        if (entry->failed) outcome.exit = Exit::BadInput;
    });
}

} // namespace tirx::cli
