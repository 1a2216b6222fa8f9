#pragma once

#include "ir/diagnostic.h"
#include "ir/stmt.h"
#include "memory/memory_plan.h"
#include "sim/host_array.h"
#include "sim/tensor_place.h"
#include "target/target.h"

#include <deque>
#include <optional>
#include <unordered_map>

namespace tirx::sim {

// The state of one run: SBUF and PSUM of the target as byte arrays, one
// storage per HBM tensor and per on-chip tensor without an address, and
// where each tensor variable of the kernel lives. An addressed tensor sits
// where the kernel's MemoryPlan places it: its partitions, bytes and banks
// are read from the plan, not decoded from the address again.
class Machine {
public:
    Machine(const Target& target, const MemoryPlan& plan, bool poison);

    [[nodiscard]] Storage& sbuf() { return m_storages[0]; }
    [[nodiscard]] Storage& psum() { return m_storages[1]; }
    [[nodiscard]] const Target& target() const { return m_target; }

    // A kernel parameter in HBM, filled from `contents` when given (then
    // marked written) and otherwise zeroed or poisoned and unwritten.
    [[nodiscard]] std::optional<Diagnostic> placeParameter(const Var& param, const HostArray* contents);
    // `X = T.alloc_tensor(...)` or `X = T.decl_tensor(...)`; other statements are ignored.
    [[nodiscard]] std::optional<Diagnostic> placeBinding(const Stmt& stmt);

    [[nodiscard]] const TensorPlace* find(const VarNode* var) const;
    [[nodiscard]] const std::unordered_map<const VarNode*, TensorPlace>& places() const { return m_places; }

    // The contents of a tensor as a dense host array in its own dtype.
    [[nodiscard]] HostArray read(const TensorPlace& place) const;

private:
    [[nodiscard]] std::optional<Diagnostic> placeAllocation(const Stmt& stmt);
    [[nodiscard]] std::optional<Diagnostic> placeDeclaration(const BindNode& bind, const CallNode& call);
    [[nodiscard]] std::optional<Diagnostic> placeAddressed(TensorPlace& place, const VarNode* var, int64_t rowBytes);
    Storage& newStorage(std::string name, std::string scope, int64_t partitions, int64_t partitionBytes);

    const Target& m_target;
    std::unordered_map<const VarNode*, const PlannedAllocation*> m_planned;
    uint8_t m_fill;
    std::deque<Storage> m_storages;
    std::unordered_map<const VarNode*, TensorPlace> m_places;
};

} // namespace tirx::sim
