#include "command.h"
#include "input.h"

#include "device/registry.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace tirx::cli {

namespace {

nlohmann::json infoJson(const device::DeviceInfo& info)
{
    nlohmann::json api = nullptr;
    if (info.api) api = std::string(nkiApiName(*info.api));
    return {{"id", info.id},
            {"kind", std::string(device::deviceKindName(info.kind))},
            {"name", info.name},
            {"cores", info.cores},
            {"memory_bytes", info.memoryBytes},
            {"sdk_version", info.sdkVersion.empty() ? nlohmann::json(nullptr) : nlohmann::json(info.sdkVersion)},
            {"nki_version", info.nkiVersion.empty() ? nlohmann::json(nullptr) : nlohmann::json(info.nkiVersion)},
            {"nki_api", api},
            {"status", info.status},
            {"message", info.message}};
}

std::string infoLine(const device::DeviceInfo& info)
{
    std::string line = info.id + "  " + std::string(device::deviceKindName(info.kind)) + "  " + info.status;
    if (info.api) line += "  api " + std::string(nkiApiName(*info.api));
    if (!info.sdkVersion.empty()) line += "  neuronx-cc " + info.sdkVersion;
    if (!info.nkiVersion.empty()) line += "  nki " + info.nkiVersion;
    if (info.cores) line += "  " + std::to_string(info.cores) + " cores";
    line += "  " + info.name;
    if (!info.message.empty()) line += ": " + info.message;
    return line + "\n";
}

} // namespace

void registerDevices(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("devices", "List the devices a kernel can run on: the simulator, this host's "
                                              "Neuron devices and the saved SSH hosts");
    static bool json = false;
    cmd->add_flag("--json", json, "machine-readable output");
    cmd->callback([&outcome] {
        nlohmann::json list = nlohmann::json::array();
        std::string text;
        std::string problem;
        for (const auto& spec : device::deviceSpecs(&problem)) {
            auto choice = device::makeDevice(spec);
            device::DeviceInfo info;
            if (!choice.device) {
                info.id = spec;
                info.kind = device::kindOfSpec(spec);
                info.name = spec;
                info.status = "error";
                info.message = choice.error;
            } else {
                info = choice.device->describe();
            }
            list.push_back(infoJson(info));
            text += infoLine(info);
        }
        writeOutput("", json ? list.dump(2) + "\n" : text, outcome);
        // The other devices are still listed; the unreadable hosts file is
        // bad input all the same.
        if (!problem.empty()) {
            std::fprintf(stderr, "%s\n", problem.c_str());
            outcome.exit = Exit::BadInput;
        }
    });
}

} // namespace tirx::cli
