#pragma once

#include "ir/diagnostic.h"
#include "sim/instruction.h"
#include "sim/point_set.h"
#include "target/target.h"

#include <vector>

namespace tirx::sim {

// The checks of chapter 06 §4 that concern what the hardware can execute
// rather than what the instruction computes: the simulator runs the
// instruction either way, and these warnings, at the T.nki call, say where
// a kernel that simulates correctly would still fail on a device.
//   §4.4  matmul sizes (contraction and stationary free ≤ partitions, moving
//         free ≤ 512 and its float32 row within one PSUM bank);
//   §4.5  tensortensor with both inputs in PSUM;
//   §4.6  activation_reduce with a reduce opcode other than "add";
//   §4.7, §4.4 and the rest of §3: an operand in a memory the op table's
//         spaces column does not allow (GpSimd and PSUM, matmul operands);
//   §4.8  load into PSUM, store from PSUM;
//   §4.10 the free size of an instruction beyond one SBUF partition.
// `streams` holds one entry per argument (place == nullptr for non-tensors).
[[nodiscard]] std::vector<Diagnostic> hardwareLimitWarnings(const Instruction& ins, const PointSet& points,
                                                            const std::vector<Stream>& streams, const Target& target);

} // namespace tirx::sim
