#pragma once

#include "sim/storage_pool.h"

#include <cassert>
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
//
// The bytes come from a kept backing (storage_pool.h) whose pages may hold
// an earlier run's contents until prepare() brings them to this run's
// initial state: whoever reads or writes bytes or flags prepares them first
// (the executor prepares every operand's reach before an instruction runs).
class Storage {
public:
    Storage(std::string name, std::string scope, int64_t partitions, int64_t partitionBytes, uint8_t fill);

    [[nodiscard]] const std::string& name() const { return m_name; }
    [[nodiscard]] const std::string& scope() const { return m_scope; }
    [[nodiscard]] int64_t partitions() const { return m_partitions; }
    [[nodiscard]] int64_t partitionBytes() const { return m_partitionBytes; }
    [[nodiscard]] int64_t size() const { return m_partitions * m_partitionBytes; }

    // Offsets are flat: partition * partitionBytes() + byte.
    [[nodiscard]] uint8_t* data() { return m_data; }
    [[nodiscard]] const uint8_t* data() const { return m_data; }

    // Brings the pages holding bytes [byteLo, byteHi] (inclusive) of
    // partitions [partitionLo, partitionHi] to the initial state (the fill
    // byte, nothing written) unless this run already did.
    void prepare(int64_t partitionLo, int64_t partitionHi, int64_t byteLo, int64_t byteHi);
    void prepareAll() { prepare(0, m_partitions - 1, 0, m_partitionBytes - 1); }

    // Speed trick "written bits": the flags are one bit per byte, so a row
    // of bytes is marked or checked 64 bytes to a word, and the flags of a
    // tile take an eighth of the memory of the tile (in bench_sim's
    // element-wise kernel, memchr and memset over byte flags were about a
    // fifth of the time).
    [[nodiscard]] bool isWritten(int64_t offset) const
    {
        assert(prepared(offset) && "a byte is read before its page is prepared");
        return (m_written[offset >> 6] >> (offset & 63)) & 1u;
    }
    // Whether every byte of [offset, offset + n) is written.
    [[nodiscard]] bool allWritten(int64_t offset, int64_t n) const;
    void markWritten(int64_t offset, int64_t n);
    // Marks n elements of `item` bytes from `offset` at a stride of `step`.
    void markRow(int64_t offset, int64_t n, int64_t step, int item)
    {
        if (step == item) {
            markWritten(offset, n * item);
            return;
        }
        for (int64_t j = 0; j < n; ++j) markWritten(offset + j * step, item);
    }
    // Marks the whole (prepared) storage as written (HBM inputs arrive
    // initialised).
    void markAllWritten();

private:
    [[nodiscard]] bool prepared(int64_t offset) const;
    void preparePage(size_t page);

    struct Release {
        void operator()(Backing* b) const { releaseBacking(std::unique_ptr<Backing>(b)); }
    };

    std::string m_name;
    std::string m_scope;
    int64_t m_partitions;
    int64_t m_partitionBytes;
    uint8_t m_fill;
    std::unique_ptr<Backing, Release> m_backing;
    uint8_t* m_data;
    uint64_t* m_written;
};

} // namespace tirx::sim
