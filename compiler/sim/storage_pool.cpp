#include "sim/storage_pool.h"

#include <algorithm>
#include <limits>
#include <new>
#include <sys/mman.h>

namespace tirx::sim {

namespace {

// What an idle pool may hold: a few machines' worth (a trn1 SBUF is 24 MiB),
// so alternating kernels of different sizes still find their memory,
// without a thread keeping an unbounded amount mapped.
constexpr size_t kPoolBytes = size_t{256} << 20;
constexpr size_t kPoolBackings = 32;

void* zeroedPages(size_t bytes)
{
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return p;
}

struct Pool {
    std::vector<std::unique_ptr<Backing>> idle; // most recently released last
    size_t bytes = 0;
};

Pool& pool()
{
    thread_local Pool p;
    return p;
}

} // namespace

Backing::Backing(size_t size)
    : bytes(std::max<size_t>(1, size)), data(static_cast<uint8_t*>(zeroedPages(bytes))), written(nullptr),
      writtenWords((bytes + 63) / 64), stamp((bytes + kPageBytes - 1) / kPageBytes, 0)
{
    try {
        written = static_cast<uint64_t*>(zeroedPages(writtenWords * sizeof(uint64_t)));
    } catch (...) {
        munmap(data, bytes);
        throw;
    }
}

Backing::~Backing()
{
    munmap(data, bytes);
    munmap(written, writtenWords * sizeof(uint64_t));
}

std::unique_ptr<Backing> acquireBacking(size_t bytes)
{
    bytes = std::max<size_t>(1, bytes);
    Pool& p = pool();
    std::unique_ptr<Backing> b;
    for (size_t i = p.idle.size(); i-- > 0;) {
        if (p.idle[i]->bytes != bytes) continue;
        b = std::move(p.idle[i]);
        p.idle.erase(p.idle.begin() + static_cast<std::ptrdiff_t>(i));
        p.bytes -= bytes;
        break;
    }
    if (!b) b = std::make_unique<Backing>(bytes);
    if (b->use == std::numeric_limits<uint32_t>::max()) {
        std::fill(b->stamp.begin(), b->stamp.end(), 0);
        b->use = 0;
    }
    ++b->use;
    return b;
}

void releaseBacking(std::unique_ptr<Backing> backing)
{
    if (!backing || backing->bytes > kPoolBytes) return;
    Pool& p = pool();
    p.bytes += backing->bytes;
    p.idle.push_back(std::move(backing));
    while (p.bytes > kPoolBytes || p.idle.size() > kPoolBackings) {
        p.bytes -= p.idle.front()->bytes;
        p.idle.erase(p.idle.begin());
    }
}

} // namespace tirx::sim
