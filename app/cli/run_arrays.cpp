#include "run_arrays.h"

#include "files/checked_read.h"
#include "sim/array_stats.h"
#include "sim/npy.h"

#include <cstdio>

namespace tirx::cli {

namespace {

void usageError(const std::string& message, Outcome& outcome)
{
    std::fprintf(stderr, "tirx-cli: error: %s\n", message.c_str());
    outcome.exit = Exit::Usage;
}

} // namespace

std::optional<std::map<std::string, std::string>> namedPaths(const std::vector<std::string>& items, const char* option,
                                                             Outcome& outcome)
{
    std::map<std::string, std::string> out;
    for (const auto& item : items) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == item.size()) {
            usageError(std::string(option) + " expects NAME=PATH.npy, got '" + item + "'", outcome);
            return std::nullopt;
        }
        out[item.substr(0, eq)] = item.substr(eq + 1);
    }
    return out;
}

std::optional<std::map<std::string, sim::HostArray>> readInputArrays(const std::vector<std::string>& items,
                                                                     Outcome& outcome)
{
    const auto paths = namedPaths(items, "--input", outcome);
    if (!paths) return std::nullopt;
    std::map<std::string, sim::HostArray> arrays;
    for (const auto& [name, path] : *paths) {
        const auto file = files::readCheckedFile(path, sim::kMaxNpyFileBytes);
        if (!file.bytes) {
            std::fprintf(stderr, "%s\n", files::cannotReadMessage(path, file.reason).c_str());
            outcome.exit = Exit::BadInput;
            return std::nullopt;
        }
        auto parsed = sim::parseNpy({reinterpret_cast<const uint8_t*>(file.bytes->data()), file.bytes->size()});
        if (!parsed.array) {
            std::fprintf(stderr, "%s: error: %s (the input '%s')\n", path.c_str(), parsed.error.c_str(), name.c_str());
            outcome.exit = Exit::BadInput;
            return std::nullopt;
        }
        arrays[name] = std::move(*parsed.array);
    }
    return arrays;
}

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

std::optional<OutputReport> writeOutputArrays(const NamedArrays& outputs,
                                              const std::map<std::string, std::string>& outputPaths, Outcome& outcome)
{
    for (const auto& [name, path] : outputPaths) {
        bool known = false;
        std::string names;
        for (const auto& [n, array] : outputs) {
            known = known || n == name;
            names += (names.empty() ? "" : ", ") + n;
        }
        if (!known) {
            usageError("'" + name +
                           "' is not an output of the kernel (its outputs: " + (names.empty() ? "none" : names) + ")",
                       outcome);
            return std::nullopt;
        }
    }
    OutputReport report;
    for (const auto& [name, array] : outputs) {
        const auto where = outputPaths.find(name);
        if (where != outputPaths.end()) {
            if (const std::string failure = sim::writeNpy(where->second, array); !failure.empty()) {
                usageError(failure, outcome);
                return std::nullopt;
            }
            report.paths[name] = where->second;
        } else {
            report.paths[name] = nullptr;
        }
        const auto s = sim::arrayStats(array);
        // Without a non-NaN element, min, max and mean are null, not 0.
        auto described = [&](double v) { return s.hasFinite() ? nlohmann::json(v) : nlohmann::json(nullptr); };
        report.stats[name] = {{"shape", array.shape},    {"dtype", array.dtype.str()}, {"min", described(s.min)},
                              {"max", described(s.max)}, {"mean", described(s.mean)},  {"nan_count", s.nans}};
        char line[320];
        const char* arrow = where != outputPaths.end() ? " -> " : "";
        const char* path = where != outputPaths.end() ? where->second.c_str() : "";
        if (s.hasFinite()) {
            std::snprintf(line, sizeof line, "%s %s %s: min %.6g max %.6g mean %.6g nan %lld%s%s\n", name.c_str(),
                          array.dtype.str().c_str(), shapeText(array.shape).c_str(), s.min, s.max, s.mean,
                          static_cast<long long>(s.nans), arrow, path);
        } else {
            std::snprintf(line, sizeof line, "%s %s %s: all %lld elements NaN%s%s\n", name.c_str(),
                          array.dtype.str().c_str(), shapeText(array.shape).c_str(), static_cast<long long>(s.nans),
                          arrow, path);
        }
        report.text += line;
    }
    return report;
}

} // namespace tirx::cli
