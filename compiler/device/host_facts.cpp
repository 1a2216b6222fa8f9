#include "device/host_facts.h"

#include <cstdio>

namespace tirx::device {

namespace {

std::string lastLine(const std::string& text)
{
    size_t end = text.find_last_not_of("\r\n \t");
    if (end == std::string::npos) return {};
    const size_t begin = text.rfind('\n', end);
    return text.substr(begin == std::string::npos ? 0 : begin + 1,
                       end - (begin == std::string::npos ? 0 : begin + 1) + 1);
}

} // namespace

void HostFacts::addNeuronLs(const ProcessResult& listed)
{
    neuronLsMissing = listed.exited && listed.exitCode == 127;
    if (!listed.succeeded()) {
        neuronLs = {};
        neuronLs.error = processFailure(listed, "neuron-ls", 30.0);
        return;
    }
    neuronLs = parseNeuronLs(listed.out);
}

void HostFacts::addProbe(const ProcessResult& ran)
{
    probed = true;
    if (!ran.succeeded()) {
        probe = {};
        probe.error = processFailure(ran, "the SDK probe", 60.0);
        return;
    }
    probe = parseSdkProbe(ran.out);
}

void HostFacts::fill(DeviceInfo& info) const
{
    if (neuronLsMissing) {
        info.status = "unavailable";
        info.message = "no Neuron runtime on this host";
        return;
    }
    if (!neuronLs.ok) {
        info.status = "error";
        info.message = neuronLs.error;
        return;
    }
    info.cores = neuronLs.cores();
    info.memoryBytes = neuronLs.memoryBytes();
    if (!neuronLs.instanceType.empty()) info.name += " (" + neuronLs.instanceType + ")";
    if (neuronLs.devices.empty()) {
        info.status = "unavailable";
        info.message = "neuron-ls lists no Neuron devices on this host";
        return;
    }
    info.sdkVersion = probe.compiler;
    info.nkiVersion = probe.nki;
    const ApiChoice choice = probed ? chooseApi(probe) : ApiChoice{std::nullopt, "the SDK probe did not run"};
    info.api = choice.api;
    if (!choice.api) {
        info.status = "unavailable";
        info.message = choice.reason;
        return;
    }
    const int busy = neuronLs.busyDevices();
    if (busy == static_cast<int>(neuronLs.devices.size())) {
        const NeuronProcess& p = neuronLs.devices.front().processes.front();
        info.status = "busy";
        info.message = "every Neuron device is in use (pid " + std::to_string(p.pid) +
                       (p.command.empty() ? "" : ": " + p.command) + ")";
        return;
    }
    info.status = "ready";
    info.message = choice.reason;
    if (busy > 0)
        info.message +=
            "; " + std::to_string(busy) + " of " + std::to_string(neuronLs.devices.size()) + " devices in use";
}

std::string processFailure(const ProcessResult& result, const std::string& what, double timeoutSeconds)
{
    if (!result.started) return result.spawnError;
    if (result.cancelled) return "the run was cancelled";
    if (result.timedOut) {
        char text[64];
        std::snprintf(text, sizeof text, "%.0f", timeoutSeconds);
        return what + " did not finish within " + text + " s (timeout)";
    }
    if (!result.exited) return what + " was killed by signal " + std::to_string(result.signal);
    const std::string line = lastLine(result.err.empty() ? result.out : result.err);
    return what + " failed with exit status " + std::to_string(result.exitCode) + (line.empty() ? "" : ": " + line);
}

} // namespace tirx::device
