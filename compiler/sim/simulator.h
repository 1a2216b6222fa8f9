#pragma once

#include "ir/function.h"
#include "sim/host_array.h"
#include "sim/run_result.h"
#include "target/target.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace tirx::sim {

struct SimOptions {
    // Never-written SBUF, PSUM and output bytes hold NaN / all-ones (chapter
    // 06 §2.3), as on hardware they hold whatever was there: a kernel that
    // reads them shows it in its outputs. Off, they read as zero, which can
    // make an uncleared accumulator look right. Reads of them are reported
    // either way.
    bool poison = true;
    // Seed of the inputs not given.
    uint64_t seed = 0;
    // Keep the per-instruction access trace (the memory-map animation).
    bool recordTrace = true;
    // Called every few instructions with the count so far; returning false
    // stops the run (result.cancelled).
    std::function<bool(int64_t)> progress;
    // Warn of addressed tensors that share bytes (MemoryPlan's overlaps, by
    // address alone). The NKI front end turns this off: its own check knows
    // lifetimes and reports only tensors live at once.
    bool reportOverlaps = true;
};

// Runs a lowered kernel (after LowerTrainiumLayout, with the allocator's
// addresses) on the CPU. `inputs` holds contents by parameter name; input
// parameters not in it get randomArray(seed). The outputs are the output
// parameters (kernelArguments) after the run. Errors are located
// diagnostics in the result, never exceptions.
[[nodiscard]] RunResult simulate(const Function& kernel, const Target& target,
                                 const std::map<std::string, HostArray>& inputs, const SimOptions& options);

} // namespace tirx::sim
