#pragma once

#include "codegen/nki_api.h"
#include "codegen/nki_kernel.h"
#include "ir/function.h"
#include "target/target.h"

namespace tirx {

struct NkiEmitOptions {
    NkiApi api = NkiApi::Legacy;
    // The module as the user wrote it, before any pass: its tile calls are
    // what the emitted lines point back to. May be null.
    const Module* source = nullptr;
    // The target the module was lowered for; null when unknown. The current
    // API refuses what its NeuronCore cannot run (a constant activation bias
    // on trn1) only when it is known.
    const Target* target = nullptr;
};

// The name a function's kernel has in the emitted text: `<global_symbol>_kernel`
// as SplitHostDevice names the device part, else the function's own name.
[[nodiscard]] std::string nkiKernelName(const Function& fn);

// The NKI Python of every function of a lowered module (the device module of
// the `trn` pipeline): per function `# Function: <name>`, its text and a line
// break, as the reference's BuildTrainium concatenates them. A function that
// cannot be printed yields an error at the offending statement (the nearest
// enclosing one a pass made without a place, else the function) and no text.
[[nodiscard]] NkiKernel emitNki(const Module& module, const NkiEmitOptions& options = {});

} // namespace tirx
