#pragma once

#include "codegen/nki_kernel.h"
#include "device/device.h"

#include <optional>
#include <string>
#include <vector>

namespace tirx::device {

// The kernel of a request printed in `api`, and the name of the Python
// function to call in it.
struct EmittedJob {
    NkiKernel kernel;
    std::string function;
    std::string error; // the kernel cannot be printed in that API
};

[[nodiscard]] EmittedJob emitJob(const RunRequest& request, NkiApi api);

// The kernel in the API `info` says the host runs; nullopt with
// outcome.error set when the host runs none or the kernel cannot be printed.
[[nodiscard]] std::optional<EmittedJob> jobFor(const DeviceInfo& info, const RunRequest& request, RunOutcome& outcome);

// Writes kernel.py, harness.py, job.json and one .npy per input into
// `folder` (spec 07 §8.3 step 2). Returns the names of the files written,
// or an empty list with *error set.
[[nodiscard]] std::vector<std::string> stageJob(const std::string& folder, const RunRequest& request,
                                                const EmittedJob& job, NkiApi api, std::string* error);

// The names of the files the harness writes back: result.json first, then
// one .npy per output.
[[nodiscard]] std::vector<std::string> resultFiles(const RunRequest& request);

// Reads result.json and the outputs from `folder` into `outcome`; errors the
// harness reports at a kernel line become diagnostics at the TVMScript
// statement that printed that line.
void collectJob(const std::string& folder, const RunRequest& request, const EmittedJob& job, RunOutcome& outcome);

} // namespace tirx::device
