#include "device/compare.h"

#include "sim/array_stats.h"

#include <algorithm>
#include <cmath>

namespace tirx::device {

namespace {

OutputComparison compareOne(const std::string& name, const sim::HostArray& device, const sim::HostArray& simulated)
{
    OutputComparison c;
    c.name = name;
    c.tolerance = relativeTolerance(simulated);
    if (device.shape != simulated.shape) {
        c.problem = "'" + name + "' has a different shape on the device";
        return c;
    }
    if (!(device.dtype == simulated.dtype)) {
        c.problem = "'" + name + "' is " + device.dtype.str() + " on the device, " + simulated.dtype.str() +
                    " in the simulator";
        return c;
    }
    bool deviceZeros = true;
    bool simulatorZeros = true;
    bool within = true;
    const int64_t n = simulated.elements();
    for (int64_t k = 0; k < n; ++k) {
        const double d = sim::elementAt(device, k);
        const double s = sim::elementAt(simulated, k);
        deviceZeros = deviceZeros && d == 0.0;
        simulatorZeros = simulatorZeros && s == 0.0;
        if (std::isnan(d) && std::isnan(s)) continue;
        if (d == s) continue; // equal infinities too
        const double abs = std::isnan(d) || std::isnan(s) ? INFINITY : std::fabs(d - s);
        c.maxAbsError = std::max(c.maxAbsError, abs);
        c.maxRelError = std::max(c.maxRelError, abs / std::max(std::fabs(s), 1e-30));
        within = within && abs <= c.tolerance * std::max(std::fabs(s), 1.0);
    }
    c.allZeros = n > 0 && deviceZeros && !simulatorZeros;
    if (c.allZeros) {
        c.problem = "'" + name + "' is all zeros on the device where the simulator's is not";
        return c;
    }
    c.passed = within;
    return c;
}

} // namespace

double relativeTolerance(const sim::HostArray& array)
{
    if (!array.dtype.isFloat()) return 0.0;
    return array.dtype.bits() >= 32 ? 1e-4 : 1e-3;
}

bool Comparison::passed() const
{
    return !outputs.empty() && std::all_of(outputs.begin(), outputs.end(), [](const auto& o) { return o.passed; });
}

double Comparison::maxAbsError() const
{
    double m = 0.0;
    for (const auto& o : outputs) m = std::max(m, o.maxAbsError);
    return m;
}

double Comparison::maxRelError() const
{
    double m = 0.0;
    for (const auto& o : outputs) m = std::max(m, o.maxRelError);
    return m;
}

Comparison compareOutputs(const std::vector<std::pair<std::string, sim::HostArray>>& device,
                          const std::vector<std::pair<std::string, sim::HostArray>>& simulator)
{
    Comparison result;
    for (const auto& [name, simulated] : simulator) {
        // clang before 16 cannot capture a structured binding.
        const std::string& wanted = name;
        const auto it = std::find_if(device.begin(), device.end(), [&](const auto& d) { return d.first == wanted; });
        if (it == device.end()) {
            OutputComparison missing;
            missing.name = name;
            missing.problem = "the device returned no '" + name + "'";
            result.outputs.push_back(std::move(missing));
            continue;
        }
        result.outputs.push_back(compareOne(name, it->second, simulated));
    }
    return result;
}

} // namespace tirx::device
