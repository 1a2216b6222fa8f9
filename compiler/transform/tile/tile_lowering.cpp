#include "transform/tile/tile_lowering.h"

#include "transform/tile/families.h"

namespace tirx {

void TileLowering::planWorkspaces(TileCall& /*call*/, WorkspaceTable& /*table*/, const VarRanges& /*ranges*/) const {}

const TileLowering& tileLowering(TileOp op)
{
    // No default: a new family in tile_ops.def fails to compile here until
    // it has a lowering.
    switch (tileOpInfo(op).family) {
    case TileFamily::Copy: return copyLowering();
    case TileFamily::Unary: return unaryLowering();
    case TileFamily::Binary: return binaryLowering();
    case TileFamily::Reduction: return reductionLowering();
    case TileFamily::Gemm: return gemmLowering();
    case TileFamily::Select: return selectLowering();
    case TileFamily::Compose: return composeLowering();
    }
    return copyLowering(); // unreachable: the switch covers every family
}

} // namespace tirx
