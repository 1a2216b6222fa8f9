#pragma once

#include <QString>

#include <string_view>

// The compiler's text is UTF-8 in std::string and std::string_view; this is
// the one conversion the views and the window use.
[[nodiscard]] inline QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}
