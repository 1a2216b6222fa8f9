// check and memmap on a hand-written NKI kernel: the same plan, table,
// JSON and pictures as for TIRx, one per program instance.

#include "memmap_picture.h"
#include "memmap_table.h"
#include "nki_kernel.h"

#include "input.h"

#include "memory/what_if.h"
#include "nki/nki_checks.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace tirx::cli {

namespace {

std::string programText(const std::vector<int64_t>& id)
{
    std::string out = "[";
    for (size_t i = 0; i < id.size(); ++i) out += (i ? ", " : "") + std::to_string(id[i]);
    return out + "]";
}

// Prints the findings to stderr; true when one is an error.
bool report(const NkiKernel& kernel)
{
    const auto found = nki::checkKernel(*kernel.run.trace, kernel.plans, *kernel.target);
    for (const auto& d : found) std::fprintf(stderr, "%s\n", nki::formatDiagnostic(d).c_str());
    return nki::hasErrors(found);
}

} // namespace

void checkNkiKernel(const std::string& file, const NkiOptions& options, const std::string& target, Outcome& outcome)
{
    const auto kernel = openNkiKernel(file, options, target, true, outcome);
    if (!kernel) return;
    if (report(*kernel)) outcome.exit = Exit::BadInput;
}

void memmapNkiKernel(const std::string& file, const NkiOptions& options, const std::string& target,
                     const NkiMemmapOptions& show, Outcome& outcome)
{
    const auto kernel = openNkiKernel(file, options, target, true, outcome);
    if (!kernel) return;
    const bool failed = report(*kernel);
    const auto& trace = *kernel->run.trace;
    if (kernel->plans.empty()) {
        std::fprintf(stderr, "%s:1:1: error: the kernel recorded no program instance\n", file.c_str());
        outcome.exit = Exit::BadInput;
        return;
    }
    // The picture is of one program: the one asked for, else the first.
    const nki::NkiPlan& shown = kernel->plans.front();
    const std::string scope = "trn." + show.scope;
    if (!show.svg.empty() && !writeOutput(show.svg, memoryMapSvg(shown.plan, *kernel->target, scope), outcome)) return;
    if (std::string error;
        !show.png.empty() && !writeMemoryMapPng(shown.plan, *kernel->target, scope, show.png, &error)) {
        std::fprintf(stderr, "tirx-cli: error: %s\n", error.c_str());
        outcome.exit = Exit::Usage;
        return;
    }
    if (show.json) {
        nlohmann::json j = nki::nkiPlanToJson(trace, shown);
        if (show.whatIf) j["what_if"] = whatIfToJson(shown.plan, whatIfPlan(shown.plan));
        if (kernel->plans.size() > 1) {
            nlohmann::json programs = nlohmann::json::array();
            for (const auto& p : kernel->plans) {
                nlohmann::json one = nki::nkiPlanToJson(trace, p);
                nlohmann::json entry{{"program", p.program},
                                     {"allocations", one["allocations"]},
                                     {"overlaps", one["overlaps"]},
                                     {"totals", one["totals"]}};
                if (show.whatIf) entry["what_if"] = whatIfToJson(p.plan, whatIfPlan(p.plan));
                programs.push_back(std::move(entry));
            }
            j["programs"] = std::move(programs);
        }
        writeOutput(show.output, j.dump(2) + "\n", outcome);
    } else if ((show.svg.empty() && show.png.empty()) || !show.output.empty()) {
        std::string text;
        for (const auto& p : kernel->plans) {
            if (kernel->plans.size() > 1 || !p.program.empty()) text += "program " + programText(p.program) + "\n";
            text += memoryPlanTable(p.plan);
            if (show.whatIf) text += whatIfTable(p.plan, whatIfPlan(p.plan));
        }
        writeOutput(show.output, text, outcome);
    }
    if (failed && outcome.exit == Exit::Ok) outcome.exit = Exit::BadInput;
}

} // namespace tirx::cli
