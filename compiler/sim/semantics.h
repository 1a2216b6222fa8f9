#pragma once

#include "sim/executor.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tirx::sim {

// What each NKI instruction computes (chapter 06 §3), on the executor's
// gathered float32 values. Reductions group points by the address of their
// reduce output (the loop variables its index mentions) and accumulate in
// increasing order of the others; matmul is a reduction over the variable
// its result does not mention, with a dense fast path for the plain
// [K, M] × [K, N] → [M, N] form.
class Semantics {
public:
    explicit Semantics(Executor& executor) : m_x(executor), m_ins(*executor.m_ins) {}

    [[nodiscard]] bool run();

private:
    enum class Alu : uint8_t { Add, Sub, Mul, Max, Min };
    enum class Activation : uint8_t { Exp, Sqrt };

    struct Slots {
        std::vector<int32_t> slotOf;     // per point
        std::vector<int64_t> firstPoint; // per slot: first active point, -1 if none
    };

    [[nodiscard]] bool copy();
    [[nodiscard]] bool matmul();
    [[nodiscard]] bool matmulDense(size_t k, size_t i, size_t j, bool accumulate);
    [[nodiscard]] bool activation(bool reduce);
    [[nodiscard]] bool reciprocal();
    [[nodiscard]] bool tensorReduce();
    [[nodiscard]] bool tensorTensor();
    [[nodiscard]] bool tensorScalar(bool reduce);
    [[nodiscard]] bool scalarTensor();
    [[nodiscard]] bool memset();
    [[nodiscard]] bool identity();
    [[nodiscard]] bool affineSelect();

    [[nodiscard]] bool checkArgs(size_t count, bool atLeast = false);
    [[nodiscard]] bool needTensor(size_t arg);
    [[nodiscard]] std::optional<Alu> alu(size_t arg, bool reduction);
    [[nodiscard]] std::optional<bool> flag(size_t arg);
    [[nodiscard]] Slots slots(size_t reduceArg) const;
    // Reduces t per slot (masked points skipped).
    [[nodiscard]] std::vector<float> reduce(const std::vector<float>& t, const Slots& s, Alu op) const;

    [[nodiscard]] static float apply(Alu op, float x, float y);
    static void applyAll(Alu op, const std::vector<float>& x, const std::vector<float>& y, bool reverse,
                         std::vector<float>& out);

    Executor& m_x;
    const Instruction& m_ins;
};

} // namespace tirx::sim
