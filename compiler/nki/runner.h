#pragma once

#include "nki/launch.h"
#include "nki/trace.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

namespace tirx::nki {

struct RunOptions {
    std::string python;    // a configured interpreter; empty: chooseInterpreter's default
    std::string resources; // the folder holding run_kernel.py; empty: located from the running executable
    double timeoutSeconds = 120.0;
    int cpuSeconds = 60;
    int64_t addressSpaceBytes = int64_t{4} << 30;
    const std::atomic<bool>* cancel = nullptr;
};

// One run of a kernel under the stand-in.
struct KernelRun {
    std::optional<Trace> trace; // also when the kernel failed part way: trace->error says where
    std::string rawTrace;       // the document as the stand-in wrote it
    // Set when there is no trace: what went wrong, in plain words (the
    // timeout, the memory or CPU limit, a crash, an exit status).
    std::string error;
    // The failure is the machine's (no interpreter, no NumPy, no stand-in),
    // not the kernel's.
    bool environmentProblem = false;
    std::string interpreter; // the Python that ran it
    double seconds = 0.0;
};

// Runs `kernelPath` as `launch` says in a child process (spec 08 §3):
// `python3 -I -B run_kernel.py` in a private temporary folder removed
// afterwards, with CPU-time and address-space limits and a wall-clock
// timeout, killed as a process group on timeout or cancel.
[[nodiscard]] KernelRun runKernel(const std::string& kernelPath, const Launch& launch, const RunOptions& options = {});

} // namespace tirx::nki
