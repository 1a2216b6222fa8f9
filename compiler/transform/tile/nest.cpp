#include "transform/tile/nest.h"

#include "ir/callables.h"
#include "ir/make.h"
#include "target/hardware.h"
#include "transform/tile/tile_call.h"

#include <algorithm>
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
    int64_t banks = 1;
    bool selectsBank = false;
    const auto& iters = planner.iters(r);
    for (size_t i = 0; i < iters.size(); ++i) {
        if (!(iters[i].axis == Axis::bank()) || iters[i].extent <= 1) continue;
        banks *= iters[i].extent;
        if (inst.selected && std::find(inst.selected->begin(), inst.selected->end(), i) != inst.selected->end())
            selectsBank = true;
    }
    if (banks == 1) return;
    const auto* region = as<TensorRegionNode>(planner.region(r));
    // 2 KiB per partition in a bank; a bounded instruction (selected cut)
    // crosses an edge when it is longer than that.
    const int64_t bankElements =
        region ? hw::kPsumBankBytes / region->tensor()->tensorType()->dtype().bytes() : hw::kPsumBankFloat32;
    if (!selectsBank && (inst.selected || inst.size <= bankElements)) return;
    const std::string name = region ? "'" + region->tensor()->name() + "'" : std::string("the region");
    throw TileError("one instruction would span the " + std::to_string(banks) + " PSUM banks of " + name +
                    ", whose bank and free strides the planner cannot combine (the reference has no rule for this); "
                    "split the call at the bank edge, " +
                    std::to_string(bankElements) + " elements of a row");
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
