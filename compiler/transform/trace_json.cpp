#include "transform/trace_json.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace tirx {

std::string dumpFileName(size_t index, const std::string& passName)
{
    char prefix[16];
    std::snprintf(prefix, sizeof prefix, "%02zu-", index);
    return prefix + passName + ".py";
}

nlohmann::json traceToJson(const Trace& trace, const std::vector<std::string>& files)
{
    nlohmann::json passes = nlohmann::json::array();
    for (size_t i = 1; i < trace.entries.size(); ++i) {
        const auto& e = *trace.entries[i];
        nlohmann::json diags = nlohmann::json::array();
        for (const auto& d : e.diagnostics) {
            diags.push_back({{"severity", std::string{severityName(d.severity)}},
                             {"message", d.message},
                             {"line", d.span.line},
                             {"column", d.span.column}});
        }
        passes.push_back({{"name", e.passName},
                          {"file", i < files.size() ? files[i] : std::string{}},
                          {"microseconds", e.microseconds},
                          {"changed", e.changed},
                          {"failed", e.failed},
                          {"diagnostics", std::move(diags)}});
    }
    return {{"target", trace.targetTag},
            {"pipeline", trace.pipeline},
            {"input", files.empty() ? std::string{} : files.front()},
            {"passes", std::move(passes)}};
}

} // namespace tirx
