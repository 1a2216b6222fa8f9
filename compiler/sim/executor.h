#pragma once

#include "sim/instruction.h"
#include "sim/machine.h"
#include "sim/point_set.h"
#include "sim/run_result.h"

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

    // Argument `arg` as float32 per point (a constant fills every point).
    [[nodiscard]] std::vector<float> gather(size_t arg);
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
};

} // namespace tirx::sim
