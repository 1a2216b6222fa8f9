#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tirx::nki {

// How a kernel is called (spec 08 §3; the launch file of CLI.md): the
// entry, its tensor arguments, other arguments as Python expressions
// evaluated after `setup`, a grid or LNC count, and extra import folders.

struct TensorArg {
    std::string name;
    std::vector<int64_t> shape;
    std::string dtype;
};

// A keyword argument: a tensor, or a Python expression.
struct KeywordArg {
    std::string name;
    std::optional<TensorArg> tensor;
    std::string expression;
};

struct Launch {
    std::string entry; // empty: the stand-in picks the kernel's own
    std::vector<TensorArg> args;
    std::vector<KeywordArg> kwargs;
    std::string setup;
    std::optional<std::vector<int64_t>> grid;
    int lnc = 1;
    std::vector<std::string> sysPath; // absolute after reading
    std::string target;               // empty: the command line's
    // A NumPy expression over the tensor arguments (by name, `np` is NumPy)
    // whose value a run compares the kernel's output with; empty: none.
    std::string reference;
};

struct LaunchResult {
    std::optional<Launch> launch;
    std::string error; // "FILE:LINE:COL: error: message"
};

// Reads a launch file; its sys_path folders are made absolute against the
// file's own folder.
[[nodiscard]] LaunchResult readLaunchFile(const std::string& path);
// Parses launch JSON; `origin` names it in errors, `baseDir` anchors sys_path.
[[nodiscard]] LaunchResult parseLaunch(std::string_view text, const std::string& origin, const std::string& baseDir);

// "128x512:bfloat16" (also "128,512:bfloat16"); nullopt with *error set
// when it is not a shape and a dtype.
[[nodiscard]] std::optional<TensorArg> parseTensorSpec(const std::string& name, std::string_view spec,
                                                       std::string* error);
// "2,3" → {2, 3}.
[[nodiscard]] std::optional<std::vector<int64_t>> parseGrid(std::string_view text, std::string* error);

// The JSON the stand-in reads (the launch file's shape, sys_path absolute).
[[nodiscard]] nlohmann::json launchToJson(const Launch& launch);
// The text of a launch file kept in `baseDir`: launchToJson with the
// sys_path folders relative to it again, so the file can be shared.
[[nodiscard]] std::string launchFileText(const Launch& launch, const std::string& baseDir);

} // namespace tirx::nki
