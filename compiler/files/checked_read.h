#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace tirx::files {

// Every file the CLI and the app read goes through here, so one set of rules
// holds for all of them: only a regular file is read (a FIFO, a device or a
// directory is refused at once: the file is opened without blocking and
// checked before a byte is read), and a file past its size cap is refused
// before it is read, with the size named. The reason is a short lower-case
// text; the caller adds the file name and where it came from.

// The cap of source files, launch files and other text the user hands in.
inline constexpr size_t kMaxTextFileBytes = size_t{64} << 20;

struct CheckedRead {
    std::optional<std::string> bytes;
    // Why the file was not read when bytes is empty: "it is a directory",
    // "it is not a regular file", "the file is larger than 64 MB", or the
    // system's text ("No such file or directory").
    std::string reason;
};

[[nodiscard]] CheckedRead readCheckedFile(const std::string& path, size_t maxBytes = kMaxTextFileBytes);

// Reads standard input (or any open descriptor) up to maxBytes.
[[nodiscard]] CheckedRead readCheckedDescriptor(int fd, size_t maxBytes = kMaxTextFileBytes);

// "64 MB", "16 GB", "1.0 GB", "1000 bytes" (multiples of 1024, as the
// README and the man page name the caps): a size as a message names it.
[[nodiscard]] std::string sizeText(uint64_t bytes);

// The usual message: "PATH: error: cannot read the file: REASON".
[[nodiscard]] std::string cannotReadMessage(const std::string& path, const std::string& reason);

} // namespace tirx::files
