#pragma once

#include "ir/layout.h"
#include "ir/tensor_type.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tirx {

// Where one copy of a logical element lives: PSUM bank, partition and free
// offset in elements (chapter 02 §8). A non-Trainium layout has one row:
// partition 0 and its linear `m` coordinate as the free offset.
struct PhysicalCoord {
    int64_t bank = 0;
    int64_t partition = 0;
    int64_t free = 0;
    friend bool operator==(const PhysicalCoord&, const PhysicalCoord&) = default;
};

// The numeric form of a constant layout over a constant shape: for every
// logical element the physical cell it occupies, and for every physical cell
// the element in it. It is what the layout view and `tirx-cli layout` draw.
//
// The numbers come from the layout algebra's own grouping (groupLayout) and
// the same split rule as applyLayout; they are evaluated on integers, per
// logical dimension once, because the symbolic Apply costs a simplification
// per element and a 128 x 4096 tensor has half a million of them. The tests
// check every element of each case against applyLayout.
class LayoutGrid {
public:
    struct Result;

    // The grid of `type` (shape, layout, scope, dtype). A tensor without a
    // layout is drawn as it is stored: in SBUF/PSUM dim 0 on P and the rest
    // on F, elsewhere row-major on m. An error says why when the shape or
    // layout is not constant, the layout does not cover the shape, or the
    // grid would be larger than kMaxCells.
    // What the grid keeps of its cells: the element in each (what a painter
    // and elementAt() read: 4 bytes a cell), or only their counts (used
    // cells and collisions, from one bit a cell), for a reader that prints
    // figures and coordinates of a tensor too large to draw.
    enum class Cells : uint8_t { Kept, Counted };
    [[nodiscard]] static Result build(const TensorType& type, Cells cells = Cells::Kept);
    [[nodiscard]] static Result build(const std::vector<int64_t>& shape, const Layout& layout, const std::string& scope,
                                      DataType dtype, Cells cells = Cells::Kept);

    // Cells the grid may hold; larger tensors are refused, not truncated.
    static constexpr int64_t kMaxCells = int64_t{1} << 25;

    [[nodiscard]] const std::vector<int64_t>& shape() const { return m_shape; }
    [[nodiscard]] const Layout& layout() const { return m_layout; }
    [[nodiscard]] DataType dtype() const { return m_dtype; }
    [[nodiscard]] bool isPsum() const { return m_psum; }
    // False for layouts over the linear axis m (global tensors).
    [[nodiscard]] bool isTrainium() const { return m_trainium; }
    // True when the layout grouped by the shape (chapter 02 §6); otherwise
    // the flattened index is split over the whole shard.
    [[nodiscard]] bool grouped() const { return m_grouped; }
    // The physical shape LowerTrainiumLayout gives the tensor: (Bank, P, F)
    // extents, Bank = 1 outside PSUM.
    [[nodiscard]] const std::array<int64_t, 3>& physicalShape() const { return m_physical; }
    // The drawn extents: the physical shape, grown when a replica or offset
    // places a copy beyond it (P uses size, not span, chapter 02 §8).
    [[nodiscard]] const std::array<int64_t, 3>& gridShape() const { return m_extent; }
    [[nodiscard]] int64_t elementCount() const { return m_count; }
    // Copies of each element: the product of the replica extents.
    [[nodiscard]] int64_t copies() const { return static_cast<int64_t>(m_replicaDeltas.size()); }

    [[nodiscard]] int64_t flatIndex(const std::vector<int64_t>& index) const;
    [[nodiscard]] std::vector<int64_t> logicalIndex(int64_t flat) const;
    // The cell of copy `copy` (0 = the point Apply returns) of element `flat`.
    [[nodiscard]] PhysicalCoord coordOf(int64_t flat, int64_t copy = 0) const;
    // Byte offset of a cell inside its partition (or bank row).
    [[nodiscard]] int64_t byteOf(const PhysicalCoord& c) const { return c.free * m_dtype.bytes(); }
    // The element in a cell; -1 for a gap (or outside the grid). Cells::Kept only.
    [[nodiscard]] int64_t elementAt(const PhysicalCoord& c) const;
    // The elements of one partition of one bank, free offsets 0 to
    // gridShape()[2] - 1 (-1 for a gap): what a painter walks cell by cell.
    [[nodiscard]] const int32_t* cellRow(int64_t bank, int64_t partition) const
    {
        return m_cells.data() + (bank * m_extent[1] + partition) * m_extent[2];
    }
    // Cells two elements (or two copies) both claim; a correct layout has none.
    [[nodiscard]] int64_t collisions() const { return m_collisions; }
    // Cells of the grid that hold an element.
    [[nodiscard]] int64_t usedCells() const { return m_used; }

private:
    LayoutGrid() = default;
    [[nodiscard]] std::optional<std::string> fill(Cells cells);
    [[nodiscard]] PhysicalCoord baseCoord(int64_t flat) const;
    // Calls visit(flat, baseCoord(flat)) for every element in order.
    template <class Visit> void forEachElement(Visit visit) const;

    std::vector<int64_t> m_shape;
    Layout m_layout;
    DataType m_dtype = DataType::float32();
    bool m_psum = false;
    bool m_trainium = true;
    bool m_grouped = false;
    std::array<int64_t, 3> m_physical{1, 1, 1};
    std::array<int64_t, 3> m_extent{1, 1, 1};
    int64_t m_count = 0;
    int64_t m_collisions = 0;
    int64_t m_used = 0;
    // Grouped path: per logical dim, the displacement of each index value.
    std::vector<std::vector<PhysicalCoord>> m_dimTables;
    // Ungrouped path: the shard as integers (extent, stride, axis slot).
    struct NumIter {
        int64_t extent;
        int64_t stride;
        int slot; // 0 bank, 1 partition, 2 free
    };
    std::vector<NumIter> m_shard;
    PhysicalCoord m_offset;
    std::vector<PhysicalCoord> m_replicaDeltas{PhysicalCoord{}};
    std::vector<int32_t> m_cells; // bank-major, then partition, then free
};

struct LayoutGrid::Result {
    std::optional<LayoutGrid> grid;
    std::string error; // empty on success
    [[nodiscard]] bool ok() const { return grid.has_value(); }
};

} // namespace tirx
