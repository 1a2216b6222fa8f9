#pragma once

#include <string>

namespace tirx::bench {

// One Trainium kernel of `calls` tile calls of the families TileDispatch I
// lowers, cycling through load, tensor_copy, memset, activation (with a
// bias column), tensortensor, tensorscalar, affine_select and store on four
// SBUF tiles and one HBM tensor: what the dispatch costs grows with the
// number of calls alone.
[[nodiscard]] std::string generateTileModule(int calls);

} // namespace tirx::bench
