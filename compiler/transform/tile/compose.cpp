// The compose ops: scalar_tensor_scalar, scalar_tensor_tensor,
// tensorscalar_reduce and activation_reduce (chapter 05 §4.8–§4.10, the
// workspace rules of §3.4 and §3.6).

#include "transform/tile/families.h"
#include "transform/tile/reduce_plan.h"

namespace tirx {

namespace {

class ComposeLowering final : public TileLowering {
public:
    void planWorkspaces(TileCall& c, WorkspaceTable& table, const VarRanges& ranges) const override
    {
        if (c.shortName() == "tensorscalar_reduce") partialReduceRule(c, table, ranges);
        if (c.shortName() == "activation_reduce") unaryReduceRule(c, table, ranges);
    }

    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& /*ranges*/) const override
    {
        throw TileError("tile dispatch for '" + std::string(c.name()) + "' is not implemented yet");
    }
};

} // namespace

const TileLowering& composeLowering()
{
    static const ComposeLowering lowering;
    return lowering;
}

} // namespace tirx
