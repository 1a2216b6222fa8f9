#include "sim/array_stats.h"

#include "sim/numerics.h"

#include <algorithm>
#include <cmath>

namespace tirx::sim {

float elementAt(const HostArray& array, int64_t k)
{
    const auto kind = elementKind(array.dtype);
    if (!kind) return 0.0f;
    return loadElement(*kind, array.bytes.data() + k * elementBytes(*kind));
}

ArrayStats arrayStats(const HostArray& array)
{
    ArrayStats s;
    s.elements = array.elements();
    double sum = 0.0;
    int64_t finite = 0;
    for (int64_t k = 0; k < s.elements; ++k) {
        const double v = elementAt(array, k);
        if (std::isnan(v)) {
            ++s.nans;
            continue;
        }
        s.min = finite ? std::min(s.min, v) : v;
        s.max = finite ? std::max(s.max, v) : v;
        sum += v;
        ++finite;
    }
    s.mean = finite ? sum / static_cast<double>(finite) : 0.0;
    return s;
}

} // namespace tirx::sim
