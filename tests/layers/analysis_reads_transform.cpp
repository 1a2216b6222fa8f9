// analysis/ sits below transform/: this include must not resolve.
#include "transform/pass.h"

int layerProbeWrongWay() { return 0; }
