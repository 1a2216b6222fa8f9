// run --device sim on a hand-written NKI kernel: the stand-in's trace
// replayed on the simulator over the kernel's placements.

#include "nki_kernel.h"

#include "input.h"
#include "run_arrays.h"

#include "nki/nki_checks.h"
#include "nki/reference.h"
#include "nki/sim_run.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace tirx::cli {

namespace {

// The relative error a run passes the reference comparison with, by the
// output's dtype (its rounding, plus float32 sums in another order).
double tolerance(const DataType& dtype)
{
    switch (dtype.bits()) {
    case 8: return 0.125;
    case 16: return dtype.str() == "bfloat16" ? 2e-2 : 4e-3;
    default: return 1e-4;
    }
}

nlohmann::json diagnosticJson(const nki::KernelDiagnostic& d)
{
    const char* severity = d.severity == nki::Severity::Error     ? "error"
                           : d.severity == nki::Severity::Warning ? "warning"
                                                                  : "note";
    return {{"severity", severity}, {"code", d.code},     {"file", d.file},
            {"line", d.line},       {"column", d.column}, {"message", d.message}};
}

} // namespace

void runNkiKernelOnSimulator(const std::string& file, const NkiOptions& options, const std::string& target,
                             const NkiRunShow& show, Outcome& outcome)
{
    auto kernel = openNkiKernel(file, options, target, false, outcome);
    if (!kernel) return;
    nki::Trace trace = *kernel->run.trace;
    if (options.program >= 0) {
        auto only = trace.programs[static_cast<size_t>(options.program)];
        trace.programs = {std::move(only)};
    }
    std::vector<nki::NkiPlan> plans;
    for (size_t i = 0; i < trace.programs.size(); ++i) plans.push_back(nki::buildNkiPlan(trace, i, *kernel->target));
    auto findings = nki::checkKernel(trace, plans, *kernel->target);

    nki::NkiRunOptions runOptions;
    runOptions.inputs = show.inputs;
    runOptions.seed = show.seed;
    runOptions.poison = show.poison;
    const auto result = nki::runNkiOnSimulator(trace, plans, *kernel->target, runOptions);
    // A trace that ended early is already among the findings (its own note).
    if (!trace.error)
        for (const auto& d : result.diagnostics) findings.push_back(d);
    for (const auto& d : findings) std::fprintf(stderr, "%s\n", nki::formatDiagnostic(d).c_str());
    if (!result.completed) {
        outcome.exit = Exit::BadInput;
        return;
    }
    const auto report = writeOutputArrays(result.outputs, show.outputPaths, outcome);
    if (!report) return;
    std::string text = report->text;

    // Placements: how many tensors sit where the kernel put them.
    std::map<std::string, int> byPlacement;
    nlohmann::json placements = nlohmann::json::array();
    for (const auto& t : result.module.tensors) {
        ++byPlacement[t.placement];
        placements.push_back({{"program", t.program},
                              {"tensor", t.name},
                              {"block", t.block ? nlohmann::json(*t.block) : nlohmann::json()},
                              {"buffer", t.buffer},
                              {"placement", t.placement},
                              {"partition", t.partition ? nlohmann::json(*t.partition) : nlohmann::json()},
                              {"byte", t.byte ? nlohmann::json(*t.byte) : nlohmann::json()}});
    }
    std::string placed;
    for (const auto& [how, n] : byPlacement) placed += (placed.empty() ? "" : ", ") + std::to_string(n) + " " + how;
    if (!placed.empty()) text += "on-chip tensors: " + placed + "\n";

    nlohmann::json compare = nullptr;
    bool comparisonFailed = false;
    if (!kernel->launch.reference.empty()) {
        nki::RunOptions python;
        python.python = options.python;
        const auto reference = nki::evaluateReference(kernel->launch.reference, result.inputs, python);
        if (!reference.value) {
            std::fprintf(stderr, "%s:1:1: error: %s\n", file.c_str(), reference.error.c_str());
            outcome.exit = Exit::BadInput;
            return;
        }
        if (result.outputs.size() != 1) {
            std::fprintf(stderr, "%s:1:1: error: the reference compares with one output; the kernel writes %zu\n",
                         file.c_str(), result.outputs.size());
            outcome.exit = Exit::BadInput;
            return;
        }
        const auto& [name, array] = result.outputs.front();
        const auto c = nki::compareArrays(array, *reference.value);
        if (!c.error.empty()) {
            std::fprintf(stderr, "%s:1:1: error: %s\n", file.c_str(), c.error.c_str());
            outcome.exit = Exit::BadInput;
            return;
        }
        const bool passed = c.maxRel <= tolerance(array.dtype);
        comparisonFailed = !passed;
        compare = {{"reference", kernel->launch.reference},
                   {"output", name},
                   {"max_abs_error", c.maxAbs},
                   {"max_rel_error", c.maxRel},
                   {"tolerance", tolerance(array.dtype)},
                   {"passed", passed}};
        char line[256];
        std::snprintf(line, sizeof line, "reference %s: max abs error %.6g, max rel error %.6g (%s)\n", name.c_str(),
                      c.maxAbs, c.maxRel, passed ? "passed" : "FAILED");
        text += line;
    }

    nlohmann::json engines = nlohmann::json::object();
    for (const auto& [engine, count] : result.run.engines) {
        engines[engine] = count.instructions;
        text += engine + ": " + std::to_string(count.instructions) + " instructions, " +
                std::to_string(count.elements) + " elements\n";
    }
    char timing[128];
    std::snprintf(timing, sizeof timing, "simulated %lld instructions in %.3f s\n",
                  static_cast<long long>(result.run.instructions), result.run.seconds);
    text += timing;
    if (show.json) {
        nlohmann::json reads = nlohmann::json::array();
        nlohmann::json diagnostics = nlohmann::json::array();
        for (const auto& d : findings) diagnostics.push_back(diagnosticJson(d));
        for (const auto& r : result.uninitialised) {
            nlohmann::json one = diagnosticJson(r.at);
            one.update({{"op", r.op},
                        {"tensor", r.tensor},
                        {"elements", r.elements},
                        {"executions", r.executions},
                        {"partition", r.partition},
                        {"byte", r.byte}});
            reads.push_back(std::move(one));
        }
        const nlohmann::json out = {{"device", "sim"},
                                    {"source", "nki"},
                                    {"programs", trace.programs.size()},
                                    {"outputs", report->paths},
                                    {"seconds", result.run.seconds},
                                    {"instructions", engines},
                                    {"uninitialised_reads", reads},
                                    {"diagnostics", diagnostics},
                                    {"placements", placements},
                                    {"stats", report->stats},
                                    {"compare", compare}};
        text = out.dump(2) + "\n";
    }
    writeOutput("", text, outcome);
    if (outcome.exit == Exit::Ok && (comparisonFailed || nki::hasErrors(findings))) outcome.exit = Exit::BadInput;
}

} // namespace tirx::cli
