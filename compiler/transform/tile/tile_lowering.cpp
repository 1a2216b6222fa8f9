#include "transform/tile/tile_lowering.h"

#include "transform/tile/families.h"

#include <stdexcept>
#include <string>

namespace tirx {

void TileLowering::planWorkspaces(TileCall& /*call*/, WorkspaceTable& /*table*/, const VarRanges& /*ranges*/) const {}

const TileLowering& tileLowering(const Callable& callable)
{
    const std::string_view n = callable.name;
    if (n == "T.trn.tile.load" || n == "T.trn.tile.store" || n == "T.trn.tile.tensor_copy") return copyLowering();
    if (n == "T.trn.tile.memset" || n == "T.trn.tile.reciprocal" || n == "T.trn.tile.activation")
        return unaryLowering();
    if (n == "T.trn.tile.tensortensor" || n == "T.trn.tile.tensorscalar") return binaryLowering();
    if (n == "T.trn.tile.tensorreduce") return reductionLowering();
    if (n == "T.trn.tile.matmul") return gemmLowering();
    if (n == "T.trn.tile.affine_select") return selectLowering();
    if (n == "T.trn.tile.scalar_tensor_scalar" || n == "T.trn.tile.scalar_tensor_tensor" ||
        n == "T.trn.tile.tensorscalar_reduce" || n == "T.trn.tile.activation_reduce")
        return composeLowering();
    throw std::logic_error("no lowering family for " + std::string(n));
}

} // namespace tirx
