#pragma once

#include "nki/trace.h"

#include <string>
#include <string_view>
#include <variant>

namespace tirx::nki {

// The stand-in caps a document at 256 MiB (TRACE.md, Limits); a larger one
// is refused before it is parsed.
inline constexpr size_t kMaxTraceBytes = size_t{256} << 20;

struct TraceReadResult {
    std::optional<Trace> trace;
    std::string error; // set when trace is not: what is wrong and where ("programs[0].tensors[2].shape: ...")
};

// Parses and validates a version-1 trace. A document that is not JSON, is
// cut short, has another format or version, or lacks a field the schema
// requires is an error naming the field; unknown fields are ignored (the
// schema may grow).
[[nodiscard]] TraceReadResult readTrace(std::string_view text);

// Reads the file at `path` (refusing one over kMaxTraceBytes) and parses it.
[[nodiscard]] TraceReadResult readTraceFile(const std::string& path);

} // namespace tirx::nki
