#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tirx::device {

struct NeuronProcess {
    int64_t pid = 0;
    std::string command;
};

struct NeuronDeviceEntry {
    int index = 0;
    int cores = 0;
    int64_t memoryBytes = 0;
    std::string bdf;
    std::vector<NeuronProcess> processes; // a device with any is busy
};

struct NeuronLsReport {
    bool ok = false;
    std::string error; // one sentence when !ok
    std::string instanceType;
    std::vector<NeuronDeviceEntry> devices;
    [[nodiscard]] int cores() const;
    [[nodiscard]] int64_t memoryBytes() const;
    [[nodiscard]] int busyDevices() const;
};

// The JSON of `neuron-ls --output-format json` (SDK 2.34 on) or
// `neuron-ls --json-output` / `-j` (before): a list of devices, either at the
// top level or under "neuron_devices" beside instance facts. Per device the
// index ("neuron_device"), cores ("nc_count", later "neuroncore_count"),
// memory in bytes ("memory_size") and the processes using it
// ("neuron_processes"). Anything else is a clear error, never a guess.
[[nodiscard]] NeuronLsReport parseNeuronLs(const std::string& text);

// The two ways to ask for JSON, newest first.
[[nodiscard]] const std::vector<std::vector<std::string>>& neuronLsCommands();

} // namespace tirx::device
