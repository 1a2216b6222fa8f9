#pragma once

#include <string>

namespace tirx::nki {

// Where the NKI stand-in (resources/nki, with run_kernel.py) is at run
// time, never looked up from the working folder: an installed copy at
// <prefix>/share/tirx-explorer/nki beside <prefix>/bin/<executable> first,
// then the source tree the build came from. Empty when neither has
// run_kernel.py.
[[nodiscard]] std::string locateNkiResources(const std::string& executablePath);

// The running program's own file (/proc/self/exe), empty when unknown.
[[nodiscard]] std::string currentExecutable();

} // namespace tirx::nki
