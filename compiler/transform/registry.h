#pragma once

#include "transform/pass.h"

#include <span>
#include <string_view>
#include <vector>

namespace tirx {

// Every pass the explorer knows, in the reference's pipeline order. The GUI
// stepper, `tirx-cli passes` and the docs all read this one list.
[[nodiscard]] std::span<const PassInfo> passRegistry();
[[nodiscard]] const PassInfo* findPass(std::string_view name);

// A named list of passes (chapter 03 §0.2 and CLI.md): "lower-tirx", "trn", "none".
struct PipelinePreset {
    std::string_view name;
    std::string_view description;
    std::vector<std::string_view> passes;
};

[[nodiscard]] std::span<const PipelinePreset> pipelinePresets();
[[nodiscard]] const PipelinePreset* findPreset(std::string_view name);

} // namespace tirx
