#pragma once

#include "analysis/int_bounds.h"
#include "ir/callables.h"
#include "ir/stmt.h"
#include "transform/tile/tile_call.h"

namespace tirx {

class WorkspaceTable;

// One lowering per tile-op family, with the reference's two modes: plan the
// workspaces a call needs (what TrnPrivateTensorAlloc asks, chapter 05 §3)
// and lower the call to its T.nki.* instruction nest (what TileDispatch
// does, §4). Both throw TileError or PlanError for a call they reject; the
// passes report the message at the call. `ranges` bounds the loop
// variables around the call.
class TileLowering {
public:
    virtual ~TileLowering() = default;

    // Attaches to `call` the workspaces it needs and did not get, creating
    // them in `table`. Most families need none.
    virtual void planWorkspaces(TileCall& call, WorkspaceTable& table, const VarRanges& ranges) const;
    [[nodiscard]] virtual Stmt lower(const TileCall& call, const VarRanges& ranges) const = 0;
};

// The lowering of a tile op's family (every tile op has one), read from the
// op's row in the tile-op table.
[[nodiscard]] const TileLowering& tileLowering(TileOp op);

} // namespace tirx
