#include "sim/storage.h"

#include <algorithm>
#include <cstring>

namespace tirx::sim {

namespace {

constexpr uint64_t kAll = ~uint64_t{0};

// The bits of word `w` that fall in [lo, hi).
uint64_t wordMask(int64_t w, int64_t lo, int64_t hi)
{
    const int64_t first = std::max<int64_t>(lo - w * 64, 0);
    const int64_t end = std::min<int64_t>(hi - w * 64, 64);
    const uint64_t upTo = end == 64 ? kAll : (uint64_t{1} << end) - 1;
    return upTo & (kAll << first);
}

} // namespace

Storage::Storage(std::string name, std::string scope, int64_t partitions, int64_t partitionBytes, uint8_t fill)
    : m_name(std::move(name)), m_scope(std::move(scope)), m_partitions(partitions), m_partitionBytes(partitionBytes),
      m_fill(fill), m_backing(acquireBacking(static_cast<size_t>(std::max<int64_t>(1, size()))).release()),
      m_data(m_backing->data), m_written(m_backing->written)
{
}

bool Storage::prepared(int64_t offset) const
{
    return m_backing->stamp[static_cast<size_t>(offset) / Backing::kPageBytes] == m_backing->use;
}

void Storage::preparePage(size_t page)
{
    Backing& b = *m_backing;
    const size_t begin = page * Backing::kPageBytes;
    const size_t end = std::min(b.bytes, begin + Backing::kPageBytes);
    std::memset(b.data + begin, m_fill, end - begin);
    const size_t firstWord = begin / 64;
    const size_t endWord = std::min(b.writtenWords, (end + 63) / 64);
    std::memset(b.written + firstWord, 0, (endWord - firstWord) * sizeof(uint64_t));
    b.stamp[page] = b.use;
}

void Storage::prepare(int64_t partitionLo, int64_t partitionHi, int64_t byteLo, int64_t byteHi)
{
    partitionLo = std::max<int64_t>(partitionLo, 0);
    partitionHi = std::min(partitionHi, m_partitions - 1);
    byteLo = std::max<int64_t>(byteLo, 0);
    byteHi = std::min(byteHi, m_partitionBytes - 1);
    if (partitionHi < partitionLo || byteHi < byteLo) return;
    const Backing& b = *m_backing;
    const size_t page = Backing::kPageBytes;
    for (int64_t p = partitionLo; p <= partitionHi; ++p) {
        const auto first = static_cast<size_t>(p * m_partitionBytes + byteLo) / page;
        const auto last = static_cast<size_t>(p * m_partitionBytes + byteHi) / page;
        for (size_t g = first; g <= last; ++g) {
            if (b.stamp[g] != b.use) preparePage(g);
        }
    }
}

bool Storage::allWritten(int64_t offset, int64_t n) const
{
    if (n <= 0) return true;
    assert(prepared(offset) && prepared(offset + n - 1) && "bytes are read before their pages are prepared");
    const int64_t end = offset + n;
    const int64_t first = offset >> 6;
    const int64_t last = (end - 1) >> 6;
    const uint64_t head = wordMask(first, offset, end);
    if ((m_written[first] & head) != head) return false;
    if (first == last) return true;
    // The whole words in between, without a branch per word.
    uint64_t middle = kAll;
    for (int64_t w = first + 1; w < last; ++w) middle &= m_written[w];
    const uint64_t tail = wordMask(last, offset, end);
    return middle == kAll && (m_written[last] & tail) == tail;
}

void Storage::markWritten(int64_t offset, int64_t n)
{
    if (n <= 0) return;
    assert(prepared(offset) && prepared(offset + n - 1) && "bytes are written before their pages are prepared");
    const int64_t end = offset + n;
    const int64_t first = offset >> 6;
    const int64_t last = (end - 1) >> 6;
    m_written[first] |= wordMask(first, offset, end);
    if (first == last) return;
    for (int64_t w = first + 1; w < last; ++w) m_written[w] = kAll;
    m_written[last] |= wordMask(last, offset, end);
}

void Storage::markAllWritten() { markWritten(0, size()); }

} // namespace tirx::sim
