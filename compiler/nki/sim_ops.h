#pragma once

#include "nki/sim_space.h"
#include "nki/trace.h"

#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace tirx::nki {

// How the module holds the tensor (block) a region names.
struct SimSlot {
    std::string identifier;
    bool psum = false;
    bool hbm = false;
    int64_t partitionBase = 0;
    std::string unusable; // set when the simulator cannot hold the tensor: why
};

// One T.nki call of the module: the op table's name, its loops and
// operands, and its arguments in signature order (an operand of the space
// or literal text).
struct SimCall {
    std::string op; // "tensortensor", "matmul", ...
    IterationSpace space;
    std::vector<const SimSlot*> slots; // per space operand
    std::vector<std::variant<size_t, std::string>> args;
};

// The region's slot, or a message saying why the simulator cannot hold it.
using SlotOf = std::function<std::variant<const SimSlot*, std::string>(const Region&)>;

// The calls that compute what `ins` computes (none for an instruction
// that touches no element), or a message naming what the simulator does
// not model (an op, an argument, a shape).
[[nodiscard]] std::variant<std::vector<SimCall>, std::string> translateInstruction(const Instruction& ins,
                                                                                   const SlotOf& slotOf);

// The call as lines of TVMScript at `indent` spaces.
[[nodiscard]] std::vector<std::string> callText(const SimCall& call, int indent);

} // namespace tirx::nki
