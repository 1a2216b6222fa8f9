#pragma once

#include "nki/nki_plan.h"
#include "nki/trace.h"
#include "target/target.h"

#include <string>
#include <vector>

namespace tirx::nki {

// A finding about a kernel, at a place in the user's Python.
struct KernelDiagnostic {
    Severity severity = Severity::Error;
    std::string code; // TRACE.md's note codes, plus sbuf-capacity, psum-capacity, overlap
    std::string file;
    int line = 1;
    int column = 1;
    std::string message;
};

// The checks of spec 08 §5 that need placements, on one program's plan:
// SBUF past the target's bytes per partition (sbuf-capacity), PSUM past
// its banks (psum-capacity), two tensors live at once over the same bytes
// (overlap, naming both and their live ranges).
[[nodiscard]] std::vector<KernelDiagnostic> checkPlan(const Trace& trace, const NkiPlan& plan, const Target& target);

// Every note the trace carries (the run's, each program's, and the error
// that ended the run early), as diagnostics.
[[nodiscard]] std::vector<KernelDiagnostic> traceDiagnostics(const Trace& trace);

// The checks and notes of every program instance, each distinct finding
// once (the programs of a grid usually repeat one another), in file and
// line order.
[[nodiscard]] std::vector<KernelDiagnostic> checkKernel(const Trace& trace, const std::vector<NkiPlan>& plans,
                                                        const Target& target);

// "FILE:LINE:COL: error: message [code]".
[[nodiscard]] std::string formatDiagnostic(const KernelDiagnostic& d);
[[nodiscard]] bool hasErrors(const std::vector<KernelDiagnostic>& diagnostics);

} // namespace tirx::nki
