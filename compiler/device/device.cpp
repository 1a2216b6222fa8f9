#include "device/device.h"

namespace tirx::device {

std::string_view deviceKindName(DeviceKind kind)
{
    switch (kind) {
    case DeviceKind::Simulator: return "simulator";
    case DeviceKind::NeuronLocal: return "neuron-local";
    case DeviceKind::NeuronSsh: return "neuron-ssh";
    }
    return "simulator";
}

} // namespace tirx::device
