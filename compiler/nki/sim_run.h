#pragma once

#include "nki/nki_checks.h"
#include "nki/nki_plan.h"
#include "nki/sim_module.h"
#include "nki/trace.h"
#include "sim/run_result.h"
#include "target/target.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tirx::nki {

struct NkiRunOptions {
    // Contents by the kernel's parameter name, in the kernel's shape and
    // dtype; parameters not given are random from `seed`.
    std::map<std::string, sim::HostArray> inputs;
    uint64_t seed = 0;
    bool poison = true;
    bool recordTrace = false;
};

// A kernel's trace run on the simulator (compiler/sim) over its
// placements: explicit addresses where the kernel gave them, the placement
// model's elsewhere, so tensors that share bytes alias as on the device.
struct NkiRunResult {
    SimModule module;
    sim::RunResult run;                                          // as the simulator returns it (spans: module lines)
    std::vector<std::pair<std::string, sim::HostArray>> inputs;  // what ran: given or random, kernel shapes
    std::vector<std::pair<std::string, sim::HostArray>> outputs; // kernel shapes
    // The stop (unmodelled, bad input), the simulator's errors and reads
    // of never-written memory, at the kernel's lines.
    std::vector<KernelDiagnostic> diagnostics;
    // Each read of never-written memory (also among the diagnostics), with
    // the simulator's counts: per call site and tensor, the NKI call, the
    // elements, the executions that did so and the first such byte.
    struct UninitialisedRead {
        KernelDiagnostic at;
        std::string op;
        std::string tensor;
        int64_t elements = 0;
        int64_t executions = 0;
        int64_t partition = 0;
        int64_t byte = 0;
    };
    std::vector<UninitialisedRead> uninitialised;
    bool completed = false; // the whole stream ran

    [[nodiscard]] bool ok() const { return completed && !hasErrors(diagnostics); }
    [[nodiscard]] const sim::HostArray* output(const std::string& name) const;
};

[[nodiscard]] NkiRunResult runNkiOnSimulator(const Trace& trace, const std::vector<NkiPlan>& plans,
                                             const Target& target, const NkiRunOptions& options);

// The kernel location a span of the module stands for.
[[nodiscard]] KernelDiagnostic atKernelLine(const Trace& trace, const SimModule& module, Span span, Severity severity,
                                            std::string code, std::string message);

} // namespace tirx::nki
