#include "sim/run_limits.h"

#include "files/checked_read.h"
#include "ir/checked_int.h"
#include "ir/make.h"
#include "ir/tensor_type.h"

#include <algorithm>

namespace tirx::sim {

std::optional<Diagnostic> dramParameterLimit(const Function& fn)
{
    uint64_t total = 0;
    bool overflow = false;
    std::string sizes;
    const Var* largest = nullptr;
    uint64_t largestBytes = 0;
    for (const auto& p : fn.params()) {
        if (!p->isTensor()) continue;
        const auto& type = *p->tensorType();
        std::optional<int64_t> bytes = type.dtype().bytes();
        for (const auto& e : type.shape()) {
            const auto extent = constInt(e);
            bytes = bytes && extent ? checkedMul(*bytes, std::max<int64_t>(0, *extent)) : std::nullopt;
        }
        // A shape that is not constant is refused where the parameter is placed.
        if (!bytes) continue;
        const auto n = static_cast<uint64_t>(*bytes);
        overflow = overflow || total + n < total;
        total += n;
        sizes += (sizes.empty() ? "" : ", ") + p->name() + " " + files::sizeText(n);
        if (!largest || n > largestBytes) {
            largest = &p;
            largestBytes = n;
        }
    }
    if (!overflow && total <= kMaxDramParameterBytes) return std::nullopt;
    const std::string all = overflow ? "more than 16 EB" : files::sizeText(total);
    return Diagnostic{Diagnostic::Severity::Error,
                      "the DRAM parameters hold " + all + " (" + sizes +
                          "); the simulator holds every DRAM parameter in memory and runs kernels whose parameters "
                          "hold at most " +
                          files::sizeText(kMaxDramParameterBytes) + " together",
                      (*largest)->span().valid() ? (*largest)->span() : fn.span()};
}

} // namespace tirx::sim
