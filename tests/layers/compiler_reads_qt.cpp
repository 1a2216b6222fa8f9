// The compiler never sees Qt, even through the whole-core target.
#include <QString>

int layerProbeQt() { return 0; }
