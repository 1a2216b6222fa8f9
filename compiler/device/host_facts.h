#pragma once

#include "device/device.h"
#include "device/neuron_ls.h"
#include "device/process.h"
#include "device/sdk_probe.h"

#include <string>

namespace tirx::device {

// What neuron-ls and the SDK probe said about one host, here or over SSH,
// turned into the DeviceInfo both kinds of Neuron device report.
struct HostFacts {
    bool neuronLsMissing = false; // exit status 127: the command does not exist there
    NeuronLsReport neuronLs;
    bool probed = false;
    SdkProbe probe;

    void addNeuronLs(const ProcessResult& listed);
    void addProbe(const ProcessResult& probed);
    void fill(DeviceInfo& info) const;
};

// One sentence for a child process that did not succeed: not started, timed
// out, cancelled, killed, or its exit status and the last line it printed.
[[nodiscard]] std::string processFailure(const ProcessResult& result, const std::string& what, double timeoutSeconds);

} // namespace tirx::device
