#include "input.h"
#include "nki_kernel.h"
#include "pipeline_options.h"
#include "run_device.h"

#include "sim/array_stats.h"
#include "sim/kernel_args.h"
#include "sim/npy.h"
#include "sim/simulator.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>

namespace tirx::cli {

namespace {

// NAME=PATH pairs of --input / --output.
std::optional<std::map<std::string, std::string>> namedPaths(const std::vector<std::string>& items, const char* option,
                                                             Outcome& outcome)
{
    std::map<std::string, std::string> out;
    for (const auto& item : items) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == item.size()) {
            std::fprintf(stderr, "tirx-cli: error: %s expects NAME=PATH.npy, got '%s'\n", option, item.c_str());
            outcome.exit = Exit::Usage;
            return std::nullopt;
        }
        out[item.substr(0, eq)] = item.substr(eq + 1);
    }
    return out;
}

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

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
                                  "hand-written NKI kernel runs its recorded instructions on the simulator");
    static std::string file;
    static std::string device = "sim";
    static std::vector<std::string> inputItems;
    static std::vector<std::string> outputItems;
    static uint64_t seed = 0;
    static bool poison = false;
    static bool json = false;
    static std::string function;
    static PipelineChoice choice;
    static NkiOptions nki;
    cmd->add_option("FILE", file, kNkiFileHelp)->required();
    cmd->add_option("--device", device,
                    "sim (the built-in simulator), local (this host's Neuron devices) or ssh://[user@]host")
        ->capture_default_str();
    cmd->add_option("--input", inputItems, "NAME=PATH.npy: contents of input parameter NAME");
    cmd->add_option("--output", outputItems, "NAME=PATH.npy: write output parameter NAME there");
    cmd->add_option("--seed", seed, "seed of the random inputs not given")->capture_default_str();
    cmd->add_flag("--poison", poison, "never-written memory holds NaN / all-ones instead of zero");
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
        const auto inputPaths = namedPaths(inputItems, "--input", outcome);
        const auto outputPaths = namedPaths(outputItems, "--output", outcome);
        if (!inputPaths || !outputPaths) return;
        std::map<std::string, sim::HostArray> inputs;
        for (const auto& [name, path] : *inputPaths) {
            auto read = sim::readNpy(path);
            if (!read.array) {
                std::fprintf(stderr, "tirx-cli: error: %s\n", read.error.c_str());
                outcome.exit = Exit::BadInput;
                return;
            }
            inputs[name] = std::move(*read.array);
        }
        if (nkiKernel) {
            runNkiKernelOnSimulator(file, nki, choice.target, {inputs, *outputPaths, seed, poison, json}, outcome);
            return;
        }

        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const Input& input = lowered->input;
        const Trace& trace = lowered->trace();
        for (const auto& e : trace.entries)
            std::fputs(formatDiagnostics(e->diagnostics, input.path, input.source).c_str(), stderr);
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
            runOnDevice(*chosen, *lowered, kernel, inputs, *outputPaths, seed, json, outcome);
            return;
        }
        sim::SimOptions simOptions;
        simOptions.poison = poison;
        simOptions.seed = seed;
        simOptions.recordTrace = false;
        const auto result = sim::simulate(*kernel, lowered->target(), inputs, simOptions);
        std::fputs(formatDiagnostics(result.diagnostics, input.path, input.source).c_str(), stderr);
        std::vector<Diagnostic> reads;
        for (const auto& r : result.uninitialised) reads.push_back(uninitialisedWarning(r));
        if (!json) std::fputs(formatDiagnostics(reads, input.path, input.source).c_str(), stderr);
        if (!result.ok()) {
            outcome.exit = Exit::BadInput;
            return;
        }
        for (const auto& [name, path] : *outputPaths) {
            bool known = false;
            for (const auto& [outName, array] : result.outputs) known = known || outName == name;
            if (!known) {
                std::fprintf(stderr, "tirx-cli: error: '%s' is not an output of the kernel\n", name.c_str());
                outcome.exit = Exit::Usage;
                return;
            }
        }

        nlohmann::json outputs = nlohmann::json::object();
        nlohmann::json stats = nlohmann::json::object();
        std::string text;
        for (const auto& [name, array] : result.outputs) {
            const auto where = outputPaths->find(name);
            if (where != outputPaths->end()) {
                const std::string failure = sim::writeNpy(where->second, array);
                if (!failure.empty()) {
                    std::fprintf(stderr, "tirx-cli: error: %s\n", failure.c_str());
                    outcome.exit = Exit::Usage;
                    return;
                }
                outputs[name] = where->second;
            } else {
                outputs[name] = nullptr;
            }
            const auto s = sim::arrayStats(array);
            stats[name] = {{"shape", array.shape}, {"dtype", array.dtype.str()}, {"min", s.min}, {"max", s.max},
                           {"mean", s.mean},       {"nan_count", s.nans}};
            char line[320];
            std::snprintf(line, sizeof line, "%s %s %s: min %.6g max %.6g mean %.6g nan %lld%s%s\n", name.c_str(),
                          array.dtype.str().c_str(), shapeText(array.shape).c_str(), s.min, s.max, s.mean,
                          static_cast<long long>(s.nans), where != outputPaths->end() ? " -> " : "",
                          where != outputPaths->end() ? where->second.c_str() : "");
            text += line;
        }
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
            const nlohmann::json out = {{"device", "sim"},
                                        {"outputs", outputs},
                                        {"seconds", result.seconds},
                                        {"instructions", engines},
                                        {"uninitialised_reads", reportsJson},
                                        {"stats", stats},
                                        {"compare", nullptr}};
            text = out.dump(2) + "\n";
        }
        writeOutput("", text, outcome);
    });
}

} // namespace tirx::cli
