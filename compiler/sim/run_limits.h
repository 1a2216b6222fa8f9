#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"

#include <cstddef>
#include <optional>

namespace tirx::sim {

// The simulator holds every DRAM (HBM) parameter of a kernel in full: the
// inputs are drawn or read before the run and the outputs are read back
// after it. So that a kernel declaring a huge parameter is refused with its
// sizes instead of exhausting the memory of the host (a 1 GiB parameter
// took 8 s and 2.2 GB; 16 GiB ended in an abort), the parameters of one run
// hold at most this many bytes together. The README's hardening figures and
// `run --help` state it.
inline constexpr size_t kMaxDramParameterBytes = size_t{1} << 30;

// An error at the largest parameter naming every parameter's size when the
// tensor parameters of `fn` hold more than kMaxDramParameterBytes together.
[[nodiscard]] std::optional<Diagnostic> dramParameterLimit(const Function& fn);

// An .npy input holds one parameter and a header: the parameter limit plus
// room for the header.
inline constexpr size_t kMaxNpyFileBytes = kMaxDramParameterBytes + (size_t{1} << 20);

} // namespace tirx::sim
