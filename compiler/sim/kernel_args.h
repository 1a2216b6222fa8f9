#pragma once

#include "ir/function.h"
#include "sim/host_array.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tirx::sim {

// Which parameters of a kernel are inputs and which are outputs (chapter 07
// §1): parameters with index < k are inputs, where k is the function's
// "num_inputs" (TX1/TX2) or "trn.num_input_args" (TX3) attribute; without
// either, the outputs are the parameters some instruction writes.
struct KernelArguments {
    std::vector<Var> inputs;
    std::vector<Var> outputs;
    std::string decidedBy; // "num_inputs", "trn.num_input_args" or "written"
};

[[nodiscard]] KernelArguments kernelArguments(const Function& fn);

// The function of `module` to run: the one named `name`, else the only one,
// else "main"; null (with `error`) when there is no such function.
[[nodiscard]] FunctionRef kernelFunction(const Module& module, const std::string& name, std::string* error);

// Deterministic pseudo-random contents for a parameter the user gave no
// file for: uniform in [-1, 1) for floats, small integers for the integer
// types, 0/1 for bool. The same seed and name give the same array on every
// platform (the generator is ours, not the standard library's).
[[nodiscard]] HostArray randomArray(const Var& param, uint64_t seed);

} // namespace tirx::sim
