#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace tirx::sim {

// Speed trick "kept storage": the memory behind SBUF, PSUM and the HBM
// tensors outlives a run. A run used to map a trn1 SBUF (24 MiB, and its
// written flags), fault in every page it touched and unmap it all at the
// end; on bench_sim's element-wise kernel that was about a third of the
// time. Now a finished run hands its backings to a pool of the thread, and
// the next run of the same sizes takes them. A page is brought to its
// initial state (the fill byte, no written flags) the first time a run
// touches it (Storage::prepare), so a run pays for the pages it uses, not
// for the whole memory, and never sees what an earlier run left.
struct Backing {
    static constexpr size_t kPageBytes = 4096;

    explicit Backing(size_t bytes);
    ~Backing();
    Backing(const Backing&) = delete;
    Backing& operator=(const Backing&) = delete;

    size_t bytes;      // of data, at least 1
    uint8_t* data;     // zeroed pages from the system
    uint64_t* written; // one bit per data byte, zeroed pages from the system
    size_t writtenWords;
    // Per page of data: the use whose initial state it holds. A page whose
    // stamp is not the current use is stale: its bytes and flags are from
    // an earlier run.
    std::vector<uint32_t> stamp;
    uint32_t use = 0;
};

// A backing of `bytes` bytes for a new use (stamp 0 is never current, so
// fresh pages start stale too); from the thread's pool when it holds one
// of that size.
[[nodiscard]] std::unique_ptr<Backing> acquireBacking(size_t bytes);
// Keeps `backing` for a later acquire, up to a bound on what the pool holds.
void releaseBacking(std::unique_ptr<Backing> backing);

} // namespace tirx::sim
