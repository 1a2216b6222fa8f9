// The neuron-ls JSON parser on any text (a host's neuron-ls of any SDK
// version, or something else printed in its place): a report or a one
// sentence error, never a crash or an exception; the totals of a report are
// computed without overflow.

#include "device/neuron_ls.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto report = tirx::device::parseNeuronLs(text);
    if (!report.ok) {
        if (report.error.empty()) std::abort(); // a refusal always says why
        return 0;
    }
    (void)report.cores();
    (void)report.memoryBytes();
    (void)report.busyDevices();
    return 0;
}
