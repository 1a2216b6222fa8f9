#pragma once

#include "device/device.h"
#include "device/remote_neuron_device.h"

#include <memory>
#include <string>
#include <vector>

namespace tirx::device {

struct DeviceChoice {
    std::unique_ptr<Device> device;
    std::string error; // set when device is not
};

// "sim", "local" or "ssh://[user@]host[:port]", as `run --device` takes them.
[[nodiscard]] DeviceChoice makeDevice(const std::string& spec, const RemoteNeuronOptions& remote = {});

// The kind of device a spec names (an unknown spec counts as SSH: it is
// refused when made).
[[nodiscard]] DeviceKind kindOfSpec(const std::string& spec);

// The file that keeps the SSH hosts the user added, one ssh:// URL a line:
// $XDG_CONFIG_HOME/tirx-explorer/ssh-hosts (~/.config when unset). The app's
// Devices dock and `tirx-cli devices` both read it, through the checked
// reader: a FIFO, a device or a huge file there is refused at once, and
// `problem` (when given) gets "PATH: error: cannot read the file: REASON";
// no file at all is no hosts and no problem.
[[nodiscard]] std::string hostsFilePath();
[[nodiscard]] std::vector<std::string> readHosts(std::string* problem = nullptr);
// Returns the error text, empty on success.
[[nodiscard]] std::string writeHosts(const std::vector<std::string>& hosts);

// Every device to list: the simulator, this host, then the saved SSH hosts.
[[nodiscard]] std::vector<std::string> deviceSpecs(std::string* problem = nullptr);

} // namespace tirx::device
