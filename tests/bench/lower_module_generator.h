#pragma once

#include <string>

namespace tirx::bench {

// One Trainium kernel, as written before lowering, with `allocations` SBUF
// tensors carrying Trainium layouts (three shapes of 8 bytes per partition,
// so that 16,000 of them fit the SBUF) and five tensor accesses per
// allocation inside NKI instruction nests: a chain where each tensor adds
// the two before it, and a copy from a global parameter with a layout. What
// the lower-tirx pipeline costs grows with exactly these two numbers.
[[nodiscard]] std::string generateLoweringModule(int allocations);

// The number of tensor accesses generateLoweringModule(allocations) writes.
[[nodiscard]] constexpr int loweringModuleAccesses(int allocations) { return 5 * allocations; }

} // namespace tirx::bench
