#pragma once

#include "nki/nki_checks.h"
#include "nki/nki_plan.h"
#include "nki/trace.h"
#include "target/target.h"

#include <optional>
#include <string>
#include <vector>

namespace tirx::nki {

// Where the simulator holds one tensor of the trace (one block of a block
// tile): "explicit" (the kernel's address), "modelled" (the placement
// model's address; the compiler may choose another), "private" (storage of
// its own: the model could not place it), or "none" (a dtype or shape the
// simulator cannot hold: an instruction using it stops the run).
struct SimTensor {
    size_t program = 0;
    int tensor = 0;
    std::optional<int64_t> block;
    std::string name;       // the kernel's name for it
    std::string identifier; // the module's
    std::string placement;
    std::string buffer;                     // the trace's: "sbuf", "psum", "hbm", ...
    std::optional<int64_t> partition, byte; // SBUF/PSUM: where it lives
};

// A kernel parameter or an HBM tensor the kernel writes, as the run names
// it: by the kernel's parameter or the tensor's name.
struct SimArgument {
    std::string name;
    std::string identifier;     // the module's parameter
    std::vector<int64_t> shape; // the kernel's
    std::string dtype;
};

// The instruction stream of a trace written as a lowered TIRx function
// ("main", every instruction a tensorized region of a T.nki call), so that
// the simulator that runs lowered TIRx runs it on the same machine model
// with the same semantics. Every line of `text` that stands for something
// of the kernel maps back to its location. Program instances run one after
// the other over shared HBM.
struct SimModule {
    std::string text;
    std::vector<std::optional<Location>> lineLocations; // index: line - 1
    std::vector<std::string> lineOps;                   // the NKI call a line stands for ("nisa.nc_matmul"), or ""
    std::vector<SimArgument> inputs;                    // the kernel's tensor parameters, in launch order
    std::vector<SimArgument> outputs;                   // HBM tensors the kernel writes
    std::vector<SimTensor> tensors;
    std::optional<KernelDiagnostic> error; // set when the stream holds something the simulator does not model

    [[nodiscard]] std::optional<Location> locationOfLine(unsigned line) const
    {
        return line >= 1 && line <= lineLocations.size() ? lineLocations[line - 1] : std::nullopt;
    }
    [[nodiscard]] std::string opOfLine(unsigned line) const
    {
        return line >= 1 && line <= lineOps.size() ? lineOps[line - 1] : std::string();
    }
};

// `plans` holds one placement model per program of the trace (buildNkiPlan).
[[nodiscard]] SimModule buildSimModule(const Trace& trace, const std::vector<NkiPlan>& plans, const Target& target);

} // namespace tirx::nki
