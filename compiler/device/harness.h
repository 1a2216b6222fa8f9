#pragma once

#include <string_view>

namespace tirx::device {

// resources/device/harness.py, built into the program so that the CLI and
// the app carry it wherever they are installed.
[[nodiscard]] std::string_view harnessSource();

} // namespace tirx::device
