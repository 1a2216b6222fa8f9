#pragma once

#include "command.h"

#include "nki/nki_plan.h"
#include "nki/runner.h"
#include "nki/trace.h"
#include "sim/host_array.h"
#include "target/target.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tirx::cli {

// The options with which check, memmap and trace open a hand-written NKI
// kernel (CLI.md, "NKI kernels"): a launch file or the same fields as
// options, the program instance to show and the interpreter.
struct NkiOptions {
    bool force = false; // --nki: treat FILE as NKI whatever it imports
    std::string launchFile;
    std::string entry;
    std::vector<std::string> args;   // NAME=128x512:bfloat16
    std::vector<std::string> kwargs; // NAME=PYTHON_EXPR
    std::string setup;
    std::string grid; // "2,3"
    int lnc = 0;      // 0: the launch file's, else 1
    std::vector<std::string> sysPath;
    int program = -1; // -1: every program instance
    std::string python;
    std::string fromTrace; // a trace recorded before: read it instead of running the kernel

    void addOptions(CLI::App& cmd);
    // True when FILE is to be opened as an NKI kernel: --nki, or a file
    // that imports nki or neuronxcc.nki.
    [[nodiscard]] bool appliesTo(const std::string& file) const;
};

// A kernel run and its placement models, one per program instance shown.
struct NkiKernel {
    std::string file;
    nki::Launch launch;
    nki::KernelRun run; // run.trace is set
    const Target* target = nullptr;
    std::vector<nki::NkiPlan> plans;
};

// Reads the launch (a launch file, <kernel>.launch.json beside the kernel,
// and the options over it), runs the kernel and, with `withPlans`, builds
// the plans. On a failure prints it (FILE:1:1: error: ... for the kernel's
// own faults), sets the outcome and returns nullopt.
[[nodiscard]] std::optional<NkiKernel> openNkiKernel(const std::string& file, const NkiOptions& options,
                                                     const std::string& targetOption, bool withPlans, Outcome& outcome);

// `check` on a kernel: prints every finding; BadInput when one is an error.
void checkNkiKernel(const std::string& file, const NkiOptions& options, const std::string& target, Outcome& outcome);

// `memmap` on a kernel.
struct NkiMemmapOptions {
    bool json = false;
    bool whatIf = false;
    std::string svg;
    std::string png;
    std::string scope = "sbuf";
    std::string output;
};
void memmapNkiKernel(const std::string& file, const NkiOptions& options, const std::string& target,
                     const NkiMemmapOptions& show, Outcome& outcome);

// `run --device sim` on a kernel: its trace on the simulator over its
// placements, outputs written as .npy, compared with the launch's
// "reference" when it has one.
struct NkiRunShow {
    std::map<std::string, sim::HostArray> inputs;
    std::map<std::string, std::string> outputPaths;
    uint64_t seed = 0;
    bool poison = true;
    bool json = false;
};
void runNkiKernelOnSimulator(const std::string& file, const NkiOptions& options, const std::string& target,
                             const NkiRunShow& show, Outcome& outcome);

// "FILE is an NKI kernel: ..." text for --help.
inline constexpr const char* kNkiFileHelp =
    "TVMScript file, or - for standard input; a .py file that imports nki or neuronxcc.nki (or any file with "
    "--nki) is run as an NKI kernel";

} // namespace tirx::cli
