#include "run_device.h"

#include "device/device_run.h"
#include "device/registry.h"
#include "sim/npy.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace tirx::cli {

namespace {

nlohmann::json compareJson(const device::Comparison& c)
{
    nlohmann::json outputs = nlohmann::json::array();
    for (const auto& o : c.outputs) {
        outputs.push_back({{"name", o.name},
                           {"max_abs_error", o.maxAbsError},
                           {"max_rel_error", o.maxRelError},
                           {"tolerance", o.tolerance},
                           {"passed", o.passed},
                           {"all_zeros", o.allZeros},
                           {"problem", o.problem}});
    }
    return {{"max_abs_error", c.maxAbsError()},
            {"max_rel_error", c.maxRelError()},
            {"passed", c.passed()},
            {"outputs", outputs}};
}

std::string compareText(const device::Comparison& c)
{
    std::string text;
    for (const auto& o : c.outputs) {
        char line[320];
        std::snprintf(line, sizeof line, "%s: max abs error %.3g, max rel error %.3g (tolerance %.0e): %s%s%s\n",
                      o.name.c_str(), o.maxAbsError, o.maxRelError, o.tolerance, o.passed ? "pass" : "FAIL",
                      o.problem.empty() ? "" : ": ", o.problem.c_str());
        text += line;
    }
    text += c.passed() ? "the device agrees with the simulator\n" : "the device DISAGREES with the simulator\n";
    return text;
}

} // namespace

std::optional<ChosenDevice> chooseDevice(const std::string& spec, Outcome& outcome)
{
    auto choice = device::makeDevice(spec);
    if (!choice.device) {
        std::fprintf(stderr, "tirx-cli: error: %s\n", choice.error.c_str());
        outcome.exit = Exit::Usage;
        return std::nullopt;
    }
    device::DeviceInfo info = choice.device->describe();
    if (!info.api) {
        std::fprintf(stderr, "tirx-cli: error: device %s is %s: %s\n", spec.c_str(), info.status.c_str(),
                     info.message.c_str());
        outcome.exit = Exit::Usage;
        return std::nullopt;
    }
    return ChosenDevice{std::move(choice.device), std::move(info)};
}

void runOnDevice(ChosenDevice& chosen, const Lowered& lowered, FunctionRef kernel,
                 const std::map<std::string, sim::HostArray>& inputs, const std::map<std::string, std::string>& outputs,
                 uint64_t seed, bool json, Outcome& outcome)
{
    const device::DeviceInfo& info = chosen.info;
    std::string error;
    const Module& final = *lowered.trace().entries.back()->module;
    const auto request =
        device::makeRequest(final, lowered.result.parsed.module.get(), kernel, lowered.target(), inputs, seed, &error);
    if (!error.empty()) {
        std::fprintf(stderr, "tirx-cli: error: %s\n", error.c_str());
        outcome.exit = Exit::Usage;
        return;
    }
    const device::DeviceRun run = device::runAndCompare(*chosen.device, info.kind, request);
    const Input& input = lowered.input;
    std::fputs(formatDiagnostics(run.device.diagnostics, input.path, input.source).c_str(), stderr);
    if (!run.device.ok) {
        std::fprintf(stderr, "tirx-cli: error: %s\n", run.device.error.c_str());
        if (!json && !run.device.log.empty()) std::fputs(run.device.log.c_str(), stderr);
        outcome.exit = run.device.diagnostics.empty() ? Exit::Usage : Exit::BadInput;
        return;
    }
    nlohmann::json written = nlohmann::json::object();
    for (const auto& [name, array] : run.device.outputs) {
        const auto where = outputs.find(name);
        written[name] = nullptr;
        if (where == outputs.end()) continue;
        const std::string failure = sim::writeNpy(where->second, array);
        if (!failure.empty()) {
            std::fprintf(stderr, "tirx-cli: error: %s\n", failure.c_str());
            outcome.exit = Exit::Usage;
            return;
        }
        written[name] = where->second;
    }
    const double simSeconds = run.simulator ? run.simulator->seconds : 0.0;
    std::string text;
    char timing[256];
    std::snprintf(timing, sizeof timing, "%s: kernel %.6f s, round trip %.3f s; simulator %.3f s\n", info.id.c_str(),
                  run.device.seconds, run.device.wallSeconds, simSeconds);
    text += timing;
    if (run.comparison) text += compareText(*run.comparison);
    if (run.simulator && !run.simulator->ok) text += "the simulator failed: " + run.simulator->error + "\n";
    if (json) {
        const nlohmann::json out = {{"device", info.id},
                                    {"api", info.api ? std::string(nkiApiName(*info.api)) : std::string()},
                                    {"outputs", written},
                                    {"seconds", run.device.seconds},
                                    {"wall_seconds", run.device.wallSeconds},
                                    {"simulator_seconds", simSeconds},
                                    {"instructions", nlohmann::json::object()},
                                    {"uninitialised_reads", nlohmann::json::array()},
                                    {"log", run.device.log},
                                    {"compare", run.comparison ? compareJson(*run.comparison) : nullptr}};
        text = out.dump(2) + "\n";
    }
    writeOutput("", text, outcome);
    if (!run.comparison || !run.comparison->passed()) outcome.exit = Exit::BadInput;
}

} // namespace tirx::cli
