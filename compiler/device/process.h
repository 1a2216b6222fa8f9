#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tirx::device {

// How a child process ended, with everything it printed.
struct ProcessResult {
    bool started = false; // false: spawnError says why (e.g. the program is not installed)
    std::string spawnError;
    int exitCode = -1; // valid when exited
    bool exited = false;
    int signal = 0; // the signal that ended it, when it did not exit
    // The signal was SIGXCPU (or SIGKILL past the hard limit) while a CPU
    // limit was set: the child used up its CPU time.
    bool cpuLimitReached = false;
    bool timedOut = false;
    bool cancelled = false;
    std::string out;
    std::string err;
    double seconds = 0.0;
    [[nodiscard]] bool succeeded() const { return started && exited && exitCode == 0 && !timedOut && !cancelled; }
};

struct ProcessOptions {
    std::string workingDirectory;                        // empty: the current one
    std::map<std::string, std::string> extraEnvironment; // added to (or replacing in) the caller's
    double timeoutSeconds = 60.0;                        // <= 0: no limit
    const std::atomic<bool>* cancel = nullptr;           // set to true from another thread to stop the child
    // Resource limits of the child (setrlimit), 0 for none: CPU seconds
    // (RLIMIT_CPU; SIGXCPU ends it) and bytes of address space (RLIMIT_AS;
    // allocations past it fail). For running code a user handed us.
    int cpuSeconds = 0;
    int64_t addressSpaceBytes = 0;
};

// Options with a timeout (and a cancel flag) and nothing else.
[[nodiscard]] inline ProcessOptions limitedTo(double seconds, const std::atomic<bool>* cancel = nullptr)
{
    ProcessOptions options;
    options.timeoutSeconds = seconds;
    options.cancel = cancel;
    return options;
}

// Starts argv[0] (looked up on PATH) with posix_spawn, passing argv as is:
// no shell ever sees user data. Standard input is /dev/null. The child leads
// a process group of its own, so a timeout or a cancel kills everything it
// started (SIGTERM, then SIGKILL after a grace period). With resource limits
// the child is started by fork and exec instead, setting them in between
// (posix_spawn has no attribute for them). When the child ends, whatever it
// left running in its group is killed too.
[[nodiscard]] ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// Whether `program` is an executable file on PATH (or a path to one).
[[nodiscard]] bool programOnPath(const std::string& program);
// The executable file `program` names on PATH (or itself when it holds a
// slash and is executable); empty when there is none.
[[nodiscard]] std::string findProgram(const std::string& program);

} // namespace tirx::device
