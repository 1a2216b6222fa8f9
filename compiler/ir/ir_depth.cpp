#include "ir/ir_depth.h"

#include <pthread.h>

#include <algorithm>
#include <cstddef>

namespace tirx {

namespace {

// The stack kept free below a walk's deepest level: an eighth of the
// thread's stack, at least 64 KB and at most 1 MB. A level calls helpers
// that are not walks (a simplifier step, a message), and throwing
// IrTooDeep unwinds through frames of its own.
constexpr size_t kLeastReserve = size_t{64} << 10;
constexpr size_t kMostReserve = size_t{1} << 20;

uintptr_t limitAbove(uintptr_t bottom, size_t size)
{
    const size_t reserve = std::clamp(size / 8, kLeastReserve, kMostReserve);
    return size > reserve ? bottom + reserve : 1;
}

} // namespace

uintptr_t IrDepth::findLimit() noexcept
{
    uintptr_t limit = 1;
#if defined(__linux__)
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void* bottom = nullptr;
        size_t size = 0;
        if (pthread_attr_getstack(&attr, &bottom, &size) == 0 && bottom && size > 0)
            limit = limitAbove(reinterpret_cast<uintptr_t>(bottom), size);
        pthread_attr_destroy(&attr);
    }
#elif defined(__APPLE__)
    const size_t size = pthread_get_stacksize_np(pthread_self());
    const auto top = reinterpret_cast<uintptr_t>(pthread_get_stackaddr_np(pthread_self()));
    if (size > 0 && top > size) limit = limitAbove(top - size, size);
#endif
    t_limit = limit;
    return limit;
}

} // namespace tirx
