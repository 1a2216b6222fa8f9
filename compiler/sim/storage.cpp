#include "sim/storage.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <sys/mman.h>

namespace tirx::sim {

namespace {

size_t mappedBytes(int64_t size) { return static_cast<size_t>(std::max<int64_t>(1, size)); }

uint8_t* zeroedPages(int64_t size)
{
    void* p = mmap(nullptr, mappedBytes(size), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return static_cast<uint8_t*>(p);
}

} // namespace

Storage::Storage(std::string name, std::string scope, int64_t partitions, int64_t partitionBytes, uint8_t fill)
    : m_name(std::move(name)), m_scope(std::move(scope)), m_partitions(partitions), m_partitionBytes(partitionBytes),
      m_bytes(zeroedPages(size()), Unmap{mappedBytes(size())}),
      m_written(zeroedPages(size()), Unmap{mappedBytes(size())})
{
    if (fill) std::memset(m_bytes.get(), fill, static_cast<size_t>(size()));
}

void Storage::Unmap::operator()(uint8_t* p) const { munmap(p, bytes); }

void Storage::markAllWritten() { std::memset(m_written.get(), 1, static_cast<size_t>(size())); }

} // namespace tirx::sim
