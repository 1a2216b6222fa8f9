#include "nki/reference.h"

#include "device/work_folder.h"
#include "nki/standin_child.h"
#include "sim/array_stats.h"
#include "sim/npy.h"

#include <cmath>
#include <filesystem>
#include <limits>

namespace tirx::nki {

ReferenceResult evaluateReference(const std::string& expression,
                                  const std::vector<std::pair<std::string, sim::HostArray>>& inputs,
                                  const RunOptions& options)
{
    ReferenceResult out;
    const StandInScript script = findStandInScript("reference.py", options);
    if (!script.usable()) {
        out.error = script.error;
        return out;
    }
    const device::WorkFolder work;
    if (work.path().empty()) {
        out.error = work.error();
        return out;
    }
    std::string names;
    for (const auto& [name, array] : inputs) {
        if (const std::string e = sim::writeNpy(work.file(name + ".npy"), array); !e.empty()) {
            out.error = e;
            return out;
        }
        names += (names.empty() ? "" : ",") + name;
    }
    const std::string result = work.file("reference.npy");
    const auto run = runStandInScript(
        script, {"--dir", work.path(), "--names", names, "--expr", expression, "--out", result}, work.path(), options);
    if (!run.started) {
        out.error = "cannot start " + script.python + ": " + run.spawnError;
        return out;
    }
    if (!run.succeeded()) {
        const std::string why = run.timedOut ? std::string("timed out") : lastLine(run.err);
        out.error = "the reference '" + expression + "' failed: " + why;
        return out;
    }
    auto read = sim::readNpy(result);
    if (!read.array) {
        out.error = read.error;
        return out;
    }
    out.value = std::move(read.array);
    return out;
}

Comparison compareArrays(const sim::HostArray& got, const sim::HostArray& want)
{
    Comparison c;
    c.elements = got.elements();
    if (got.elements() != want.elements()) {
        c.error = "the output has " + std::to_string(got.elements()) + " elements, the reference " +
                  std::to_string(want.elements());
        return c;
    }
    double scale = 0.0;
    for (int64_t k = 0; k < want.elements(); ++k) {
        const double w = sim::elementAt(want, k);
        if (std::isfinite(w)) scale = std::max(scale, std::abs(w));
    }
    for (int64_t k = 0; k < got.elements(); ++k) {
        const double g = sim::elementAt(got, k);
        const double w = sim::elementAt(want, k);
        double d = std::abs(g - w);
        if (std::isnan(g) != std::isnan(w) || (std::isnan(d) && !(std::isnan(g) && std::isnan(w))))
            d = std::numeric_limits<double>::infinity();
        if (std::isnan(d)) d = 0.0; // both NaN
        c.maxAbs = std::max(c.maxAbs, d);
    }
    c.maxRel = scale > 0.0 ? c.maxAbs / scale : c.maxAbs;
    return c;
}

} // namespace tirx::nki
