#pragma once

#include "ir/dtype.h"
#include "target/hardware.h"

#include <cstdint>

namespace tirx {

// The free offset of `address=(partition, free)` in the current NKI API.
// The NKI documentation calls it "the element offset within each partition"
// while its own examples compute byte offsets (`bank_id * 2048`,
// `i * n_k * 2` for bf16). We follow the examples and emit bytes: the
// allocator's offsets are bytes, and PSUM banks are 2 KiB apart whatever the
// dtype. Settling the unit on hardware changes this function only.
[[nodiscard]] int64_t currentFreeOffset(int64_t byteOffset, DataType dtype);

// Bytes of one PSUM bank per partition (spec 06 §2.1).
inline constexpr int64_t kPsumBankBytes = hw::kPsumBankBytes;

} // namespace tirx
