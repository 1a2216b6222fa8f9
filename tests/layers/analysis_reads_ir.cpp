// Compiled as part of tirx_analysis's view of the tree: its own headers and
// those of the layers it links (ir, target) are reachable.
#include "analysis/simplify.h"
#include "ir/expr.h"
#include "target/target.h"

int layerProbeAllowed() { return 0; }
