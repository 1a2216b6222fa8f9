#include "device/process.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tirx::device {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> environmentWith(const std::map<std::string, std::string>& extra)
{
    std::vector<std::string> env;
    for (char** e = environ; e && *e; ++e) {
        const std::string entry(*e);
        const auto eq = entry.find('=');
        if (eq != std::string::npos && extra.contains(entry.substr(0, eq))) continue;
        env.push_back(entry);
    }
    for (const auto& [name, value] : extra) env.push_back(name + "=" + value);
    return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings)
{
    std::vector<char*> out;
    for (auto& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

void drain(int fd, std::string& into, bool& open)
{
    char buffer[8192];
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n > 0) {
        into.append(buffer, static_cast<size_t>(n));
        return;
    }
    if (n == 0 || (errno != EINTR && errno != EAGAIN)) open = false;
}

} // namespace

bool programOnPath(const std::string& program)
{
    if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0;
    const char* path = std::getenv("PATH");
    std::string rest = path ? path : "/usr/bin:/bin";
    size_t start = 0;
    while (start <= rest.size()) {
        const size_t colon = rest.find(':', start);
        const std::string dir = rest.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
        struct stat info {};
        if (stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) && access(candidate.c_str(), X_OK) == 0)
            return true;
        if (colon == std::string::npos) break;
        start = colon + 1;
    }
    return false;
}

ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& options)
{
    ProcessResult result;
    if (argv.empty()) {
        result.spawnError = "no program given";
        return result;
    }
    if (!programOnPath(argv[0])) {
        result.spawnError = "'" + argv[0] + "' is not installed (not found on PATH)";
        return result;
    }
    int outPipe[2];
    int errPipe[2];
    if (pipe2(outPipe, O_CLOEXEC) != 0) {
        result.spawnError = std::string("cannot create a pipe: ") + std::strerror(errno);
        return result;
    }
    if (pipe2(errPipe, O_CLOEXEC) != 0) {
        result.spawnError = std::string("cannot create a pipe: ") + std::strerror(errno);
        close(outPipe[0]);
        close(outPipe[1]);
        return result;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
    if (!options.workingDirectory.empty())
        posix_spawn_file_actions_addchdir_np(&actions, options.workingDirectory.c_str());
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);

    std::vector<std::string> args = argv;
    std::vector<std::string> env = environmentWith(options.extraEnvironment);
    auto argp = pointers(args);
    auto envp = pointers(env);
    const auto begin = Clock::now();
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, args[0].c_str(), &actions, &attributes, argp.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(outPipe[1]);
    close(errPipe[1]);
    if (spawned != 0) {
        close(outPipe[0]);
        close(errPipe[0]);
        result.spawnError = "cannot start '" + argv[0] + "': " + std::strerror(spawned);
        return result;
    }
    result.started = true;

    bool outOpen = true;
    bool errOpen = true;
    bool terminated = false;
    bool reaped = false;
    int status = 0;
    Clock::time_point killAt{};
    while (outOpen || errOpen || !reaped) {
        pollfd fds[2] = {{outOpen ? outPipe[0] : -1, POLLIN, 0}, {errOpen ? errPipe[0] : -1, POLLIN, 0}};
        const int ready = poll(fds, 2, 50);
        if (ready > 0) {
            if (fds[0].revents) drain(outPipe[0], result.out, outOpen);
            if (fds[1].revents) drain(errPipe[0], result.err, errOpen);
        }
        if (!reaped && waitpid(pid, &status, WNOHANG) == pid) reaped = true;
        const auto now = Clock::now();
        const double elapsed = std::chrono::duration<double>(now - begin).count();
        if (!terminated) {
            const bool cancelled = options.cancel && options.cancel->load();
            const bool late = options.timeoutSeconds > 0 && elapsed > options.timeoutSeconds;
            if (cancelled || late) {
                result.cancelled = cancelled;
                result.timedOut = late && !cancelled;
                kill(-pid, SIGTERM);
                terminated = true;
                killAt = now + std::chrono::seconds(2);
            }
        } else if (now > killAt) {
            kill(-pid, SIGKILL);
            killAt = now + std::chrono::hours(1);
        }
    }
    close(outPipe[0]);
    close(errPipe[0]);
    // Whatever the child left behind in its group goes with it.
    if (terminated) kill(-pid, SIGKILL);
    result.seconds = std::chrono::duration<double>(Clock::now() - begin).count();
    if (WIFEXITED(status)) {
        result.exited = true;
        result.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
    }
    return result;
}

} // namespace tirx::device
