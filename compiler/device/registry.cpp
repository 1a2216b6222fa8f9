#include "device/registry.h"

#include "device/local_neuron_device.h"
#include "device/simulator_device.h"
#include "device/work_folder.h"
#include "files/checked_read.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace tirx::device {

DeviceChoice makeDevice(const std::string& spec, const RemoteNeuronOptions& remote)
{
    if (spec == "sim") return {std::make_unique<SimulatorDevice>(), {}};
    if (spec == "local") return {std::make_unique<LocalNeuronDevice>(), {}};
    if (spec.starts_with("ssh://")) {
        auto parsed = parseSshTarget(spec);
        if (!parsed.target) return {nullptr, parsed.error};
        return {std::make_unique<RemoteNeuronDevice>(*parsed.target, remote), {}};
    }
    return {nullptr, "unknown device '" + spec + "': use sim, local or ssh://[user@]host"};
}

DeviceKind kindOfSpec(const std::string& spec)
{
    if (spec == "sim") return DeviceKind::Simulator;
    if (spec == "local") return DeviceKind::NeuronLocal;
    return DeviceKind::NeuronSsh;
}

std::string hostsFilePath()
{
    const char* config = std::getenv("XDG_CONFIG_HOME");
    std::string base;
    if (config && *config) {
        base = config;
    } else {
        const char* home = std::getenv("HOME");
        base = std::string(home ? home : ".") + "/.config";
    }
    return base + "/tirx-explorer/ssh-hosts";
}

std::vector<std::string> readHosts(std::string* problem)
{
    const std::string path = hostsFilePath();
    auto read = files::readCheckedFile(path);
    if (!read.bytes) {
        // No file yet is the usual state: no hosts, nothing to say.
        if (problem && ::access(path.c_str(), F_OK) == 0) *problem = files::cannotReadMessage(path, read.reason);
        return {};
    }
    std::vector<std::string> hosts;
    std::istringstream lines(*read.bytes);
    for (std::string line; std::getline(lines, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (!line.empty() && line.front() != '#') hosts.push_back(line);
    }
    return hosts;
}

std::string writeHosts(const std::vector<std::string>& hosts)
{
    const std::filesystem::path path(hostsFilePath());
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    std::string text;
    for (const auto& h : hosts) text += h + "\n";
    return writeFile(path.string(), text);
}

std::vector<std::string> deviceSpecs(std::string* problem)
{
    std::vector<std::string> specs = {"sim", "local"};
    for (const auto& host : readHosts(problem)) specs.push_back(host.starts_with("ssh://") ? host : "ssh://" + host);
    return specs;
}

} // namespace tirx::device
