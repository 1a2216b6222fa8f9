#include "device/remote_neuron_device.h"

#include "device/harness.h"
#include "device/host_facts.h"
#include "device/job.h"
#include "device/neuron_ls.h"
#include "device/work_folder.h"

#include <chrono>

namespace tirx::device {

namespace {

constexpr double kCommandSeconds = 60.0;

std::string quoted(const std::string& word) { return "'" + word + "'"; }

bool contains(const std::string& text, const char* what) { return text.find(what) != std::string::npos; }

} // namespace

RemoteNeuronDevice::RemoteNeuronDevice(SshTarget target, RemoteNeuronOptions options)
    : m_target(std::move(target)), m_options(std::move(options))
{
}

std::vector<std::string> RemoteNeuronDevice::common(const char* program, const char* portFlag) const
{
    std::vector<std::string> argv = {program, "-o", "BatchMode=yes", "-o",
                                     "ConnectTimeout=" + std::to_string(m_options.connectTimeoutSeconds)};
    argv.insert(argv.end(), m_options.sshArguments.begin(), m_options.sshArguments.end());
    if (m_target.port) {
        argv.emplace_back(portFlag);
        argv.push_back(std::to_string(m_target.port));
    }
    return argv;
}

ProcessResult RemoteNeuronDevice::ssh(const std::string& command, double timeoutSeconds, bool cancellable)
{
    auto argv = common("ssh", "-p");
    argv.emplace_back("--");
    argv.push_back(m_target.destination());
    argv.push_back(command);
    return runProcess(argv, limitedTo(timeoutSeconds, cancellable ? &m_cancel : nullptr));
}

ProcessResult RemoteNeuronDevice::copyTo(const std::vector<std::string>& localFiles, const std::string& remoteDir)
{
    auto argv = common("scp", "-P");
    argv.emplace_back("-q");
    argv.emplace_back("--");
    argv.insert(argv.end(), localFiles.begin(), localFiles.end());
    argv.push_back(m_target.destination() + ":" + remoteDir + "/");
    return runProcess(argv, limitedTo(kCommandSeconds));
}

ProcessResult RemoteNeuronDevice::copyFrom(const std::string& remoteDir, const std::vector<std::string>& names,
                                           const std::string& localDir)
{
    auto argv = common("scp", "-P");
    argv.emplace_back("-q");
    argv.emplace_back("--");
    const std::string from = m_target.destination() + ":" + remoteDir + "/";
    for (const auto& name : names) argv.push_back(from + name);
    argv.push_back(localDir + "/");
    return runProcess(argv, limitedTo(kCommandSeconds));
}

std::string RemoteNeuronDevice::sshFailure(const ProcessResult& result, double timeoutSeconds) const
{
    const std::string host = m_target.url();
    if (!result.started) return result.spawnError;
    if (result.cancelled) return "the run was cancelled";
    const std::string& err = result.err;
    if (contains(err, "Connection refused"))
        return "ssh: connection to " + host + " refused (no SSH server listening there)";
    if (contains(err, "Host key verification failed") || contains(err, "REMOTE HOST IDENTIFICATION HAS CHANGED"))
        return "ssh: host key verification failed for " + host +
               " (its key is unknown or has changed; check known_hosts)";
    if (contains(err, "Permission denied")) return "ssh: authentication to " + host + " failed (permission denied)";
    if (contains(err, "Could not resolve hostname")) return "ssh: cannot resolve the host name of " + host;
    if (contains(err, "timed out") || result.timedOut)
        return "ssh: connection to " + host + " timed out after " +
               std::to_string(result.timedOut ? static_cast<int>(timeoutSeconds) : m_options.connectTimeoutSeconds) +
               " s";
    return processFailure(result, "ssh to " + host, timeoutSeconds);
}

std::optional<std::string> RemoteNeuronDevice::makeRemoteFolder(std::string* error)
{
    const ProcessResult made = ssh("mktemp -d -t tirx-device-XXXXXX", kCommandSeconds);
    if (!made.succeeded()) {
        *error = made.exited && made.exitCode != 255 ? processFailure(made, "mktemp on " + m_target.url(), 0)
                                                     : sshFailure(made, kCommandSeconds);
        return std::nullopt;
    }
    std::string path = made.out;
    while (!path.empty() && (path.back() == '\n' || path.back() == '\r')) path.pop_back();
    if (!safeShellWord(path) || path.front() != '/') {
        *error = "mktemp on " + m_target.url() + " returned an unexpected path";
        return std::nullopt;
    }
    return path;
}

void RemoteNeuronDevice::removeRemoteFolder(const std::string& path)
{
    // Stop whatever the harness left running, then the folder goes.
    (void)ssh("if [ -f " + quoted(path + "/pid") + " ]; then kill -TERM -- -$(cat " + quoted(path + "/pid") +
                  ") 2>/dev/null; fi; rm -rf " + quoted(path),
              kCommandSeconds);
}

DeviceInfo RemoteNeuronDevice::describe()
{
    DeviceInfo info;
    info.id = m_target.url();
    info.kind = DeviceKind::NeuronSsh;
    info.name = m_target.destination();
    if (!safeShellWord(m_options.python) || !safeShellWord(m_options.neuronLs)) {
        info.status = "error";
        info.message = "refusing a python or neuron-ls path with shell metacharacters";
        m_info = info;
        return info;
    }
    HostFacts facts;
    for (const auto& command : neuronLsCommands()) {
        std::string line = m_options.neuronLs;
        for (size_t i = 1; i < command.size(); ++i) line += " " + command[i];
        const ProcessResult listed = ssh(line, kCommandSeconds);
        if (listed.started && !listed.exited) {
            info.status = "error";
            info.message = sshFailure(listed, kCommandSeconds);
            m_info = info;
            return info;
        }
        if (listed.exited && listed.exitCode == 255) {
            info.status = "error";
            info.message = sshFailure(listed, kCommandSeconds);
            m_info = info;
            return info;
        }
        facts.addNeuronLs(listed);
        if (facts.neuronLs.ok || facts.neuronLsMissing) break;
    }
    if (!facts.neuronLsMissing && facts.neuronLs.ok) {
        std::string error;
        WorkFolder local;
        const auto remote = makeRemoteFolder(&error);
        if (remote && writeFile(local.file("harness.py"), std::string(harnessSource())).empty()) {
            if (copyTo({local.file("harness.py")}, *remote).succeeded())
                facts.addProbe(
                    ssh(m_options.python + " " + quoted(*remote + "/harness.py") + " probe", kCommandSeconds));
            removeRemoteFolder(*remote);
        }
    }
    facts.fill(info);
    if (info.message == "no Neuron runtime on this host") info.message = "no Neuron runtime on " + m_target.url();
    m_info = info;
    return info;
}

RunOutcome RemoteNeuronDevice::run(const RunRequest& request)
{
    RunOutcome outcome;
    m_cancel = false;
    const auto begin = std::chrono::steady_clock::now();
    const DeviceInfo info = m_info ? *m_info : describe();
    if (!safeShellWord(m_options.python) || !safeShellWord(request.visibleCores)) {
        outcome.error = "refusing a python path or core list with shell metacharacters";
        return outcome;
    }
    const auto prepared = jobFor(info, request, outcome);
    if (!prepared) return outcome;
    const EmittedJob& job = *prepared;
    WorkFolder local;
    if (local.path().empty()) {
        outcome.error = local.error();
        return outcome;
    }
    std::string error;
    reportStage("copying");
    const auto files = stageJob(local.path(), request, job, *info.api, &error);
    if (files.empty()) {
        outcome.error = error;
        return outcome;
    }
    const auto remote = makeRemoteFolder(&error);
    if (!remote) {
        outcome.error = error;
        return outcome;
    }
    std::vector<std::string> paths;
    paths.reserve(files.size());
    for (const auto& f : files) paths.push_back(local.file(f));
    const ProcessResult copied = copyTo(paths, *remote);
    if (!copied.succeeded()) {
        outcome.error = sshFailure(copied, kCommandSeconds);
        removeRemoteFolder(*remote);
        return outcome;
    }
    const int seconds = static_cast<int>(request.timeoutSeconds) + 1;
    const std::string command =
        "cd " + quoted(*remote) + " && echo $$ > pid && NEURON_RT_VISIBLE_CORES=" + request.visibleCores +
        " exec timeout -k 5 " + std::to_string(seconds) + " " + m_options.python + " harness.py run job.json";
    reportStage("running");
    const ProcessResult ran = ssh(command, request.timeoutSeconds, true);
    outcome.log = ran.out + ran.err;
    outcome.cancelled = ran.cancelled;
    outcome.timedOut = ran.timedOut;
    if (ran.cancelled || ran.timedOut || !ran.started || (ran.exited && ran.exitCode == 255)) {
        outcome.error = ran.timedOut
                            ? processFailure(ran, "the kernel run on " + m_target.url(), request.timeoutSeconds)
                            : sshFailure(ran, request.timeoutSeconds);
    } else if (!ran.succeeded()) {
        outcome.error = processFailure(ran, "the harness on " + m_target.url(), request.timeoutSeconds);
    } else {
        reportStage("fetching");
        const ProcessResult fetched = copyFrom(*remote, resultFiles(request), local.path());
        collectJob(local.path(), request, job, outcome);
        if (!outcome.ok && outcome.error == "the harness wrote no result.json")
            outcome.error = sshFailure(fetched, kCommandSeconds);
    }
    removeRemoteFolder(*remote);
    outcome.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    return outcome;
}

} // namespace tirx::device
