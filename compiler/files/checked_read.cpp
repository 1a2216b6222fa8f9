#include "files/checked_read.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace tirx::files {

namespace {

std::string tooLarge(size_t maxBytes) { return "the file is larger than " + sizeText(maxBytes); }

// Opens a regular file without blocking on a FIFO or a device; -1 with
// `reason` set when it cannot or is not one. `size` is the file's size.
int openRegular(const std::string& path, size_t maxBytes, std::string& reason, size_t& size)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        reason = std::strerror(errno);
        return -1;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        reason = std::strerror(errno);
    } else if (S_ISDIR(st.st_mode)) {
        reason = "it is a directory";
    } else if (!S_ISREG(st.st_mode)) {
        reason = "it is not a regular file";
    } else if (static_cast<uint64_t>(st.st_size) > maxBytes) {
        reason = tooLarge(maxBytes);
    } else {
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        size = static_cast<size_t>(st.st_size);
        return fd;
    }
    ::close(fd);
    return -1;
}

// Reads fd to its end, at most maxBytes; `expected` reserves the buffer once.
CheckedRead readAll(int fd, size_t maxBytes, size_t expected)
{
    CheckedRead out;
    std::string bytes;
    bytes.reserve(expected);
    char buffer[1 << 16];
    while (true) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            out.reason = std::strerror(errno);
            return out;
        }
        // A file that grows while it is read is held to the same cap.
        if (bytes.size() + static_cast<size_t>(n) > maxBytes) {
            out.reason = tooLarge(maxBytes);
            return out;
        }
        bytes.append(buffer, static_cast<size_t>(n));
    }
    out.bytes = std::move(bytes);
    return out;
}

} // namespace

CheckedRead readCheckedDescriptor(int fd, size_t maxBytes) { return readAll(fd, maxBytes, 0); }

CheckedRead readCheckedFile(const std::string& path, size_t maxBytes)
{
    CheckedRead out;
    size_t size = 0;
    const int fd = openRegular(path, maxBytes, out.reason, size);
    if (fd < 0) return out;
    out = readAll(fd, maxBytes, size);
    ::close(fd);
    return out;
}

std::string sizeText(uint64_t bytes)
{
    // Binary multiples named as the README and the man page name the caps.
    // A whole number in the largest unit the size reaches or the one below
    // it ("1025 MB"), any other size to one decimal ("1.0 GB").
    static constexpr std::pair<int, const char*> kUnits[] = {{40, " TB"}, {30, " GB"}, {20, " MB"}, {10, " KB"}};
    for (size_t u = 0; u < std::size(kUnits); ++u) {
        const uint64_t one = uint64_t{1} << kUnits[u].first;
        if (bytes < one) continue;
        for (size_t w = u; w < std::min(u + 2, std::size(kUnits)); ++w) {
            const int shift = kUnits[w].first;
            if (bytes % (uint64_t{1} << shift) == 0) return std::to_string(bytes >> shift) + kUnits[w].second;
        }
        char text[32];
        std::snprintf(text, sizeof text, "%.1f%s", static_cast<double>(bytes) / static_cast<double>(one),
                      kUnits[u].second);
        return text;
    }
    return std::to_string(bytes) + " bytes";
}

std::string cannotReadMessage(const std::string& path, const std::string& reason)
{
    return path + ": error: cannot read the file: " + reason;
}

} // namespace tirx::files
