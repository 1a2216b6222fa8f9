// ir/ is the bottom layer: the parser is out of its reach.
#include "script/parser.h"

int layerProbeIrReadsScript() { return 0; }
