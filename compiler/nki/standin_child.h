#pragma once

#include "device/process.h"
#include "nki/runner.h"

#include <string>
#include <vector>

namespace tirx::nki {

// One script of the stand-in (run_kernel.py, reference.py) ready to start:
// the interpreter and the script's path, or why it cannot start.
struct StandInScript {
    std::string python;
    std::string script;
    std::string error;
    [[nodiscard]] bool usable() const { return error.empty(); }
};

// Finds the interpreter (findInterpreter) and `fileName` in the stand-in's
// folder (options.resources, else beside the running program).
[[nodiscard]] StandInScript findStandInScript(const std::string& fileName, const RunOptions& options);

// Runs the script as spec 08 §3 says every stand-in child runs: `python -I
// -B SCRIPT ARGS...` in `workFolder`, under the options' CPU, memory and
// wall-clock limits, killed as a process group on timeout or cancel.
[[nodiscard]] device::ProcessResult runStandInScript(const StandInScript& script, const std::vector<std::string>& args,
                                                     const std::string& workFolder, const RunOptions& options);

// The last non-empty line a child wrote: Python's exception line.
[[nodiscard]] std::string lastLine(const std::string& text);

} // namespace tirx::nki
