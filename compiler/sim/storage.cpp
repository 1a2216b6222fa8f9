#include "sim/storage.h"

#include <algorithm>

namespace tirx::sim {

Storage::Storage(std::string name, std::string scope, int64_t partitions, int64_t partitionBytes, uint8_t fill)
    : m_name(std::move(name)), m_scope(std::move(scope)), m_partitions(partitions), m_partitionBytes(partitionBytes),
      m_bytes(static_cast<size_t>(partitions * partitionBytes), fill),
      m_written(static_cast<size_t>(partitions * partitionBytes), 0)
{
}

void Storage::markAllWritten() { std::fill(m_written.begin(), m_written.end(), uint8_t{1}); }

} // namespace tirx::sim
