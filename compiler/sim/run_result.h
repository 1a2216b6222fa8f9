#pragma once

#include "ir/diagnostic.h"
#include "sim/host_array.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tirx::sim {

// The bytes one instruction touched in one tensor: partitions
// [partitionBegin, partitionEnd) and bytes [byteBegin, byteEnd) within each
// partition (PSUM bytes count from bank 0: bank = byte / 2048).
struct AccessRegion {
    std::string tensor;
    std::string scope;
    int64_t partitionBegin = 0;
    int64_t partitionEnd = 0;
    int64_t byteBegin = 0;
    int64_t byteEnd = 0;
    bool write = false;
};

// One executed instruction: what the memory maps animate.
struct InstructionRecord {
    int64_t id = 0; // 0-based, in execution order
    std::string op; // "T.nki.matmul"
    std::string engine;
    Span span; // the T.nki call
    int64_t elements = 0;
    std::vector<AccessRegion> accesses;
};

// Elements an instruction read before anything wrote them. Reported once per
// call site and tensor; `instructions` counts how many executions did so.
struct UninitialisedRead {
    int64_t instruction = 0; // the first execution that did
    std::string op;
    std::string tensor;
    Span span;
    int64_t elements = 0;
    int64_t instructions = 0;
    int64_t partition = 0; // of the first such element
    int64_t byte = 0;
};

struct EngineCount {
    int64_t instructions = 0;
    int64_t elements = 0;
};

struct RunResult {
    std::vector<std::pair<std::string, HostArray>> outputs; // parameter name, contents after the run
    std::vector<InstructionRecord> trace;
    std::map<std::string, EngineCount> engines;
    std::vector<UninitialisedRead> uninitialised;
    std::vector<Diagnostic> diagnostics;
    int64_t instructions = 0;
    double seconds = 0.0;
    bool cancelled = false;

    [[nodiscard]] bool ok() const { return !cancelled && !hasErrors(diagnostics); }
};

} // namespace tirx::sim
