#pragma once

#include <optional>
#include <string>

namespace tirx::device {

// Where a remote Neuron host is: `ssh://[user@]host[:port]` or
// `[user@]host`. Host and user are checked character by character (letters,
// digits, '.', '_', '-'; no leading '-'), so nothing a remote shell or ssh's
// option parser would read specially ever reaches the command line. The host
// may be an alias of ~/.ssh/config.
struct SshTarget {
    std::string user;
    std::string host;
    int port = 0; // 0: ssh's default (or the config's)

    [[nodiscard]] std::string destination() const { return user.empty() ? host : user + "@" + host; }
    [[nodiscard]] std::string url() const;
};

struct SshTargetParse {
    std::optional<SshTarget> target;
    std::string error;
};

[[nodiscard]] SshTargetParse parseSshTarget(const std::string& text);

// Whether `text` may stand in a remote command line unquoted-safe: a path
// or word of letters, digits and `/._-,:+=`, not starting with '-'.
[[nodiscard]] bool safeShellWord(const std::string& text);

} // namespace tirx::device
