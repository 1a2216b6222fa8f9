#include "device/simulator_device.h"

#include "sim/simulator.h"

#include <chrono>
#include <map>

namespace tirx::device {

DeviceInfo SimulatorDevice::describe()
{
    DeviceInfo info;
    info.id = "sim";
    info.kind = DeviceKind::Simulator;
    info.name = "built-in NKI simulator";
    info.cores = 1;
    info.status = "ready";
    return info;
}

RunOutcome SimulatorDevice::run(const RunRequest& request)
{
    RunOutcome outcome;
    if (!request.kernel) {
        outcome.error = "no lowered kernel to run";
        return outcome;
    }
    m_cancel = false;
    reportStage("running");
    const auto begin = std::chrono::steady_clock::now();
    std::map<std::string, sim::HostArray> inputs(request.inputs.begin(), request.inputs.end());
    sim::SimOptions options;
    options.recordTrace = false;
    options.progress = [this](int64_t) { return !m_cancel.load(); };
    auto result = sim::simulate(*request.kernel, request.target, inputs, options);
    outcome.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    outcome.seconds = result.seconds;
    outcome.cancelled = result.cancelled;
    outcome.diagnostics = std::move(result.diagnostics);
    if (result.cancelled) {
        outcome.error = "the run was cancelled";
        return outcome;
    }
    if (!result.ok()) {
        outcome.error = "the simulator stopped with an error";
        return outcome;
    }
    outcome.outputs = std::move(result.outputs);
    outcome.log = "simulated " + std::to_string(result.instructions) + " instructions\n";
    outcome.ok = true;
    return outcome;
}

} // namespace tirx::device
