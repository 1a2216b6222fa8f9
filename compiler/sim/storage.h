#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tirx::sim {

// One byte-addressed memory: SBUF (partitions × bytes per partition), PSUM
// (partitions × banks × 2 KiB), an HBM tensor (one "partition") or the
// private storage of an on-chip tensor without an address. Every tensor
// placed in it reads and writes the same bytes, so overlapping placements
// alias as they do on the device. Beside the bytes it keeps one flag per
// byte saying whether anything wrote it, which is how reads of never-written
// memory are found in both the zeroed and the poison mode.
class Storage {
public:
    Storage(std::string name, std::string scope, int64_t partitions, int64_t partitionBytes, uint8_t fill);

    [[nodiscard]] const std::string& name() const { return m_name; }
    [[nodiscard]] const std::string& scope() const { return m_scope; }
    [[nodiscard]] int64_t partitions() const { return m_partitions; }
    [[nodiscard]] int64_t partitionBytes() const { return m_partitionBytes; }
    [[nodiscard]] int64_t size() const { return static_cast<int64_t>(m_bytes.size()); }

    // Offsets are flat: partition * partitionBytes() + byte.
    [[nodiscard]] uint8_t* data() { return m_bytes.data(); }
    [[nodiscard]] const uint8_t* data() const { return m_bytes.data(); }
    [[nodiscard]] uint8_t* written() { return m_written.data(); }
    [[nodiscard]] const uint8_t* written() const { return m_written.data(); }

    // Marks the whole storage as written (HBM inputs arrive initialised).
    void markAllWritten();

private:
    std::string m_name;
    std::string m_scope;
    int64_t m_partitions;
    int64_t m_partitionBytes;
    std::vector<uint8_t> m_bytes;
    std::vector<uint8_t> m_written;
};

} // namespace tirx::sim
