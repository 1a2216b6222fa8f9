#pragma once

#include "ir/dtype.h"
#include "ir/function.h"
#include "ir/mem_space.h"
#include "target/target.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tirx {

// The one derivation of memory facts: where every allocation of a module
// sits, which allocations overlap, how much each scope uses and who created
// what. The verifier checks it, `tirx-cli memmap` prints it and the memory
// views draw it; none of them works a placement out again.

// Where a statement sits: its order in a pre-order walk of the function and
// its source location (invalid for statements a pass created).
struct ProgramPoint {
    int order = -1;
    Span span;
};

// A half-open range [begin, end).
struct Interval {
    int64_t begin = 0;
    int64_t end = 0;

    [[nodiscard]] int64_t size() const { return end - begin; }
    [[nodiscard]] bool meets(const Interval& o) const { return begin < o.end && o.begin < end; }
    [[nodiscard]] bool operator==(const Interval&) const = default;
};

// One rectangle of memory: partitions × bytes. For SBUF the bytes are
// offsets within a partition; for PSUM they run over a partition's row of
// all banks (bank b starts at b × bank bytes), so a bank is a column.
struct MemoryRect {
    Interval partitions;
    Interval bytes;
    [[nodiscard]] bool operator==(const MemoryRect&) const = default;
};

// One allocation as the memory views draw it: computed here, only drawn there.
struct PlannedAllocation {
    std::string function;
    std::string name;
    // The allocated variable: a reader walking the same module (the
    // simulator) finds a statement's entry by it instead of placing it again.
    Var var;
    std::string scope;
    DataType dtype;
    std::string dtypeText;              // the dtype as an NKI kernel names it ("float8_e4m3fn_x4"); empty for TIRx
    std::vector<int64_t> shape;         // logical; empty when not constant
    std::vector<int64_t> physicalShape; // (P, F) / (Bank, P, F) / flat; empty when not constant
    bool hasLayout = false;
    int64_t bytesPerPartition = 0; // SBUF: one partition's share; PSUM: bytes per bank row; else the whole tensor
    int64_t partitions = 0;        // 0 when unknown or not partitioned
    bool sizeKnown = false;        // false when a dimension is not constant
    std::optional<int64_t> offset; // byte offset within a partition (SBUF) or a bank (PSUM)
    std::optional<int64_t> bank;   // PSUM first bank
    int64_t banks = 0;             // PSUM banks used
    bool placementIsConstant = true;
    // Set when the kernel gave no address and the offset is the explorer's
    // model (the lifetime-based linear policy): the compiler may place the
    // tensor elsewhere.
    bool placementModelled = false;
    // Set when the size or the end address does not fit in 64 bits; then
    // nothing else about the size or the placement is known.
    std::string sizeError;

    // The geometry, set when the allocation is placed in SBUF or PSUM: the
    // partitions it covers, its bytes within a partition (SBUF) or a bank
    // (PSUM), its banks (PSUM), and the rectangles those make.
    std::optional<Interval> partitionRange;
    std::optional<Interval> byteRange;
    std::optional<Interval> bankRange;
    std::vector<MemoryRect> rects;

    std::string createdBy = "user"; // or the pass that created it, read from the variable's origin
    std::string serves;             // the tile call a workspace serves, "T.trn.tile.activation at 12:5"
    Span servesSpan;                // that call's statement
    ProgramPoint definition;
    ProgramPoint firstUse; // set by PlanDetail::Full
    ProgramPoint lastUse;
    // The program points the tensor must keep its bytes over (PlanDetail::
    // Full): from its first use to its last, widened to the whole of every
    // loop that uses it but does not define it, since a later iteration
    // reads what an earlier one wrote.
    Interval live;

    [[nodiscard]] bool placed() const { return !rects.empty(); }
    [[nodiscard]] std::string dtypeName() const { return dtypeText.empty() ? dtype.str() : dtypeText; }
    // The bytes the tensor takes in one partition's row: for PSUM, its
    // bytes per bank times its banks, as the scope totals count them.
    [[nodiscard]] int64_t rowBytes() const
    {
        return isScope(scope, MemSpace::Psum) ? bytesPerPartition * (banks > 0 ? banks : 1) : bytesPerPartition;
    }
};

// Two allocations of one function and scope whose rectangles meet.
// `earlier` and `later` index MemoryPlan::allocations, in program order.
struct OverlapPair {
    size_t earlier = 0;
    size_t later = 0;
    Interval bytes; // the shared bytes within a partition (SBUF) or a bank (PSUM)
    [[nodiscard]] bool operator==(const OverlapPair&) const = default;
};

struct ScopeTotals {
    int64_t allocatedBytesPerPartition = 0; // end of the furthest placed allocation
    int64_t peakLiveBytesPerPartition = 0;  // most bytes live at one program point
    int64_t capacityBytesPerPartition = 0;
};

struct MemoryPlan {
    std::string target;
    std::string after;
    std::vector<PlannedAllocation> allocations; // per function, in program order
    std::vector<OverlapPair> overlaps;          // by later, then earlier
    // Pairs past the first kMostOverlapsListed of a function's scope are
    // counted, not listed: N allocations at one address make N(N-1)/2 pairs,
    // and no reader wants the millionth.
    size_t overlapsNotListed = 0;
    static constexpr size_t kMostOverlapsListed = 1000;
    std::map<std::string, ScopeTotals> totals; // "trn.sbuf", "trn.psum"; PlanDetail::Full only
};

// Placement reads statements only and is what the verifier needs after
// every pass; Full adds lifetimes, the calls user tensors serve and totals.
enum class PlanDetail { Placement, Full };

[[nodiscard]] MemoryPlan buildMemoryPlan(const Module& module, const Target& target, const std::string& after,
                                         PlanDetail detail = PlanDetail::Full);

// The most bytes per partition of `scope` live at one program point, by the
// live intervals the what-if allocator places by (so it never goes below
// this). Needs PlanDetail::Full.
[[nodiscard]] int64_t peakLiveBytes(const MemoryPlan& plan, const std::string& scope);

// The first unplaced tensor of `scope` whose arrival makes the unplaced
// tensors live at once need more than `capacity` bytes per partition, with
// the bytes live then: no placement can fit them. Placed tensors are left
// to their addresses' checks. Needs PlanDetail::Full.
struct LiveOverflow {
    size_t allocation = 0;
    int64_t liveBytes = 0;
};
[[nodiscard]] std::optional<LiveOverflow> firstLiveOverflow(const MemoryPlan& plan, const std::string& scope,
                                                            int64_t capacity);

// The memmap --json shape of CLI.md.
[[nodiscard]] nlohmann::json memoryPlanToJson(const MemoryPlan& plan);

} // namespace tirx
