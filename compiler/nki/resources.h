#pragma once

#include <string>

namespace tirx::nki {

// Where the NKI stand-in (resources/nki, with run_kernel.py) is at run
// time: paths::locateResourceFolder for the nki folder, which names the
// places it looks. Empty when no copy has run_kernel.py.
[[nodiscard]] std::string locateNkiResources(const std::string& executablePath);

// The running program's own file (/proc/self/exe), empty when unknown.
[[nodiscard]] std::string currentExecutable();

} // namespace tirx::nki
