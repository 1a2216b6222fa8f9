#pragma once

#include "transform/pipeline.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace tirx {

// The trace.json shape of CLI.md: {"target", "pipeline", "passes": [{"name",
// "file", "microseconds", "changed", "diagnostics": [...]}]}. `files` gives the
// dump file name of each entry (same order as trace.entries, input first).
[[nodiscard]] nlohmann::json traceToJson(const Trace& trace, const std::vector<std::string>& files);

// "00-input.py", "01-TrnPrivateTensorAlloc.py", ...
[[nodiscard]] std::string dumpFileName(size_t index, const std::string& passName);

} // namespace tirx
