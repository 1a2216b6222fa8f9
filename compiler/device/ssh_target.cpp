#include "device/ssh_target.h"

#include <cctype>

namespace tirx::device {

namespace {

bool nameCharacters(const std::string& text)
{
    if (text.empty() || text.front() == '-' || text.size() > 253) return false;
    for (const char c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') return false;
    return true;
}

} // namespace

std::string SshTarget::url() const
{
    return "ssh://" + destination() + (port ? ":" + std::to_string(port) : std::string());
}

bool safeShellWord(const std::string& text)
{
    if (text.empty() || text.front() == '-') return false;
    for (const char c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) &&
            std::string_view("/._-,:+=").find(c) == std::string_view::npos)
            return false;
    return true;
}

SshTargetParse parseSshTarget(const std::string& text)
{
    std::string rest = text;
    if (rest.starts_with("ssh://")) rest = rest.substr(6);
    SshTarget target;
    if (const auto at = rest.find('@'); at != std::string::npos) {
        target.user = rest.substr(0, at);
        rest = rest.substr(at + 1);
        if (!nameCharacters(target.user))
            return {std::nullopt,
                    "refusing SSH user '" + target.user + "': only letters, digits, '.', '_' and '-' are allowed"};
    }
    if (!rest.empty() && rest.back() == '/') rest.pop_back();
    if (const auto colon = rest.rfind(':'); colon != std::string::npos) {
        const std::string port = rest.substr(colon + 1);
        rest = rest.substr(0, colon);
        int value = 0;
        for (const char c : port) {
            if (!std::isdigit(static_cast<unsigned char>(c)) || value > 65535) {
                value = -1;
                break;
            }
            value = value * 10 + (c - '0');
        }
        if (port.empty() || value < 1 || value > 65535)
            return {std::nullopt, "refusing SSH port '" + port + "': not a number from 1 to 65535"};
        target.port = value;
    }
    if (!nameCharacters(rest))
        return {std::nullopt, "refusing SSH host '" + rest +
                                  "': a host name has only letters, digits, '.', '_' and '-' (no shell "
                                  "metacharacters, spaces or a leading '-')"};
    target.host = rest;
    return {target, {}};
}

} // namespace tirx::device
