#include "transform/tile/nest.h"

#include "ir/callables.h"
#include "ir/make.h"

#include <stdexcept>
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

Stmt nkiCall(std::string_view name, std::vector<Expr> args)
{
    const std::string full = "T.nki." + std::string(name);
    const Callable* c = findCallable(full);
    if (!c || c->kind != CallableKind::NkiInstruction) throw std::logic_error("no NKI instruction " + full);
    return makeEvaluate(call(c->op, std::move(args)));
}

Expr element(const Expr& region, std::vector<Expr> indices)
{
    Var tensor;
    if (const auto* r = as<TensorRegionNode>(region))
        tensor = r->tensor();
    else
        tensor = std::static_pointer_cast<const VarNode>(region);
    return tensorLoad(tensor, std::move(indices));
}

int64_t bindNest(InstructionPlanner& planner, size_t r, const InstRepr& inst, const NestLoops& loops)
{
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
