#pragma once

#include "nki/launch.h"

#include <string>
#include <string_view>
#include <vector>

namespace tirx::nki {

// A kernel's parameters as its `def` line spells them, read without running
// the file: the window fills its arguments bar from them before the user has
// said whether the file's folder may run code (spec 08 §3).
struct KernelParameter {
    std::string name;
    std::string defaultText; // the default's source text; empty when there is none
    bool hasDefault = false;
    bool variadic = false; // *args or **kwargs
    bool keywords = false; // **kwargs
};

struct KernelSignature {
    std::string name;
    int line = 0;           // 1-based line of `def`
    bool decorated = false; // @nki.jit, @jit, @nki.baremetal, ...
    std::vector<KernelParameter> parameters;
};

// The top-level functions of a kernel file in file order, the decorated
// kernels first when there are any (then only they are listed).
[[nodiscard]] std::vector<KernelSignature> kernelSignatures(std::string_view source);

// A launch a kernel author starts from: the first kernel as entry, each
// parameter without a default a tensor of `shape` and `dtype` (defaults are
// left to the kernel).
[[nodiscard]] Launch launchFromSignature(const KernelSignature& signature,
                                         const std::vector<int64_t>& shape = {128, 512},
                                         const std::string& dtype = "float32");

// `current` brought in line with the kernel's signature after an edit of
// its `def` line: the tensor arguments follow the parameters without a
// default, in their order, each keeping the shape and dtype `current` gave
// it by name (a new one gets `shape` and `dtype`); keyword arguments the
// kernel no longer names go, unless it takes **kwargs. Other fields stay.
[[nodiscard]] Launch launchForSignature(const Launch& current, const KernelSignature& signature,
                                        const std::vector<int64_t>& shape = {128, 512},
                                        const std::string& dtype = "float32");

// The signature `launch` calls: the one named by its entry, else the first.
[[nodiscard]] const KernelSignature* entrySignature(const std::vector<KernelSignature>& signatures,
                                                    const Launch& launch);

} // namespace tirx::nki
