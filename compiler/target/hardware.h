#pragma once

// The Trainium figures every target tag shares, in one place: the lowering
// passes, the parser's PSUM layouts, the code generator and the simulator
// read them from here, and the Target rows (target.h) start from them.
// The passes use them as the reference's lowering does, whatever the tag,
// so that pass outputs stay identical to the reference's.

#include <cstdint>

namespace tirx::hw {

inline constexpr int64_t kPartitions = 128;     // SBUF and PSUM partitions
inline constexpr int64_t kPsumBanks = 8;        // PSUM banks per partition
inline constexpr int64_t kPsumBankBytes = 2048; // bytes of one partition's row in a bank
// float32 elements in one bank row: what the reference's to_psum and the
// matmul accumulator split the free dimension by.
inline constexpr int64_t kPsumBankFloat32 = kPsumBankBytes / 4;
// The reference's default max_inst_size for the tile ops' instructions.
inline constexpr int64_t kDefaultMaxInstSize = 512;
// The most free elements of a matmul's moving operand.
inline constexpr int64_t kMaxMovingFree = 512;

} // namespace tirx::hw
