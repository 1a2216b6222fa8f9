// Compiled as part of tirx_layout's view of the tree: the parser reads
// layouts, so the layout algebra must not reach the parser's headers.
#include "script/parser.h"

int layerProbeLayoutReadsScript() { return 0; }
