#pragma once

#include "device/device.h"

namespace tirx::device {

// The built-in simulator (chapter 06) behind the same interface as the
// hardware: always present, the default, and what every device run is
// compared against.
class SimulatorDevice final : public Device {
public:
    [[nodiscard]] DeviceInfo describe() override;
    [[nodiscard]] RunOutcome run(const RunRequest& request) override;
};

} // namespace tirx::device
