#include "input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tirx::cli {

namespace {

// Reads all of fd, at most kMaxInputBytes; an error message (empty on success).
std::string readAll(int fd, std::string& out)
{
    char buffer[1 << 16];
    while (true) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0) return {};
        if (n < 0) {
            if (errno == EINTR) continue;
            return std::strerror(errno);
        }
        if (out.size() + static_cast<size_t>(n) > kMaxInputBytes)
            return "the input is larger than " + std::to_string(kMaxInputBytes >> 20) + " MB";
        out.append(buffer, static_cast<size_t>(n));
    }
}

// Opens a regular file for reading without blocking on a FIFO or a device;
// -1 with `why` set when it cannot or is not one.
int openRegular(const std::string& path, std::string& why)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        why = std::strerror(errno);
        return -1;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        why = std::strerror(errno);
    } else if (S_ISDIR(st.st_mode)) {
        why = "it is a directory";
    } else if (!S_ISREG(st.st_mode)) {
        why = "it is not a regular file";
    } else if (static_cast<uint64_t>(st.st_size) > kMaxInputBytes) {
        why = "the file is larger than " + std::to_string(kMaxInputBytes >> 20) + " MB";
    } else {
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        return fd;
    }
    ::close(fd);
    return -1;
}

} // namespace

std::optional<Input> readInput(const std::string& path, Outcome& outcome)
{
    Input input;
    input.path = path == "-" ? "<stdin>" : path;
    std::string why;
    if (path == "-") {
        why = readAll(STDIN_FILENO, input.source);
    } else if (const int fd = openRegular(path, why); fd >= 0) {
        why = readAll(fd, input.source);
        ::close(fd);
    }
    if (!why.empty()) {
        std::fprintf(stderr, "%s: error: cannot read the file: %s\n", input.path.c_str(), why.c_str());
        outcome.exit = Exit::BadInput;
        return std::nullopt;
    }
    return input;
}

std::optional<Input> loadInput(const std::string& path, Outcome& outcome)
{
    auto read = readInput(path, outcome);
    if (!read) return std::nullopt;
    Input input = std::move(*read);
    input.parsed = parseModule(input.source);
    const auto text = formatDiagnostics(input.parsed.diagnostics, input.path, input.source);
    std::fputs(text.c_str(), stderr);
    if (!input.parsed.ok()) {
        outcome.exit = Exit::BadInput;
        return std::nullopt;
    }
    return input;
}

bool writeOutput(const std::string& path, const std::string& text, Outcome& outcome)
{
    if (path.empty()) {
        // A failed write to standard output is reported once, at exit (main.cpp).
        std::fwrite(text.data(), 1, text.size(), stdout);
        return true;
    }
    int error = 0;
    std::FILE* out = std::fopen(path.c_str(), "wb");
    if (!out) {
        error = errno;
    } else {
        if (std::fwrite(text.data(), 1, text.size(), out) != text.size()) error = errno;
        // A full disk often shows only when the buffer is flushed.
        if (std::fclose(out) != 0 && error == 0) error = errno;
    }
    if (error != 0) {
        std::fprintf(stderr, "%s: error: cannot write the file: %s\n", path.c_str(), std::strerror(error));
        outcome.exit = Exit::Usage;
        return false;
    }
    return true;
}

} // namespace tirx::cli
