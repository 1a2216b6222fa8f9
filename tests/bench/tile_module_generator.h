#pragma once

#include <string>

namespace tirx::bench {

// One Trainium kernel of `calls` tile calls of the families TileDispatch I
// lowers, cycling through load, tensor_copy, memset, activation (with a
// bias column), tensortensor, tensorscalar, affine_select and store on four
// SBUF tiles and one HBM tensor: what the dispatch costs grows with the
// number of calls alone.
[[nodiscard]] std::string generateTileModule(int calls);

// One Trainium kernel of `calls` tile calls of the TileDispatch II
// families, half matmul and half tensorreduce: matmuls into one PSUM bank
// that accumulate over two 128-partition blocks of K, and reductions that
// alternate between one stage (a row of 512 into a column) and two stages
// (dims 1 and 3 of a (128, 8, 4, 16) tile, which gives every second
// reduction its own partial_reduce workspace).
[[nodiscard]] std::string generateMatmulReductionModule(int calls);

} // namespace tirx::bench
