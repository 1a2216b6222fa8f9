#pragma once

#include "transform/tile/tile_lowering.h"

namespace tirx {

// The family objects behind tileLowering(); one file each.
[[nodiscard]] const TileLowering& copyLowering();      // load, store, tensor_copy
[[nodiscard]] const TileLowering& unaryLowering();     // memset, reciprocal, activation
[[nodiscard]] const TileLowering& binaryLowering();    // tensortensor, tensorscalar
[[nodiscard]] const TileLowering& reductionLowering(); // tensorreduce
[[nodiscard]] const TileLowering& gemmLowering();      // matmul
[[nodiscard]] const TileLowering& selectLowering();    // affine_select
[[nodiscard]] const TileLowering& composeLowering();   // scalar_tensor_*, tensorscalar_reduce, activation_reduce

} // namespace tirx
