// tensorreduce (chapter 05 §4.5, the partial-reduce rule of §3.4).

#include "transform/tile/families.h"
#include "transform/tile/reduce_plan.h"

namespace tirx {

namespace {

class ReductionLowering final : public TileLowering {
public:
    void planWorkspaces(TileCall& c, WorkspaceTable& table, const VarRanges& ranges) const override
    {
        partialReduceRule(c, table, ranges);
    }

    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& /*ranges*/) const override
    {
        throw TileError("tile dispatch for '" + std::string(c.name()) + "' is not implemented yet");
    }
};

} // namespace

const TileLowering& reductionLowering()
{
    static const ReductionLowering lowering;
    return lowering;
}

} // namespace tirx
