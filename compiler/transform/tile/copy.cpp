// load, store and tensor_copy (chapter 05 §4.1; reference
// backend/trn/tile_primitive/copy/default.py).

#include "analysis/instruction_plan.h"
#include "analysis/layout_algebra.h"
#include "ir/make.h"
#include "transform/tile/families.h"
#include "transform/tile/nest.h"

namespace tirx {

namespace {

constexpr int64_t kDefaultMaxInstSize = 512;

bool onChipScope(const TensorType& t) { return t.isSbuf() || t.isPsum(); }

bool validSide(const TensorType& t)
{
    if (!t.layout()) return false;
    if (t.scope() == "global") return true;
    return onChipScope(t) && isTrainiumLayout(t.layout().get());
}

class CopyLowering final : public TileLowering {
public:
    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& ranges) const override
    {
        c.requireThreadScope("requires thread exec_scope for a Trainium copy");
        const Expr dst = c.region("dst");
        const Expr src = c.region("src");
        const auto* dt = operandType(dst);
        const auto* st = operandType(src);
        if (!dt || !st || !as<TensorRegionNode>(dst) || !as<TensorRegionNode>(src))
            throw TileError("'" + std::string(c.name()) + "' takes tensor regions as dst and src");
        const bool scopesOk = (st->scope() == "global" || onChipScope(*st)) &&
                              (dt->scope() == "global" || onChipScope(*dt)) &&
                              !(st->scope() == "global" && dt->scope() == "global");
        if (!scopesOk || !validSide(*st) || !validSide(*dt))
            throw TileError("invalid tensor layout/scope for copy operation: the HBM side needs a layout and the "
                            "on-chip side (trn.sbuf or trn.psum) a Trainium layout");
        const std::string expected = st->scope() == "global"   ? "load"
                                     : dt->scope() == "global" ? "store"
                                                               : "tensor_copy";
        if (c.shortName() != expected)
            throw TileError("'" + std::string(c.shortName()) + "' does not accept this memory direction (" +
                            st->scope() + " to " + dt->scope() + "); use T.trn.tile." + expected);

        InstructionPlanner planner(ranges);
        const size_t s = planner.addRegion(src);
        const size_t d = planner.addRegion(dst);
        DimMap map;
        try {
            map = ewiseDimMap(src, dst, ranges);
        } catch (const PlanError&) {
            throw TileError("shape mismatch between src and dst for a Trainium copy: their non-unit extents differ");
        }
        planner.link(s, d, map);
        if (!planner.partitionMatch(s, d))
            throw TileError("tensor_copy cannot transpose the partition dimension; prepare identity and use matmul "
                            "explicitly");
        const bool fromSrc = planner.onChip(s);
        const size_t from = fromSrc ? s : d;
        InstRepr inst = planner.fit(planner.maxInstFromRegion(from), fromSrc ? d : s);
        if (expected == "tensor_copy") InstructionPlanner::bound(inst, c.maxInstSize(kDefaultMaxInstSize));

        const NestLoops loops;
        const int64_t blocks = bindNest(planner, from, inst, loops);
        auto instr = nkiCall(expected, {element(dst, planner.indices(d)), element(src, planner.indices(s))});
        return instructionNest(loops, blocks, planner.partitions(from), inst.size, planner.guard(d), std::move(instr));
    }
};

} // namespace

const TileLowering& copyLowering()
{
    static const CopyLowering lowering;
    return lowering;
}

} // namespace tirx
