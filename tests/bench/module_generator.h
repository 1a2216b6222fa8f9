#pragma once

#include <string>

namespace tirx::bench {

// A synthetic but valid TVMScript module of about `targetBytes` bytes: many
// functions, each with allocations, deep loop nests, tensorized regions and
// every NKI instruction kind, plus tile-op calls.
[[nodiscard]] std::string generateModule(size_t targetBytes);

} // namespace tirx::bench
