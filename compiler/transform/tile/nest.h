#pragma once

#include "ir/callables.h"
#include "ir/expr.h"
#include "ir/stmt.h"
#include "transform/tile/instruction_plan.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tirx {

// The pieces of the instruction nest every tile-op lowering emits (chapter
// 05 §1.4): serial loops, the tensorized-instruction region, the nki_dim
// annotations, the guard and the T.nki.* call itself, built through the
// callable table: an instruction is named by its row, never by a string.

[[nodiscard]] Var loopVar(std::string name);
// for v in T.serial(0, extent) with {"nki_dim": nkiDim} when nkiDim is set.
[[nodiscard]] Stmt serialLoop(const Var& v, int64_t extent, Stmt body, std::string_view nkiDim = {});
[[nodiscard]] Stmt tensorized(Stmt body);
// The statement, inside `if guard:` when guard is set.
[[nodiscard]] Stmt guarded(const Expr& guard, Stmt body);
// The instruction `op` of the table, T.nki.<name>(args...), as a statement.
[[nodiscard]] Stmt nkiCall(NkiOp op, std::vector<Expr> args);
// An element of a tensor.
[[nodiscard]] Expr element(const Expr& region, std::vector<Expr> indices);

// Spec 05 §6.9: an instruction planned on a PSUM region must stay in one
// bank. The planner would run the bank and free iters together as one
// stride pattern (the reference has no rule for it) and emit indices that
// address neither; this rejects such a plan, naming the region. Call it
// before binding the instruction on region r.
void requireOneBank(const InstructionPlanner& planner, size_t r, const InstRepr& inst);

// The loop variables of one P x F instruction nest.
struct NestLoops {
    Var block = loopVar("b_loop");
    Var partition = loopVar("p_loop");
    Var free = loopVar("f_loop");
};

// for b_loop: with tensorized: for p_loop (P): for f_loop (F): [if guard:] instr
[[nodiscard]] Stmt instructionNest(const NestLoops& loops, int64_t blocks, int64_t partitions, int64_t size,
                                   const Expr& guard, Stmt instruction);
// The common recipe of §2.13: bind the instruction's F and P variables on
// the planning region r and cover the rest with the block variable; returns
// the block extent.
[[nodiscard]] int64_t bindNest(InstructionPlanner& planner, size_t r, const InstRepr& inst, const NestLoops& loops);

// The same without the block loop.
[[nodiscard]] Stmt tensorizedNest(const Var& p, int64_t partitions, const Var& f, int64_t size, const Expr& guard,
                                  Stmt instruction);

} // namespace tirx
