#include "transform/tile/nest.h"

#include "ir/callables.h"
#include "ir/make.h"
#include "transform/tile/tile_call.h"

#include <string>

namespace tirx {

Var loopVar(std::string name) { return makeVar(std::move(name), VarType::scalar(DataType::int32())); }

Stmt serialLoop(const Var& v, int64_t extent, Stmt body, std::string_view nkiDim)
{
    Attrs annotations;
    if (!nkiDim.empty()) annotations = Attrs{{{"nki_dim", stringImm(std::string(nkiDim))}}};
    return makeFor({v, intImm(0), intImm(extent), intImm(1), ForKind::Serial, std::move(body), std::move(annotations)});
}

Stmt tensorized(Stmt body) { return makeRegion(kTensorizedInstruction, {}, {}, std::move(body)); }

Stmt guarded(const Expr& guard, Stmt body) { return guard ? makeIf(guard, std::move(body), nullptr) : body; }

Stmt nkiCall(NkiOp op, std::vector<Expr> args) { return makeEvaluate(call(callableOf(op).op, std::move(args))); }

Expr element(const Expr& region, std::vector<Expr> indices)
{
    Var tensor;
    if (const auto* r = as<TensorRegionNode>(region))
        tensor = r->tensor();
    else
        tensor = std::static_pointer_cast<const VarNode>(region);
    return tensorLoad(tensor, std::move(indices));
}

void requireOneBank(const InstructionPlanner& planner, size_t r, const InstRepr& inst)
{
    if (!inst.selected) return; // bounded: the size was cut to stay within the limit
    for (size_t i : *inst.selected) {
        const ViewIter& it = planner.iters(r)[i];
        if (!(it.axis == Axis::bank()) || it.extent <= 1) continue;
        std::string name = "the region";
        if (const auto* region = as<TensorRegionNode>(planner.region(r))) name = "'" + region->tensor()->name() + "'";
        throw TileError("one instruction would span " + std::to_string(it.extent) + " PSUM banks of " + name +
                        ", whose bank and free strides the planner cannot combine (the reference has no rule for "
                        "this); split the call at the bank edge, 512 float32 elements of a row");
    }
}

int64_t bindNest(InstructionPlanner& planner, size_t r, const InstRepr& inst, const NestLoops& loops)
{
    requireOneBank(planner, r, inst);
    planner.bind(r, loops.free, inst.size, inst.stride, true);
    planner.bind(r, loops.partition, planner.partitions(r), 1, false);
    return planner.fillBlock(r, loops.block);
}

Stmt tensorizedNest(const Var& p, int64_t partitions, const Var& f, int64_t size, const Expr& guard, Stmt instruction)
{
    auto inner = serialLoop(f, size, guarded(guard, std::move(instruction)), "F");
    return tensorized(serialLoop(p, partitions, std::move(inner), "P"));
}

Stmt instructionNest(const NestLoops& loops, int64_t blocks, int64_t partitions, int64_t size, const Expr& guard,
                     Stmt instruction)
{
    return serialLoop(loops.block, blocks,
                      tensorizedNest(loops.partition, partitions, loops.free, size, guard, std::move(instruction)));
}

} // namespace tirx
