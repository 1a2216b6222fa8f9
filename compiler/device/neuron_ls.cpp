#include "device/neuron_ls.h"

#include <nlohmann/json.hpp>

namespace tirx::device {

namespace {

using nlohmann::json;

const json* field(const json& object, std::initializer_list<const char*> names)
{
    for (const char* name : names) {
        const auto it = object.find(name);
        if (it != object.end() && !it->is_null()) return &*it;
    }
    return nullptr;
}

bool readInteger(const json& object, std::initializer_list<const char*> names, int64_t& into)
{
    const json* value = field(object, names);
    if (!value) return true;
    if (!value->is_number_integer()) return false;
    into = value->get<int64_t>();
    return true;
}

} // namespace

int NeuronLsReport::cores() const
{
    int n = 0;
    for (const auto& d : devices) n += d.cores;
    return n;
}

int64_t NeuronLsReport::memoryBytes() const
{
    int64_t n = 0;
    for (const auto& d : devices) n += d.memoryBytes;
    return n;
}

int NeuronLsReport::busyDevices() const
{
    int n = 0;
    for (const auto& d : devices) n += d.processes.empty() ? 0 : 1;
    return n;
}

NeuronLsReport parseNeuronLs(const std::string& text)
{
    NeuronLsReport report;
    const json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded()) {
        report.error = "neuron-ls printed something that is not JSON";
        return report;
    }
    const json* list = &doc;
    if (doc.is_object()) {
        if (const json* type = field(doc, {"instance_type", "instance-type"}); type && type->is_string())
            report.instanceType = type->get<std::string>();
        list = field(doc, {"neuron_devices", "devices"});
        if (!list) {
            report.error = "neuron-ls JSON has no device list (no \"neuron_devices\")";
            return report;
        }
    }
    if (!list->is_array()) {
        report.error = "neuron-ls JSON device list is not an array";
        return report;
    }
    for (const json& entry : *list) {
        if (!entry.is_object()) {
            report.error = "neuron-ls JSON device entry is not an object";
            return report;
        }
        NeuronDeviceEntry device;
        int64_t index = static_cast<int64_t>(report.devices.size());
        int64_t cores = 0;
        if (!readInteger(entry, {"neuron_device", "device"}, index) ||
            !readInteger(entry, {"nc_count", "neuroncore_count", "neuron_cores"}, cores) ||
            !readInteger(entry, {"memory_size", "memory_bytes"}, device.memoryBytes)) {
            report.error = "neuron-ls JSON device " + std::to_string(report.devices.size()) +
                           " has a non-integer index, core count or memory size";
            return report;
        }
        device.index = static_cast<int>(index);
        device.cores = static_cast<int>(cores);
        if (const json* bdf = field(entry, {"bdf", "pci_bdf"}); bdf && bdf->is_string()) device.bdf = *bdf;
        if (const json* procs = field(entry, {"neuron_processes", "processes"})) {
            if (!procs->is_array()) {
                report.error = "neuron-ls JSON processes of device " + std::to_string(device.index) + " are not a list";
                return report;
            }
            for (const json& p : *procs) {
                if (!p.is_object()) continue;
                NeuronProcess process;
                if (const json* pid = field(p, {"pid"}); pid && pid->is_number_integer()) process.pid = *pid;
                if (const json* cmd = field(p, {"command"}); cmd && cmd->is_string()) process.command = *cmd;
                device.processes.push_back(std::move(process));
            }
        }
        report.devices.push_back(std::move(device));
    }
    report.ok = true;
    return report;
}

const std::vector<std::vector<std::string>>& neuronLsCommands()
{
    static const std::vector<std::vector<std::string>> commands = {
        {"neuron-ls", "--output-format", "json"},
        {"neuron-ls", "--json-output"},
    };
    return commands;
}

} // namespace tirx::device
