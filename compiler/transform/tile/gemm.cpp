// matmul (chapter 05 §4.6, the acc-psum rule of §3.5; reference
// backend/trn/tile_primitive/gemm/default.py).

#include "analysis/linear_form.h"
#include "analysis/simplify.h"
#include "ir/make.h"
#include "layout/grouped_layout_memo.h"
#include "layout/layout_algebra.h"
#include "target/hardware.h"
#include "transform/tile/families.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"
#include "transform/workspace_rules.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tirx {

namespace {

constexpr int64_t kPsumBanks = hw::kPsumBanks;
constexpr int64_t kPsumBankElements = hw::kPsumBankFloat32;
constexpr int64_t kMovingFreeLimit = hw::kMaxMovingFree;

enum class Role : uint8_t { A, B, C };

struct PartitionFree {
    size_t partition = 0;
    size_t free = 0;
};

// The contraction (or, for C, partition) dim and the free dim of a matmul
// operand (get_pf_dim_from_tensor_region).
PartitionFree roles(const Expr& region, Role role, bool transposed, const VarRanges& ranges)
{
    const auto* r = as<TensorRegionNode>(region);
    const auto& type = *r->tensor()->tensorType();
    const std::string name = r->tensor()->name();
    std::vector<size_t> dims;
    for (size_t i = 0; i < r->ranges().size(); ++i) {
        if (!provablyEqualExpr(r->ranges()[i].extent, intImm(1), ranges)) dims.push_back(i);
    }
    if (dims.size() != 2)
        throw TileError("only 2D matrices are supported for matmul: '" + name + "' has " + std::to_string(dims.size()) +
                        " non-unit dimensions");
    const auto grouped = GroupedLayoutMemo::canonicalGrouping(type.layout(), type.shape());
    if (!grouped.ok()) throw TileError("'" + name + "': " + grouped.error);
    const auto& shard = grouped.layout->shard();
    const auto hasPartition = [&](size_t d) {
        for (size_t i = grouped.seps[d]; i < grouped.seps[d + 1]; ++i) {
            if (shard[i].axis == Axis::P()) return true;
        }
        return false;
    };
    PartitionFree pf{dims[1], dims[0]};
    if (role == Role::B) pf = {dims[0], dims[1]};
    if (role == Role::C) pf = hasPartition(dims[0]) ? PartitionFree{dims[0], dims[1]} : PartitionFree{dims[1], dims[0]};
    if (transposed) std::swap(pf.partition, pf.free);
    int64_t pInDim = 1;
    int64_t pTotal = 1;
    for (size_t i = 0; i < shard.size(); ++i) {
        if (!(shard[i].axis == Axis::P())) continue;
        const int64_t e = constInt(shard[i].extent).value_or(1);
        pTotal *= e;
        if (i >= grouped.seps[pf.partition] && i < grouped.seps[pf.partition + 1]) pInDim *= e;
    }
    if (pInDim != pTotal)
        throw TileError("the accumulation dimension and the output's non-streaming dimension must contain the whole "
                        "partition dimension; dimension " +
                        std::to_string(pf.partition) + " of '" + name + "' does not");
    for (size_t i = grouped.seps[pf.free]; i < grouped.seps[pf.free + 1]; ++i) {
        if (shard[i].axis == Axis::P() && !isConstInt(shard[i].extent, 1))
            throw TileError("a spatial dimension must not contain the partition axis; dimension " +
                            std::to_string(pf.free) + " of '" + name + "' does");
    }
    return pf;
}

// The conjunction of the two operands' guards as one left-leaning chain,
// the shape the reference's guard has after simplification.
Expr andGuards(const Expr& a, const Expr& b)
{
    if (!a) return b;
    if (!b) return a;
    if (const auto* bin = as<BinaryNode>(b); bin && bin->op() == BinaryOp::And)
        return binary(BinaryOp::And, andGuards(a, bin->a()), bin->b());
    return binary(BinaryOp::And, a, b);
}

class GemmLowering final : public TileLowering {
public:
    // An (8, P_D, 512) PSUM accumulator at bank 0, offset 0 for a matmul into SBUF.
    void planWorkspaces(TileCall& c, WorkspaceTable& table, const VarRanges& /*ranges*/) const override
    {
        if (c.has("acc_psum")) return;
        const auto* dst = operandType(c.operand("D"));
        if (!dst || dst->isPsum()) return;
        const auto partitions = partitionsOf(c.operand("D"));
        if (!partitions) return;
        // Spec 05 §3.5 and §6.5: every accumulator this pass makes sits at
        // bank 0, offset 0, so an earlier one's products are still in the
        // slots this call starts from.
        const bool aliased = std::any_of(table.workspaces().begin(), table.workspaces().end(),
                                         [](const Workspace& w) { return w.var->tensorType()->isPsum(); });
        auto var = table.newWorkspace("acc_psum", {kPsumBanks, *partitions, kPsumBankElements}, DataType::float32(),
                                      MemSpace::Psum);
        c.set("acc_psum", table.add({var, allocStmt(var, {tuple({intImm(0), intImm(0)})}), nullptr}));
        if (aliased)
            c.warn("this acc_psum is placed at PSUM bank 0, offset 0 like the acc_psum of an earlier matmul into "
                   "SBUF, and neither is ever cleared: this product adds onto what that matmul left in the same slots "
                   "(the reference's allocation); to start from zero, write D in PSUM, cleared first by a tensor_copy "
                   "from a zeroed SBUF tile");
    }

    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& ranges) const override
    {
        c.requireThreadScope("requires Trainium target and thread exec_scope");
        const Expr d = c.region("D");
        Expr a = c.region("A");
        Expr b = c.region("B");
        const Expr acc = c.has("C") ? c.region("C") : d;
        if (!isConstFloat(c.scalar("alpha", 1.0), 1.0) || !isConstFloat(c.scalar("beta", 0.0), 0.0))
            throw TileError("only alpha=1 and beta=0 are supported by 'T.trn.tile.matmul'");
        if (!exprEqual(d, acc)) throw TileError("C must be the same region as D in 'T.trn.tile.matmul'");
        const auto* at = operandType(a);
        const auto* bt = operandType(b);
        const auto* ct = operandType(acc);
        const auto trn = [](const TensorType* t) { return t && t->layout() && isTrainiumLayout(t->layout().get()); };
        if (!as<TensorRegionNode>(a) || !as<TensorRegionNode>(b) || !as<TensorRegionNode>(acc) || !trn(at) ||
            !trn(bt) || !trn(ct) || at->dtype() != bt->dtype() || !at->isSbuf() || !bt->isSbuf() ||
            !(ct->isPsum() || ct->isSbuf()) || partitionsOf(a) != partitionsOf(b))
            throw TileError(
                "invalid tensor layout and scope for 'T.trn.tile.matmul': A and B must be SBUF tiles of one "
                "dtype and partition size, C a PSUM or SBUF tile, all with Trainium layouts");
        auto lhs = roles(a, Role::A, constInt(c.operand("transpose_A")).value_or(0) != 0, ranges);
        auto rhs = roles(b, Role::B, constInt(c.operand("transpose_B")).value_or(0) != 0, ranges);
        const auto out = roles(acc, Role::C, false, ranges);
        if (out.partition > out.free) {
            std::swap(lhs, rhs);
            std::swap(a, b);
        }
        const auto extent = [](const Expr& r, size_t dim) { return as<TensorRegionNode>(r)->ranges()[dim].extent; };
        if (!provablyEqualExpr(extent(a, lhs.partition), extent(b, rhs.partition), ranges))
            throw TileError("the reduction dimensions of the matmul operands must match");
        if (!provablyEqualExpr(extent(a, lhs.free), extent(acc, out.partition), ranges) ||
            !provablyEqualExpr(extent(b, rhs.free), extent(acc, out.free), ranges))
            throw TileError("the spatial dimensions of the matmul operands must match the output");

        InstructionPlanner planner(ranges);
        const size_t la = planner.addRegion(a);
        const size_t rb = planner.addRegion(b);
        const size_t cc = planner.addRegion(acc);
        planner.link(la, rb, {{lhs.partition, rhs.partition}});
        planner.link(rb, cc, {{rhs.free, out.free}});
        planner.link(la, cc, {{lhs.free, out.partition}});
        const std::vector<size_t> rhsFree{rhs.free};
        const std::vector<size_t> accFree{out.free};
        InstRepr inst = planner.fit(planner.maxInstFromRegion(rb, &rhsFree), cc, false, &accFree);
        InstructionPlanner::bound(inst, kMovingFreeLimit);

        const Var p = loopVar("p_loop");
        const Var lhsF = loopVar("lhs_f_loop");
        const Var rhsF = loopVar("rhs_f_loop");
        const Var kB = loopVar("reduction_b_loop");
        const Var lhsB = loopVar("lhs_b_loop");
        const Var rhsB = loopVar("rhs_b_loop");
        const int64_t lhsFSize = planner.partitions(cc);
        const int64_t pSize = planner.partitions(la);
        planner.bind(rb, rhsF, inst.size, inst.stride, true);
        planner.bind(cc, lhsF, lhsFSize, 1, false);
        planner.bind(la, p, pSize, 1, false);
        const int64_t kBlocks = planner.fillBlock(la, kB, {lhs.partition});
        const int64_t lhsBlocks = planner.fillBlock(la, lhsB, {lhs.free});
        const int64_t rhsBlocks = planner.fillBlock(rb, rhsB, {rhs.free});

        const auto matmulNest = [&](const Expr& result) {
            auto instr = nkiCall(NkiOp::Matmul, {result, element(a, planner.indices(la)),
                                                 element(b, planner.indices(rb)), boolImm(true)});
            auto inner =
                serialLoop(rhsF, inst.size, guarded(andGuards(planner.guard(la), planner.guard(rb)), instr), "rhs_F");
            return tensorized(serialLoop(p, pSize, serialLoop(lhsF, lhsFSize, std::move(inner), "lhs_F"), "P"));
        };
        if (ct->isPsum()) {
            auto nest = matmulNest(element(acc, planner.indices(cc)));
            return serialLoop(lhsB, lhsBlocks, serialLoop(rhsB, rhsBlocks, serialLoop(kB, kBlocks, std::move(nest))));
        }

        int64_t slots = kPsumBanks;
        Expr accPsum;
        if (!c.has("acc_psum"))
            throw TileError("the accumulation PSUM tensor must be specified in workspace; run TrnPrivateTensorAlloc "
                            "first");
        accPsum = c.operand("acc_psum");
        slots = checkAccPsum(c, pSize);
        warnSlotReuse(c, lhsBlocks * rhsBlocks, slots, ranges);
        const Expr slot = floorMod(add(mul(lhsB, intImm(rhsBlocks)), rhsB), intImm(slots));
        auto stage1 = serialLoop(kB, kBlocks, matmulNest(element(accPsum, {slot, lhsF, rhsF})));
        const Var lhsF2 = loopVar("lhs_f_loop");
        const Var rhsF2 = loopVar("rhs_f_loop");
        const VarSubst copy{{lhsF.get(), lhsF2}, {rhsF.get(), rhsF2}};
        const Expr slot2 = floorMod(add(mul(lhsB, intImm(rhsBlocks)), rhsB), intImm(slots));
        auto back = nkiCall(NkiOp::TensorCopy,
                            {element(acc, planner.indices(cc, copy)), element(accPsum, {slot2, lhsF2, rhsF2})});
        auto stage2 = tensorizedNest(lhsF2, lhsFSize, rhsF2, inst.size, planner.guard(cc, copy), std::move(back));
        return serialLoop(lhsB, lhsBlocks,
                          serialLoop(rhsB, rhsBlocks, makeSeq({std::move(stage1), std::move(stage2)})));
    }

private:
    // Spec 05 §6.5: the acc_psum slots are never cleared, so a slot that
    // takes a second product hands D the running sum, not the product. The
    // lowering stays the reference's; the warning says where that happens.
    static void warnSlotReuse(const TileCall& c, int64_t outputBlocks, int64_t slots, const VarRanges& ranges)
    {
        std::vector<std::string> loops;
        for (const auto& [var, range] : ranges) {
            if (range.extent > 1) loops.push_back("'" + var->name() + "'");
        }
        std::sort(loops.begin(), loops.end());
        std::string why;
        if (outputBlocks > slots)
            why = "its " + std::to_string(outputBlocks) + " output blocks take turns in " + std::to_string(slots) +
                  " acc_psum slot(s)";
        if (!loops.empty()) {
            std::string names;
            for (const auto& n : loops) names += (names.empty() ? "" : ", ") + n;
            why += std::string(why.empty() ? "" : " and ") + "the enclosing loop(s) " + names +
                   " run this matmul again over the same slot(s)";
        }
        if (why.empty()) return;
        c.warn("the acc_psum slots are never cleared and " + why +
               ": D receives the running sum of every product that went through its slot, not this product alone "
               "(the reference's lowering); to choose what accumulates, write D in PSUM, cleared first by a "
               "tensor_copy from a zeroed SBUF tile");
    }

    static bool isConstFloat(const Expr& e, double v)
    {
        if (const auto* f = as<FloatImmNode>(e)) return f->value() == v;
        if (auto i = constInt(e)) return static_cast<double>(*i) == v;
        return false;
    }

    // check_workspace_tensor for PSUM: no layout, and every slot holds (P, 512).
    static int64_t checkAccPsum(const TileCall& c, int64_t partitions)
    {
        const auto* t = operandType(c.operand("acc_psum"));
        const std::string what = "the acc_psum workspace passed to 'T.trn.tile.matmul'";
        if (!t || !t->isPsum()) throw TileError(what + " must be a trn.psum tensor");
        if (t->layout()) throw TileError(what + " must not have a layout");
        const auto& shape = t->shape();
        const auto dim = [&](size_t i) { return i < shape.size() ? constInt(shape[i]).value_or(0) : 0; };
        if (shape.size() != 3 || dim(1) < partitions || dim(2) < kPsumBankElements)
            throw TileError(what + " must have the shape (slots, " + std::to_string(partitions) + ", 512) or larger");
        return dim(0);
    }
};

} // namespace

const TileLowering& gemmLowering()
{
    static const GemmLowering lowering;
    return lowering;
}

} // namespace tirx
