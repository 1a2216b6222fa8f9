// load, store and tensor_copy (chapter 05 §4.1; reference
// backend/trn/tile_primitive/copy/default.py).

#include "ir/make.h"
#include "ir/mem_space.h"
#include "layout/layout_algebra.h"
#include "target/hardware.h"
#include "transform/tile/families.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"

namespace tirx {

namespace {

constexpr int64_t kDefaultMaxInstSize = hw::kDefaultMaxInstSize;

bool onChipScope(const TensorType& t) { return t.isSbuf() || t.isPsum(); }

bool validSide(const TensorType& t)
{
    if (!t.layout()) return false;
    if (isScope(t.scope(), MemSpace::Hbm)) return true;
    return onChipScope(t) && isTrainiumLayout(t.layout().get());
}

// The PSUM banks a tensor's layout spans (1 without Bank iters).
int64_t banksOf(const TensorType& t)
{
    int64_t banks = 1;
    if (!t.layout()) return banks;
    for (const auto& it : t.layout()->shard()) {
        if (it.axis == Axis::bank()) banks *= constInt(it.extent).value_or(1);
    }
    return banks;
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
        const bool scopesOk = (isScope(st->scope(), MemSpace::Hbm) || onChipScope(*st)) &&
                              (isScope(dt->scope(), MemSpace::Hbm) || onChipScope(*dt)) &&
                              !(isScope(st->scope(), MemSpace::Hbm) && isScope(dt->scope(), MemSpace::Hbm));
        if (!scopesOk || !validSide(*st) || !validSide(*dt))
            throw TileError("invalid tensor layout/scope for copy operation: the HBM side needs a layout and the "
                            "on-chip side (trn.sbuf or trn.psum) a Trainium layout");
        // The memory direction decides the tile op and the instruction it
        // lowers to, both named alike.
        const bool load = isScope(st->scope(), MemSpace::Hbm);
        const bool store = isScope(dt->scope(), MemSpace::Hbm);
        const TileOp expected = load ? TileOp::Load : store ? TileOp::Store : TileOp::TensorCopy;
        const NkiOp instruction = load ? NkiOp::Load : store ? NkiOp::Store : NkiOp::TensorCopy;
        if (c.op() != expected)
            throw TileError("'" + std::string(c.shortName()) + "' does not accept this memory direction (" +
                            st->scope() + " to " + dt->scope() + "); use T.trn.tile." +
                            std::string(tileOpInfo(expected).name));

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
        if (!planner.partitionMatch(s, d) && banksOf(*st) != banksOf(*dt)) {
            // The reference rejects this as a transpose too; say what differs.
            const auto* banked = banksOf(*st) > banksOf(*dt) ? as<TensorRegionNode>(src) : as<TensorRegionNode>(dst);
            throw TileError("tensor_copy cannot pair the " + std::to_string(std::max(banksOf(*st), banksOf(*dt))) +
                            " PSUM banks of '" + banked->tensor()->name() +
                            "' with a layout of another bank count: the bank and free iters do not line up (the "
                            "reference rejects it as a partition transpose); copy one bank, 512 float32 elements "
                            "of a row, at a time");
        }
        if (!planner.partitionMatch(s, d))
            throw TileError("tensor_copy cannot transpose the partition dimension; prepare identity and use matmul "
                            "explicitly");
        const bool fromSrc = planner.onChip(s);
        const size_t from = fromSrc ? s : d;
        InstRepr inst = planner.fit(planner.maxInstFromRegion(from), fromSrc ? d : s);
        if (expected == TileOp::TensorCopy) InstructionPlanner::bound(inst, c.maxInstSize(kDefaultMaxInstSize));

        const NestLoops loops;
        const int64_t blocks = bindNest(planner, from, inst, loops);
        auto instr = nkiCall(instruction, {element(dst, planner.indices(d)), element(src, planner.indices(s))});
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
