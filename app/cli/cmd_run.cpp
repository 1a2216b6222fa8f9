#include "input.h"
#include "nki_kernel.h"
#include "pipeline_options.h"
#include "run_arrays.h"
#include "run_device.h"

#include "files/checked_read.h"

#include "sim/kernel_args.h"
#include "sim/run_limits.h"
#include "sim/simulator.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>

namespace tirx::cli {

namespace {

Diagnostic uninitialisedWarning(const sim::UninitialisedRead& r)
{
    std::string text = "instruction " + std::to_string(r.instruction) + " (" + r.op + ") reads " +
                       std::to_string(r.elements) + " never-written element" + (r.elements == 1 ? "" : "s") + " of '" +
                       r.tensor + "' (first at partition " + std::to_string(r.partition) + ", byte " +
                       std::to_string(r.byte) + ")";
    if (r.instructions > 1) text += " in " + std::to_string(r.instructions) + " executions";
    return {Diagnostic::Severity::Warning, std::move(text), r.span};
}

} // namespace

void registerRun(CLI::App& app, Outcome& outcome)
{
    auto* cmd =
        app.add_subcommand("run", "Lower the kernel and run it on the built-in NKI simulator or a Neuron device; a "
                                  "hand-written NKI kernel runs its recorded instructions on the simulator. The "
                                  "simulator holds the kernel's DRAM parameters in memory: at most " +
                                      files::sizeText(sim::kMaxDramParameterBytes) + " together");
    static std::string file;
    static std::string device = "sim";
    static std::vector<std::string> inputItems;
    static std::vector<std::string> outputItems;
    static uint64_t seed = 0;
    static bool poison = false;
    static bool zeroFill = false;
    static bool json = false;
    static std::string function;
    static PipelineChoice choice;
    static NkiOptions nki;
    cmd->add_option("FILE", file, kNkiFileHelp)->required();
    cmd->add_option("--device", device,
                    "sim (the built-in simulator), local (this host's Neuron devices) or ssh://[user@]host")
        ->capture_default_str();
    cmd->add_option("--input", inputItems,
                    "NAME=PATH.npy: contents of input parameter NAME (a regular file of at most " +
                        files::sizeText(sim::kMaxNpyFileBytes) + ")");
    cmd->add_option("--output", outputItems, "NAME=PATH.npy: write output parameter NAME there");
    cmd->add_option("--seed", seed, "seed of the random inputs not given")->capture_default_str();
    auto* poisonFlag =
        cmd->add_flag("--poison", poison, "never-written memory holds NaN / all-ones (the default; kept for scripts)");
    cmd->add_flag("--zero-fill", zeroFill,
                  "never-written memory reads as zero instead of NaN / all-ones (hardware gives no zeros: this can "
                  "make a kernel that reads memory it never wrote look right)")
        ->excludes(poisonFlag);
    cmd->add_option("--function", function, "the function to run (default: the only one, else main)");
    cmd->add_flag("--json", json, "machine-readable output");
    choice.addOptions(*cmd);
    nki.addOptions(*cmd);
    cmd->callback([&outcome] {
        const bool nkiKernel = nki.appliesTo(file);
        if (nkiKernel && device != "sim") {
            std::fprintf(stderr,
                         "tirx-cli: error: an NKI kernel runs on --device sim; device runs take TIRx modules\n");
            outcome.exit = Exit::Usage;
            return;
        }
        std::optional<ChosenDevice> chosen;
        if (device != "sim") {
            chosen = chooseDevice(device, outcome);
            if (!chosen) return;
        }
        const auto outputPaths = namedPaths(outputItems, "--output", outcome);
        if (!outputPaths) return;
        auto read = readInputArrays(inputItems, outcome);
        if (!read) return;
        std::map<std::string, sim::HostArray>& inputs = *read;
        if (nkiKernel) {
            runNkiKernelOnSimulator(file, nki, choice.target, {inputs, *outputPaths, seed, !zeroFill, json}, outcome);
            return;
        }

        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const Input& input = lowered->input;
        const Trace& trace = lowered->trace();
        // One fact once, however many passes' checks found it.
        const auto lowering = distinctDiagnostics(trace);
        std::fputs(formatDiagnostics(lowering, input.path, input.source).c_str(), stderr);
        if (trace.failed()) {
            outcome.exit = Exit::BadInput;
            return;
        }
        std::string error;
        const auto kernel = sim::kernelFunction(*trace.entries.back()->module, function, &error);
        if (!kernel) {
            std::fprintf(stderr, "tirx-cli: error: %s\n", error.c_str());
            outcome.exit = Exit::BadInput;
            return;
        }
        if (chosen) {
            // The device run draws its inputs and simulates too: the same limit.
            if (const auto d = sim::dramParameterLimit(*kernel)) {
                std::fputs(formatDiagnostics({*d}, input.path, input.source).c_str(), stderr);
                outcome.exit = Exit::BadInput;
                return;
            }
            runOnDevice(*chosen, *lowered, kernel, inputs, *outputPaths, seed, json, outcome);
            return;
        }
        sim::SimOptions simOptions;
        simOptions.poison = !zeroFill;
        simOptions.seed = seed;
        simOptions.recordTrace = false;
        const auto result = sim::simulate(*kernel, lowered->target(), inputs, simOptions);
        // The simulator warns of the overlaps of the memory it runs on, which
        // the lowering's checks have just reported.
        std::vector<Diagnostic> news;
        for (const auto& d : result.diagnostics) {
            const bool told =
                std::any_of(lowering.begin(), lowering.end(), [&](const Diagnostic& o) { return sameFact(o, d); });
            if (!told) news.push_back(d);
        }
        std::fputs(formatDiagnostics(news, input.path, input.source).c_str(), stderr);
        std::vector<Diagnostic> reads;
        for (const auto& r : result.uninitialised) reads.push_back(uninitialisedWarning(r));
        if (!json) std::fputs(formatDiagnostics(reads, input.path, input.source).c_str(), stderr);
        if (!result.ok()) {
            outcome.exit = Exit::BadInput;
            return;
        }
        const auto report = writeOutputArrays(result.outputs, *outputPaths, outcome);
        if (!report) return;
        std::string text = report->text;
        nlohmann::json engines = nlohmann::json::object();
        for (const auto& [engine, count] : result.engines) {
            engines[engine] = count.instructions;
            text += engine + ": " + std::to_string(count.instructions) + " instructions, " +
                    std::to_string(count.elements) + " elements\n";
        }
        char timing[128];
        std::snprintf(timing, sizeof timing, "simulated %lld instructions in %.3f s\n",
                      static_cast<long long>(result.instructions), result.seconds);
        text += timing;
        if (json) {
            nlohmann::json reportsJson = nlohmann::json::array();
            for (const auto& r : result.uninitialised) {
                reportsJson.push_back({{"instruction", r.instruction},
                                       {"op", r.op},
                                       {"tensor", r.tensor},
                                       {"line", r.span.line},
                                       {"column", r.span.column},
                                       {"elements", r.elements},
                                       {"executions", r.instructions},
                                       {"partition", r.partition},
                                       {"byte", r.byte}});
            }
            const nlohmann::json out = {
                {"device", "sim"},         {"outputs", report->paths},           {"seconds", result.seconds},
                {"instructions", engines}, {"uninitialised_reads", reportsJson}, {"stats", report->stats},
                {"compare", nullptr}};
            text = out.dump(2) + "\n";
        }
        writeOutput("", text, outcome);
    });
}

} // namespace tirx::cli
