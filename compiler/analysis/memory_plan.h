#pragma once

#include "ir/dtype.h"
#include "ir/function.h"
#include "target/target.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tirx {

struct Trace;

// Where a statement sits: its order in a pre-order walk of the function and
// its source location (invalid for statements a pass created).
struct ProgramPoint {
    int order = -1;
    Span span;
};

// One allocation as the memory views draw it: computed here, only drawn there.
struct PlannedAllocation {
    std::string function;
    std::string name;
    std::string scope;
    DataType dtype;
    std::vector<int64_t> shape;         // logical; empty when not constant
    std::vector<int64_t> physicalShape; // (P, F) / (Bank, P, F) / flat; empty when not constant
    int64_t bytesPerPartition = 0;      // SBUF: one partition's share; PSUM: bytes per bank row
    int64_t partitions = 0;
    std::optional<int64_t> offset;  // byte offset within a partition (SBUF) or a bank (PSUM)
    std::optional<int64_t> bank;    // PSUM first bank
    int64_t banks = 0;              // PSUM banks used
    std::string createdBy = "user"; // or the pass that created it
    std::string serves;             // for workspaces: the tile call, "T.trn.tile.activation at 12:5"
    ProgramPoint definition;
    ProgramPoint firstUse;
    ProgramPoint lastUse;
};

struct ScopeTotals {
    int64_t allocatedBytesPerPartition = 0; // end of the furthest placed allocation
    int64_t peakLiveBytesPerPartition = 0;  // most bytes live at one program point
    int64_t capacityBytesPerPartition = 0;
};

struct MemoryPlan {
    std::string target;
    std::string after;
    std::vector<PlannedAllocation> allocations;
    std::map<std::string, ScopeTotals> totals; // "trn.sbuf", "trn.psum"
};

// The plan of `module`; `trace` (optional) tells which pass created the
// allocations that have no source location.
[[nodiscard]] MemoryPlan buildMemoryPlan(const Module& module, const Target& target, const std::string& after,
                                         const Trace* trace = nullptr);

// The memmap --json shape of CLI.md.
[[nodiscard]] nlohmann::json memoryPlanToJson(const MemoryPlan& plan);

} // namespace tirx
