#pragma once

#include "sim/host_array.h"
#include "sim/run_limits.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tirx::sim {

// The .npy format (version 1.0 to 3.0 read, 1.0 written) for the dtypes a
// kernel parameter can have: float32, float16, bfloat16, int8/16/32, uint8
// and bool. numpy has no bfloat16 of its own; ml_dtypes arrays saved with
// np.save carry the descriptor "|V2" (two opaque bytes, the upper half of a
// float32), which is read as bfloat16 and written back the same way, so that
// `np.load(path).view(ml_dtypes.bfloat16)` recovers the values.
struct NpyResult {
    std::optional<HostArray> array;
    std::string error; // set when array is not
};

[[nodiscard]] NpyResult parseNpy(std::span<const uint8_t> data);
// Reads the file through the checked reader (files/checked_read.h): a
// regular file of at most kMaxNpyFileBytes. Errors start with the path.
[[nodiscard]] NpyResult readNpy(const std::string& path);

// The file's bytes, or nullopt with `error` set for a dtype .npy cannot hold.
[[nodiscard]] std::optional<std::vector<uint8_t>> encodeNpy(const HostArray& array, std::string* error);
// Writes the file; returns the error text, empty on success.
[[nodiscard]] std::string writeNpy(const std::string& path, const HostArray& array);

} // namespace tirx::sim
