#pragma once

#include "analysis/int_bounds.h"
#include "ir/callables.h"
#include "ir/diagnostic.h"
#include "ir/stmt.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace tirx {

// The per-op workspace rules of TrnPrivateTensorAlloc (chapter 03 §2.2,
// chapter 05 §3): which scratch tensors a tile call needs that the user did
// not pass, their shapes, dtypes, scopes and initialisation. The pass walks
// the function and injects what this table collects.

// One created workspace: its allocation and, for a constant-bias tile, the
// memset that fills it.
struct Workspace {
    Var var;
    Stmt alloc;
    Stmt init; // null when the workspace is not initialised
};

// The reference's ordered dictionary of workspaces. Constant-bias tiles are
// keyed by (dtype, value) so that calls share them; every other workspace
// belongs to one call.
class WorkspaceTable {
public:
    [[nodiscard]] const std::vector<Workspace>& workspaces() const { return m_workspaces; }
    // Tiles replaced by a larger one for the same key: old → new.
    [[nodiscard]] const std::map<const VarNode*, Var>& replaced() const { return m_replaced; }

    // Appends a workspace nobody else shares.
    Var add(Workspace ws);
    // The shared constant-bias tile for `value` covering (partitions, width),
    // created or grown as needed; a new tile records `origin` as its creator.
    Var constBias(const Expr& value, int64_t partitions, int64_t width, const std::shared_ptr<const VarOrigin>& origin);

private:
    std::vector<Workspace> m_workspaces;
    std::map<const VarNode*, Var> m_replaced;
    std::map<std::tuple<std::string, uint64_t>, size_t> m_constBias;
};

// Applies the rule of the call's tile op. Returns the call with the created
// workspaces attached, or null when it needs none (or cannot be planned, in
// which case an error is added to `diagnostics`). `ranges` bounds the loop
// variables around the call.
[[nodiscard]] Expr attachWorkspaces(const CallNode& call, const Callable& callable, Span span, WorkspaceTable& table,
                                    const VarRanges& ranges, std::vector<Diagnostic>& diagnostics);

} // namespace tirx
