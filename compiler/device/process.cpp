#include "device/process.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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
    for (const auto& [name, value] : extra) {
        std::string entry = name;
        entry += '=';
        entry += value;
        env.push_back(std::move(entry));
    }
    return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings)
{
    std::vector<char*> out;
    out.reserve(strings.size() + 1);
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

// posix_spawn: the child leads a process group of its own.
int spawn(std::vector<char*>& argp, std::vector<char*>& envp, int out, int err, const ProcessOptions& options,
          pid_t& pid)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out, 1);
    posix_spawn_file_actions_adddup2(&actions, err, 2);
    if (!options.workingDirectory.empty())
        posix_spawn_file_actions_addchdir_np(&actions, options.workingDirectory.c_str());
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    const int spawned = posix_spawnp(&pid, argp[0], &actions, &attributes, argp.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return spawned;
}

void childFail(const char* what)
{
    const ssize_t ignored = write(2, what, std::strlen(what));
    (void)ignored;
    _exit(127);
}

// fork and exec with the limits set in between. Between the two the child
// calls only async-signal-safe functions, and allocates nothing: everything
// it needs is prepared before the fork.
int forkWithLimits(const std::string& program, std::vector<char*>& argp, std::vector<char*>& envp, int out, int err,
                   const ProcessOptions& options, pid_t& pid)
{
    const char* directory = options.workingDirectory.empty() ? nullptr : options.workingDirectory.c_str();
    const rlim_t cpu = static_cast<rlim_t>(options.cpuSeconds);
    const rlim_t bytes = static_cast<rlim_t>(options.addressSpaceBytes);
    pid = fork();
    if (pid < 0) return errno;
    if (pid == 0) {
        setpgid(0, 0);
        const int in = open("/dev/null", O_RDONLY);
        if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
            childFail("cannot set up the standard streams\n");
        if (directory && chdir(directory) != 0) childFail("cannot enter the working folder\n");
        // The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL.
        const rlimit cpuLimit{cpu, cpu + 1};
        if (cpu > 0 && setrlimit(RLIMIT_CPU, &cpuLimit) != 0) childFail("cannot limit the CPU time\n");
        const rlimit memoryLimit{bytes, bytes};
        if (bytes > 0 && setrlimit(RLIMIT_AS, &memoryLimit) != 0) childFail("cannot limit the address space\n");
        execve(program.c_str(), argp.data(), envp.data());
        childFail("cannot execute the program\n");
    }
    // Set here too, so that a kill of the group right after the fork finds it.
    setpgid(pid, pid);
    return 0;
}

} // namespace

std::string findProgram(const std::string& program)
{
    if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0 ? program : std::string{};
    const char* path = std::getenv("PATH");
    std::string rest = path ? path : "/usr/bin:/bin";
    size_t start = 0;
    while (start <= rest.size()) {
        const size_t colon = rest.find(':', start);
        const std::string dir = rest.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
        std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
        struct stat info {};
        if (stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) && access(candidate.c_str(), X_OK) == 0)
            return candidate;
        if (colon == std::string::npos) break;
        start = colon + 1;
    }
    return {};
}

bool programOnPath(const std::string& program) { return !findProgram(program).empty(); }

ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& options)
{
    ProcessResult result;
    if (argv.empty()) {
        result.spawnError = "no program given";
        return result;
    }
    const std::string program = findProgram(argv[0]);
    if (program.empty()) {
        result.spawnError = "'" + argv[0] + "' is not installed (not found on PATH)";
        return result;
    }
    const bool limited = options.cpuSeconds > 0 || options.addressSpaceBytes > 0;
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
    std::vector<std::string> args = argv;
    std::vector<std::string> env = environmentWith(options.extraEnvironment);
    auto argp = pointers(args);
    auto envp = pointers(env);
    const auto begin = Clock::now();
    pid_t pid = 0;
    const int spawned = limited ? forkWithLimits(program, argp, envp, outPipe[1], errPipe[1], options, pid)
                                : spawn(argp, envp, outPipe[1], errPipe[1], options, pid);
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
        if (!reaped && waitpid(pid, &status, WNOHANG) == pid) {
            reaped = true;
            // Code we did not write may leave children behind holding the
            // pipes open; they go with it.
            if (limited) kill(-pid, SIGKILL);
        }
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
        result.cpuLimitReached =
            options.cpuSeconds > 0 && (result.signal == SIGXCPU || (result.signal == SIGKILL && !terminated));
    }
    return result;
}

} // namespace tirx::device
