#include "input.h"
#include "pipeline_options.h"

#include "memmap_picture.h"

#include "ir/diagnostic_cap.h"
#include "memory/memory_plan.h"
#include "memory/what_if.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
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
        if (a.bank && a.banks > 1)
            offset = "b" + std::to_string(*a.bank) + "-" + std::to_string(*a.bank + a.banks - 1) + "+" + offset;
        else if (a.bank)
            offset = "b" + std::to_string(*a.bank) + "+" + offset;
        const std::string source = a.definition.span.valid() ? std::to_string(a.definition.span.line) + ":" +
                                                                   std::to_string(a.definition.span.column)
                                                             : "-";
        std::snprintf(line, sizeof line, "%-16s %-9s %-9s %10s %6lld %10lld %-8s %s\n", a.name.c_str(), a.scope.c_str(),
                      a.dtype.str().c_str(), offset.c_str(), static_cast<long long>(a.partitions),
                      static_cast<long long>(a.rowBytes()), source.c_str(), a.createdBy.c_str());
        out += line;
    }
    for (const auto& o : plan.overlaps) {
        const auto& a = plan.allocations[o.earlier];
        const auto& b = plan.allocations[o.later];
        std::snprintf(line, sizeof line, "overlap: %s and %s in %s, bytes %lld..%lld\n", b.name.c_str(), a.name.c_str(),
                      a.scope.c_str(), static_cast<long long>(o.bytes.begin), static_cast<long long>(o.bytes.end - 1));
        out += line;
    }
    // The plan lists the first pairs of a scope and counts the rest; say how
    // many, as `check` does, so a capped list never reads as the whole.
    if (plan.overlapsNotListed > 0) out += "… and " + withThousands(plan.overlapsNotListed) + " more overlaps\n";
    for (const auto& [scope, t] : plan.totals) {
        std::snprintf(line, sizeof line, "%s: %lld allocated, %lld peak live, %lld capacity (bytes per partition)\n",
                      scope.c_str(), static_cast<long long>(t.allocatedBytesPerPartition),
                      static_cast<long long>(t.peakLiveBytesPerPartition),
                      static_cast<long long>(t.capacityBytesPerPartition));
        out += line;
    }
    return out;
}

std::string whatIfTable(const MemoryPlan& plan, const WhatIfPlan& w)
{
    std::string out = "what-if (a comparison; the output is unchanged): " + w.policy + " over " + w.scope + ", " +
                      std::to_string(w.allocatedBytesPerPartition) + " bytes per partition where the allocator uses " +
                      std::to_string(w.naiveBytesPerPartition) + ": " + std::to_string(w.savedBytesPerPartition) +
                      " saved\n";
    for (const auto& p : w.placements) {
        const auto& a = plan.allocations[p.allocation];
        out += "  " + a.name + " at " + std::to_string(p.offset) + " (live " + std::to_string(a.live.begin) + ".." +
               std::to_string(a.live.end - 1) + ")";
        for (size_t i = 0; i < p.reuses.size(); ++i)
            out += (i == 0 ? ", in the bytes of " : ", ") + plan.allocations[p.reuses[i]].name;
        out += "\n";
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
    static bool whatIf = false;
    static std::string svg;
    static std::string png;
    static std::string scope = "sbuf";
    static PipelineChoice choice;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
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
    cmd->callback([&outcome] {
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
            writeOutput(output, table(plan) + (whatIf ? whatIfTable(plan, whatIfPlan(plan)) : std::string{}), outcome);
        }
        if (entry->failed) outcome.exit = Exit::BadInput;
    });
}

} // namespace tirx::cli
