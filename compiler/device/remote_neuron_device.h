#pragma once

#include "device/device.h"
#include "device/process.h"
#include "device/ssh_target.h"

#include <optional>
#include <string>
#include <vector>

namespace tirx::device {

struct RemoteNeuronOptions {
    // On the remote host, plain words or paths: the SDK often lives in a
    // virtual environment, and /opt/aws/neuron/bin is not always on the PATH
    // of a non-interactive login.
    std::string python = "python3";
    std::string neuronLs = "neuron-ls";
    int connectTimeoutSeconds = 10;
    // Passed to both ssh and scp before the destination (e.g. "-i", KEY,
    // "-o", "UserKnownHostsFile=..."); the user's ~/.ssh/config applies
    // as well, so aliases, agents and ProxyJump work unchanged.
    std::vector<std::string> sshArguments;
};

// A Neuron host reached with the system's ssh and scp, always in BatchMode
// (a prompt would hang the run). Every run gets a remote folder made by
// mktemp and removed afterwards, whatever happened.
class RemoteNeuronDevice final : public Device {
public:
    RemoteNeuronDevice(SshTarget target, RemoteNeuronOptions options = {});
    [[nodiscard]] DeviceInfo describe() override;
    [[nodiscard]] RunOutcome run(const RunRequest& request) override;

    // One sentence for a failed ssh or scp: connection refused, host key,
    // authentication, unknown host, timeout; else ssh's own last line.
    [[nodiscard]] std::string sshFailure(const ProcessResult& result, double timeoutSeconds) const;

private:
    [[nodiscard]] std::vector<std::string> common(const char* program, const char* portFlag) const;
    [[nodiscard]] ProcessResult ssh(const std::string& command, double timeoutSeconds, bool cancellable = false);
    [[nodiscard]] ProcessResult copyTo(const std::vector<std::string>& localFiles, const std::string& remoteDir);
    [[nodiscard]] ProcessResult copyFrom(const std::string& remoteDir, const std::vector<std::string>& names,
                                         const std::string& localDir);
    // A new remote folder, or nullopt with *error set.
    [[nodiscard]] std::optional<std::string> makeRemoteFolder(std::string* error);
    void removeRemoteFolder(const std::string& path);

    SshTarget m_target;
    RemoteNeuronOptions m_options;
    std::optional<DeviceInfo> m_info;
};

} // namespace tirx::device
