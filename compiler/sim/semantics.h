#pragma once

#include "sim/executor.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tirx::sim {

// What each NKI instruction computes (chapter 06 §3), on the executor's
// gathered float32 values. The op table decides the operands: the tensors
// its access column marks written are the results (the reduce forms write
// two: the reduction first, then the element-wise values), those marked
// read are the inputs in signature order, and every other argument is found
// by its column name. Reductions group points by the address of their
// reduce output (the loop variables its index mentions) and accumulate in
// increasing order of the others; matmul is a reduction over the variable
// its result does not mention, with a dense fast path for the plain
// [K, M] × [K, N] → [M, N] form.
class Semantics {
public:
    explicit Semantics(Executor& executor);

    [[nodiscard]] bool run();

private:
    struct Slots {
        std::vector<int32_t> slotOf;     // per point
        std::vector<int64_t> firstPoint; // per slot: first active point, -1 if none
    };

    [[nodiscard]] bool copy();
    [[nodiscard]] bool matmul();
    [[nodiscard]] bool matmulDense(size_t k, size_t i, size_t j, bool accumulate);
    [[nodiscard]] bool activation();
    [[nodiscard]] bool reciprocal();
    [[nodiscard]] bool tensorReduce();
    [[nodiscard]] bool tensorTensor();
    [[nodiscard]] bool tensorScalar();
    [[nodiscard]] bool scalarTensor();
    [[nodiscard]] bool memset();
    [[nodiscard]] bool identity();
    [[nodiscard]] bool affineSelect();

    // The argument count and the tensor operands the table asks for.
    [[nodiscard]] bool checkOperands();
    // The n-th operand the table marks written, and the n-th it marks read.
    [[nodiscard]] size_t out(size_t n) const { return m_written[n]; }
    [[nodiscard]] size_t in(size_t n) const { return m_read[n]; }
    // The opcode string of column `param`, if it is one of `use` the backend lowers.
    [[nodiscard]] std::optional<Opcode> opcode(std::string_view param, OpcodeUse use);
    [[nodiscard]] std::optional<bool> flag(std::string_view param);
    // Writes element-wise results t, and their reduction for the reduce forms.
    [[nodiscard]] bool writeResults(const std::vector<float>& t);
    [[nodiscard]] Slots slots(size_t reduceArg) const;
    // Reduces t per slot (masked points skipped).
    [[nodiscard]] std::vector<float> reduce(const std::vector<float>& t, const Slots& s, Opcode op) const;

    [[nodiscard]] static float apply(Opcode op, float x, float y);
    // out = x op y (y op x when reversed) over n elements; out is neither input.
    static void applyRow(Opcode op, const float* x, const float* y, bool reverse, float* out, size_t n);
    static void applyAll(Opcode op, const std::vector<float>& x, const std::vector<float>& y, bool reverse,
                         std::vector<float>& out);

    Executor& m_x;
    const Instruction& m_ins;
    std::vector<size_t> m_written; // argument positions, in signature order
    std::vector<size_t> m_read;
};

} // namespace tirx::sim
