#include "nki/runner.h"

#include "device/process.h"
#include "device/work_folder.h"
#include "nki/interpreter.h"
#include "nki/standin_child.h"
#include "nki/trace_reader.h"

#include <nlohmann/json.hpp>

#include <csignal>
#include <cstring>
#include <filesystem>

namespace tirx::nki {

namespace {

std::string mib(int64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

std::string seconds(double s)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g s", s);
    return text;
}

// Why a run that left no readable trace ended, in plain words.
std::string failure(const device::ProcessResult& r, const RunOptions& options, const std::string& readError)
{
    if (r.cancelled) return "the run was cancelled";
    if (r.timedOut) return "the kernel ran longer than " + seconds(options.timeoutSeconds) + " and was stopped";
    if (r.cpuLimitReached)
        return "the kernel used more than " + std::to_string(options.cpuSeconds) + " s of CPU time and was stopped";
    // Python raises MemoryError when an allocation fails; C code under it
    // says so in its own words before it aborts.
    const bool memoryError = r.err.find("MemoryError") != std::string::npos ||
                             r.err.find("Cannot allocate memory") != std::string::npos ||
                             r.err.find("bad_alloc") != std::string::npos;
    if (options.addressSpaceBytes > 0 && memoryError)
        return "the kernel needed more than " + mib(options.addressSpaceBytes) +
               " of memory (the address-space limit) and was stopped";
    if (r.signal != 0) {
        const char* name = strsignal(r.signal);
        return "the Python process crashed (signal " + std::to_string(r.signal) +
               (name ? std::string(", ") + name : "") + ")";
    }
    if (r.exited && r.exitCode != 0) {
        const std::string why = lastLine(r.err);
        return "the NKI stand-in exited with status " + std::to_string(r.exitCode) + (why.empty() ? "" : ": " + why);
    }
    return readError;
}

} // namespace

KernelRun runKernel(const std::string& kernelPath, const Launch& launch, const RunOptions& options)
{
    KernelRun run;
    // Found, not started: a run that cannot import NumPy says so itself,
    // which spares every run a second Python start.
    const StandInScript script = findStandInScript("run_kernel.py", options);
    run.interpreter = script.python;
    if (!script.usable()) {
        run.error = script.error;
        run.environmentProblem = true;
        return run;
    }
    const device::WorkFolder work;
    if (work.path().empty()) {
        run.error = work.error();
        run.environmentProblem = true;
        return run;
    }
    std::error_code ec;
    const std::string kernel = std::filesystem::absolute(kernelPath, ec).lexically_normal().string();
    const std::string launchPath = work.file("launch.json");
    const std::string tracePath = work.file("trace.json");
    if (const std::string e = device::writeFile(launchPath, launchToJson(launch).dump(2)); !e.empty()) {
        run.error = e;
        run.environmentProblem = true;
        return run;
    }
    const auto result = runStandInScript(script, {"--launch", launchPath, "--kernel", kernel, "--out", tracePath},
                                         work.path(), options);
    run.seconds = result.seconds;
    if (!result.started) {
        run.error = "cannot start " + script.python + ": " + result.spawnError;
        run.environmentProblem = true;
        return run;
    }
    TraceReadResult read;
    if (!result.timedOut && !result.cancelled && !result.cpuLimitReached) read = readTraceFile(tracePath);
    if (!read.trace) {
        if (result.err.find("No module named 'numpy'") != std::string::npos) {
            run.error = numpyMissing(script.python);
            run.environmentProblem = true;
            return run;
        }
        run.error = failure(result, options, read.error);
        return run;
    }
    if (!device::readFile(tracePath, run.rawTrace)) run.rawTrace.clear();
    run.trace = std::move(read.trace);
    // A MemoryError the stand-in caught in the user's code is the limit.
    if (run.trace->error && run.trace->error->message.starts_with("MemoryError"))
        run.trace->error->message += " (the address-space limit is " + mib(options.addressSpaceBytes) + ")";
    return run;
}

} // namespace tirx::nki
