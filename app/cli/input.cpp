#include "input.h"

#include "files/checked_read.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace tirx::cli {

std::optional<Input> readInput(const std::string& path, Outcome& outcome)
{
    Input input;
    input.path = path == "-" ? "<stdin>" : path;
    auto read = path == "-" ? files::readCheckedDescriptor(STDIN_FILENO, kMaxInputBytes)
                            : files::readCheckedFile(path, kMaxInputBytes);
    if (!read.bytes) {
        std::fprintf(stderr, "%s\n", files::cannotReadMessage(input.path, read.reason).c_str());
        outcome.exit = Exit::BadInput;
        return std::nullopt;
    }
    input.source = std::move(*read.bytes);
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
