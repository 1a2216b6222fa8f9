#pragma once

#include "codegen/name_supply.h"
#include "ir/diagnostic.h"
#include "ir/function.h"

#include <string>
#include <vector>

namespace tirx {

struct KernelParam {
    Var var;
    std::string name; // printed name: the tensor's name with "_ptr", as the reference's pointer parameters
    bool output = false;
};

// What both printers need of a device function before its body: the kernel
// name (SplitHostDevice names the device part of `f` `f_kernel`) and the
// parameters split into inputs and outputs (spec 07 §1).
struct KernelSignature {
    std::string name;
    std::vector<KernelParam> params;
};

// Reads the signature, allocating parameter names from `names`. The input
// count comes from "num_inputs" or "trn.num_input_args"; without either the
// outputs are the parameters the kernel writes (a note says so). Throws
// CodegenError on a missing symbol, a scalar parameter or outputs that do not
// follow the inputs.
[[nodiscard]] KernelSignature kernelSignature(const Function& fn, NameSupply& names, std::vector<Diagnostic>& notes);

} // namespace tirx
