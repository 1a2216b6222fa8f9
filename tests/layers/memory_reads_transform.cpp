// Compiled as part of tirx_memory's view of the tree: the memory plan reads
// the IR and the target, never the passes that place what it plans, so the
// transform headers must be out of reach.
#include "transform/pass.h"

int layerProbeMemoryReadsTransform() { return 0; }
