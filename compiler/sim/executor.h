#pragma once

#include "sim/instruction.h"
#include "sim/machine.h"
#include "sim/point_set.h"
#include "sim/run_result.h"

#include <array>
#include <functional>
#include <map>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace tirx::sim {

// Runs instructions on a machine (chapter 06 §2.4): all inputs are read as
// float32 before any output is written, outputs are converted on store,
// masked-out points neither read nor write. Every read is checked against
// the never-written flags; every access becomes a trace region.
class Executor {
public:
    Executor(Machine& machine, RunResult& result, bool recordTrace);

    // One execution with the outer variables in `env`. False after an
    // error, which is appended to the result's diagnostics.
    bool run(const Instruction& ins, Env& env);

private:
    friend class Semantics;

    // Speed trick "fused dense rows": an element-wise instruction over
    // float32 tiles computes row by row straight from the input storages
    // into the result's, instead of gathering whole tiles into buffers and
    // scattering the result: a tile is read and written once, in rows that
    // stay in the first-level cache, with no copy in between. Taken only
    // when that cannot change the result (no guard, two loops, a contiguous
    // result row that no other point of the result shares, and each input
    // either the result's own points or memory the result does not touch);
    // false otherwise, and nothing is read or written. row(x, y, out, n)
    // computes n results; out may be x or y itself.
    [[nodiscard]] bool denseRows(size_t out, size_t in0, size_t in1,
                                 const std::function<void(const float*, const float*, float*, int64_t)>& row);

    // Argument `arg` as float32 per point (a constant fills every point;
    // masked-out points are 0), in the argument's own buffer, which holds
    // it until the next instruction.
    [[nodiscard]] const std::vector<float>& gather(size_t arg);
    // Working buffer `slot` (0 or 1) of one float per point, contents left
    // from before: the caller writes every point it later reads.
    [[nodiscard]] std::vector<float>& scratch(size_t slot);
    // Only at the given points (one per reduction slot), in slot order.
    [[nodiscard]] std::vector<float> gatherAt(size_t arg, const std::vector<int64_t>& points);
    void scatter(size_t arg, const std::vector<float>& values);
    // Writes values[slot] at the first active point of each slot.
    void scatterSlots(size_t arg, const std::vector<float>& values, const std::vector<int64_t>& firstPoints);
    // Same-dtype copy of `from` into `to`, byte for byte.
    void copyBytes(size_t to, size_t from);

    [[nodiscard]] bool isTensor(size_t arg) const { return m_streams[arg].place != nullptr; }
    [[nodiscard]] const TensorPlace& place(size_t arg) const { return *m_streams[arg].place; }
    [[nodiscard]] bool fail(std::string text);

    // The elements of one operand read before anything wrote them: an
    // element counts when the never-written flag of its first byte is clear.
    struct UnwrittenCount {
        int64_t count = 0;
        int64_t first = -1; // offset of the first such element
        void check(const Storage& storage, int64_t offset)
        {
            if (storage.isWritten(offset)) return;
            if (first < 0) first = offset;
            ++count;
        }
        void checkRow(const Storage& storage, int64_t offset, int64_t n, int64_t step, int item);
    };

    void recordRead(size_t arg, int64_t unwritten, int64_t firstOffset);
    void recordAccess(size_t arg, bool write);

    Machine& m_machine;
    RunResult& m_result;
    bool m_recordTrace;
    const Instruction* m_ins = nullptr;
    Env* m_env = nullptr;
    PointSet m_points;
    std::vector<Stream> m_streams; // per argument; place == nullptr for non-tensors
    InstructionRecord m_record;
    std::map<std::pair<const CallNode*, std::string>, size_t> m_uninitialisedIndex;
    std::unordered_set<const CallNode*> m_limitsChecked;
    // Speed trick "kept buffers": the per-point buffers live as long as the
    // executor and only grow, so an instruction allocates nothing and
    // touches no fresh page; freeing and re-allocating tiles of a few
    // hundred KiB made the allocator hand memory back to the system and
    // fault it in again, instruction after instruction.
    std::vector<std::vector<float>> m_gathered; // per argument
    std::array<std::vector<float>, 2> m_scratch;
    std::vector<uint8_t> m_bytes; // copyBytes' staging
    std::vector<float> m_yRow;    // denseRows' second operand when it is a constant or strided
};

} // namespace tirx::sim
