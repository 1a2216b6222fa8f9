#pragma once

#include "sim/run_result.h"
#include "target/target.h"

#include <string>
#include <vector>

namespace tirx::sim {

// Where one instruction's accesses fall on the SBUF and PSUM maps, as
// fractions of the map (x across the bytes of a partition, y down the
// partitions), so that a view only scales and paints them. PSUM's x runs
// over the banks side by side: bank b covers [b / banks, (b + 1) / banks).
struct MapRect {
    std::string scope; // "trn.sbuf" or "trn.psum"
    std::string tensor;
    double x0 = 0.0;
    double x1 = 0.0;
    double y0 = 0.0;
    double y1 = 0.0;
    bool write = false;
};

// The rectangles of a record's on-chip accesses (HBM accesses have none).
[[nodiscard]] std::vector<MapRect> accessRects(const InstructionRecord& record, const Target& target);

// "reads a[0:128, bytes 0..2047] (SBUF); writes acc[...] (PSUM bank 0)":
// the one-line description the Run view shows for the current instruction.
[[nodiscard]] std::string describeAccesses(const InstructionRecord& record, const Target& target);

} // namespace tirx::sim
