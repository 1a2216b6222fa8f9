#include "device/local_neuron_device.h"

#include "device/harness.h"
#include "device/host_facts.h"
#include "device/job.h"
#include "device/process.h"
#include "device/work_folder.h"

#include <chrono>

namespace tirx::device {

LocalNeuronDevice::LocalNeuronDevice(LocalNeuronOptions options) : m_options(std::move(options)) {}

DeviceInfo LocalNeuronDevice::describe()
{
    DeviceInfo info;
    info.id = "local";
    info.kind = DeviceKind::NeuronLocal;
    info.name = "this host";
    if (!programOnPath("neuron-ls")) {
        info.status = "unavailable";
        info.message = "no Neuron runtime on this host";
        m_info = info;
        return info;
    }
    HostFacts facts;
    for (const auto& command : neuronLsCommands()) {
        const ProcessResult listed = runProcess(command, limitedTo(30.0));
        facts.addNeuronLs(listed);
        if (facts.neuronLs.ok) break;
    }
    WorkFolder folder;
    if (folder.path().empty()) {
        info.status = "error";
        info.message = folder.error();
        m_info = info;
        return info;
    }
    const std::string written = writeFile(folder.file("harness.py"), std::string(harnessSource()));
    if (written.empty())
        facts.addProbe(runProcess({m_options.python, folder.file("harness.py"), "probe"}, limitedTo(60.0)));
    facts.fill(info);
    m_info = info;
    return info;
}

RunOutcome LocalNeuronDevice::run(const RunRequest& request)
{
    RunOutcome outcome;
    m_cancel = false;
    const auto begin = std::chrono::steady_clock::now();
    const DeviceInfo info = m_info ? *m_info : describe();
    const auto prepared = jobFor(info, request, outcome);
    if (!prepared) return outcome;
    const EmittedJob& job = *prepared;
    WorkFolder folder;
    if (folder.path().empty()) {
        outcome.error = folder.error();
        return outcome;
    }
    std::string error;
    reportStage("copying");
    if (stageJob(folder.path(), request, job, *info.api, &error).empty()) {
        outcome.error = error;
        return outcome;
    }
    ProcessOptions options;
    options.workingDirectory = folder.path();
    options.extraEnvironment["NEURON_RT_VISIBLE_CORES"] = request.visibleCores;
    options.timeoutSeconds = request.timeoutSeconds;
    options.cancel = &m_cancel;
    reportStage("running");
    const ProcessResult ran = runProcess({m_options.python, "harness.py", "run", "job.json"}, options);
    outcome.log = ran.out + ran.err;
    outcome.cancelled = ran.cancelled;
    outcome.timedOut = ran.timedOut;
    if (!ran.succeeded()) {
        outcome.error = processFailure(ran, "the harness", request.timeoutSeconds);
    } else {
        reportStage("fetching");
        collectJob(folder.path(), request, job, outcome);
    }
    outcome.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    return outcome;
}

} // namespace tirx::device
