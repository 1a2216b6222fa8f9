#pragma once

#include "transform/pipeline.h"

#include <filesystem>
#include <optional>
#include <string>

namespace tirx {

// Writes what `tirx-cli lower --dump-dir DIR` writes: every entry's module as
// dumpFileName(i, pass) and trace.json beside them, creating DIR if needed.
// Returns nothing on success, else what failed ("PATH: cannot write the
// file").
[[nodiscard]] std::optional<std::string> writeTraceDump(const Trace& trace, const std::filesystem::path& dir);

} // namespace tirx
