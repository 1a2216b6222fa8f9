#pragma once

#include "device/device.h"

#include <optional>
#include <string>

namespace tirx::device {

struct LocalNeuronOptions {
    std::string python = "python3"; // the interpreter that has the Neuron SDK
};

// The Neuron devices of this machine: found with neuron-ls, the API chosen
// by the SDK probe, each run in a private temporary folder removed after.
class LocalNeuronDevice final : public Device {
public:
    explicit LocalNeuronDevice(LocalNeuronOptions options = {});
    [[nodiscard]] DeviceInfo describe() override;
    [[nodiscard]] RunOutcome run(const RunRequest& request) override;

private:
    LocalNeuronOptions m_options;
    std::optional<DeviceInfo> m_info;
};

} // namespace tirx::device
