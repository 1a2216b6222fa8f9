#pragma once

#include "analysis/int_bounds.h"
#include "ir/callables.h"
#include "ir/diagnostic.h"
#include "ir/stmt.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace tirx {

class TileCall;

// The workspaces TrnPrivateTensorAlloc creates (chapter 03 §2.2, chapter 05
// §3): the table the tile-op lowerings fill in their planning mode, and the
// helpers they build workspaces with. The pass walks the function and
// injects what the table collects.

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
    // created or grown as needed.
    struct ConstBias {
        Var tile;
        // When the tile grew past (partitions, width) in the other dimension
        // too: its new shape, of which the memset fills only this call's
        // (partitions, width) corner, as the reference builds it.
        std::optional<std::pair<int64_t, int64_t>> partlyFilled;
    };
    ConstBias constBias(const Expr& value, int64_t partitions, int64_t width);

    // A fresh workspace tensor variable without a layout, whose origin is
    // the call being planned (TrnPrivateTensorAlloc and that call), which
    // the memory plan reads.
    [[nodiscard]] Var newWorkspace(const std::string& name, const std::vector<int64_t>& shape, DataType dtype,
                                   MemSpace space) const;

    // While it lives, the table's new workspaces come from the call whose
    // origin it holds: attachWorkspaces opens one around each call.
    class Planning {
    public:
        Planning(WorkspaceTable& table, std::shared_ptr<const VarOrigin> origin)
            : m_table(table), m_outer(std::exchange(table.m_planning, std::move(origin)))
        {
        }
        ~Planning() { m_table.m_planning = std::move(m_outer); }
        Planning(const Planning&) = delete;
        Planning& operator=(const Planning&) = delete;

    private:
        WorkspaceTable& m_table;
        std::shared_ptr<const VarOrigin> m_outer;
    };

private:
    std::vector<Workspace> m_workspaces;
    std::map<const VarNode*, Var> m_replaced;
    std::map<std::tuple<std::string, uint64_t>, size_t> m_constBias;
    std::shared_ptr<const VarOrigin> m_planning; // the call being planned
};

// name = T.alloc_tensor(args..., ty_args=[type of var])
[[nodiscard]] Stmt allocStmt(const Var& var, std::vector<Expr> args);
// with T.nki.tensorized_instruction(): for p_loop, f_loop: T.nki.memset(ws[p_loop, f_loop], value)
[[nodiscard]] Stmt memsetInit(const Var& ws, int64_t partitions, int64_t width, const Expr& value);
// check_workspace_tensor: the workspace in `slot` has `scope`, no layout and
// at least `required` elements in every dimension the two shapes share.
void checkUserWorkspace(const TileCall& call, std::string_view slot, const std::vector<int64_t>& required,
                        MemSpace space);

// Const-bias rule (chapter 05 §3.3): the shared (P_dst, width) tile for a
// float-constant bias, attached unless the call has a const_bias or a
// region bias.
void constBiasRule(TileCall& call, WorkspaceTable& table, int64_t width);

// Runs the planning mode of the call's lowering. Returns the call with the
// created workspaces attached, or null when it needs none (or cannot be
// planned, in which case an error is added to `diagnostics`).
[[nodiscard]] Expr attachWorkspaces(const CallNode& call, const Callable& callable, Span span, WorkspaceTable& table,
                                    const VarRanges& ranges, std::vector<Diagnostic>& diagnostics);

} // namespace tirx
