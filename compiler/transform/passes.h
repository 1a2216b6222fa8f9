#pragma once

#include "transform/pass.h"

namespace tirx {

// One factory per pass file; registry.cpp lists them in pipeline order.
[[nodiscard]] PassInfo trnPrivateTensorAllocPass();
[[nodiscard]] PassInfo trnNaiveAllocatorPass();
[[nodiscard]] PassInfo tileDispatchPass();
[[nodiscard]] PassInfo lowerTrainiumLayoutPass();
[[nodiscard]] PassInfo stmtSimplifyPass();
[[nodiscard]] PassInfo lowerTIRxOpaquePass();
[[nodiscard]] PassInfo hoistIfPass();
[[nodiscard]] PassInfo removeNoOpPass();

} // namespace tirx
