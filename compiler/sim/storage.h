#pragma once

#include <cstdint>
#include <memory>
#include <string>

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
    [[nodiscard]] int64_t size() const { return m_partitions * m_partitionBytes; }

    // Offsets are flat: partition * partitionBytes() + byte.
    [[nodiscard]] uint8_t* data() { return m_bytes.get(); }
    [[nodiscard]] const uint8_t* data() const { return m_bytes.get(); }
    [[nodiscard]] uint8_t* written() { return m_written.get(); }
    [[nodiscard]] const uint8_t* written() const { return m_written.get(); }

    // Marks the whole storage as written (HBM inputs arrive initialised).
    void markAllWritten();

private:
    std::string m_name;
    std::string m_scope;
    int64_t m_partitions;
    int64_t m_partitionBytes;
    // Zeroed pages straight from the system (anonymous mappings): the 25 MB
    // of a trn1 SBUF and its flags cost nothing until a page is touched, so
    // a run of a small kernel does not pay for zeroing memory it never uses.
    // (calloc would, under mimalloc: it clears large blocks itself.)
    struct Unmap {
        size_t bytes = 0;
        void operator()(uint8_t* p) const;
    };
    std::unique_ptr<uint8_t, Unmap> m_bytes;
    std::unique_ptr<uint8_t, Unmap> m_written;
};

} // namespace tirx::sim
