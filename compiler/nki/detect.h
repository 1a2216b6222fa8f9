#pragma once

#include <string_view>

namespace tirx::nki {

// Whether a Python source is an NKI kernel: it imports `nki` or
// `neuronxcc.nki` (`import nki.language as nl`, `from neuronxcc import
// nki`, ...). TVMScript files import tvm_tirx and are not.
[[nodiscard]] bool looksLikeNkiKernel(std::string_view source);

} // namespace tirx::nki
