#pragma once

#include <atomic>
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
// started (SIGTERM, then SIGKILL after a grace period).
[[nodiscard]] ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// Whether `program` is an executable file on PATH (or a path to one).
[[nodiscard]] bool programOnPath(const std::string& program);

} // namespace tirx::device
