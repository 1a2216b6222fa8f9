#pragma once

// 64-bit arithmetic that says when it overflows instead of wrapping: memory
// sizes and addresses are products and sums of extents a user wrote, and a
// wrapped one (a (128, 2**62) float32 tensor needing "0 bytes") would pass
// every capacity check.

#include <cstdint>
#include <optional>

namespace tirx {

[[nodiscard]] inline std::optional<int64_t> checkedMul(int64_t a, int64_t b)
{
    int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

[[nodiscard]] inline std::optional<int64_t> checkedAdd(int64_t a, int64_t b)
{
    int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}

// The message for a size or an address past 64 bits, after "allocation 'X' ".
inline constexpr const char* kSizeOverflow = "is too large: its size in bytes does not fit in 64 bits";
inline constexpr const char* kAddressOverflow = "is placed past any address: its end does not fit in 64 bits";

} // namespace tirx
