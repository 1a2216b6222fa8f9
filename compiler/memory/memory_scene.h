#pragma once

#include "memory/memory_plan.h"
#include "picture/palette.h"
#include "picture/scene.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tirx {

// The SBUF or PSUM map as a picture, computed once here and drawn by the
// explorer's MemoryMap, `tirx-cli memmap --svg` and `--png`.
//
// Partitions run down (0 at the top), bytes within a partition across; for
// PSUM the bytes run over a partition's row of all banks, so a bank is a
// column. Each placed allocation is drawn at the rectangles MemoryPlan gives
// it, larger tensors first (a smaller one lies on top, so a tensor placed in
// bytes another has freed hides neither; equal sizes in plan order), coloured
// per tensor in plan order and named where the name fits; the memory two allocations share is
// hatched and outlined red. A bar above shows how far the furthest
// allocation reaches into the capacity, a ruler the bytes, a legend below
// names the tensors.

// How the map is looked at.
struct MemoryMapView {
    std::string scope{scopeName(MemSpace::Sbuf)};
    double width = 1200;
    double height = 660;
    // The bytes shown across, [firstByte, lastByte); fittedByteWindow() is
    // what the map opens with.
    double firstByte = 0;
    double lastByte = 1;
    std::optional<size_t> highlighted; // an allocation outlined, the one under the pointer
    // Allocations marked boldly while the others fade: the tensors of the
    // source line the caret is on.
    std::vector<size_t> marked;
    double fontSize = 13; // pixels
    // The font's average character width, which sets how many legend
    // columns fit; 0 takes the measure's width of the alphabet.
    double averageCharWidth = 0;
    picture::Paper paper;
    // A group per allocation with its description as a tooltip, for an SVG
    // to be read on its own.
    bool groups = false;
};

// Where the parts of the map lie in a view.
struct MemoryMapFrame {
    picture::Box capacity; // the capacity bar
    picture::Box map;      // partitions × bytes
    picture::Box legend;
    double firstByte = 0;
    double lastByte = 1;
    int64_t partitions = 1;
    size_t legendColumns = 1;

    [[nodiscard]] double xOf(double byte) const;
    [[nodiscard]] double byteAt(double x) const;
    // Where `rect` is drawn, unclipped.
    [[nodiscard]] picture::Box pixelBox(const MemoryRect& rect) const;
};

// A hand-written NKI kernel's plan (its trace), not a pass's.
[[nodiscard]] inline bool fromKernelTrace(const MemoryPlan& plan) { return plan.after == "trace"; }
// Whether `a`'s name gets a star: a workspace a pass added, or in a kernel's
// plan a tensor without address= the explorer placed.
[[nodiscard]] inline bool starredAllocation(const MemoryPlan& plan, const PlannedAllocation& a)
{
    return fromKernelTrace(plan) ? a.placementModelled : a.createdBy != "user";
}
// What the star means in `plan`.
[[nodiscard]] inline const char* starMeaning(const MemoryPlan& plan)
{
    return fromKernelTrace(plan) ? "* modelled placement (no address=)" : "* added by a pass";
}

// The target's SBUF bytes per partition, or its PSUM banks times their bytes.
[[nodiscard]] int64_t memoryCapacityBytes(const Target& target, const std::string& scope);
// The placed allocations of `scope` a map draws, as indices into
// plan.allocations in plan order. A statement that makes its tensor again
// at the same place — an `nl.ndarray` inside a loop of a kernel's trace,
// one allocation per iteration — is drawn once, by its first allocation,
// and named with the count ("lhs ×16"), instead of as a stack of the same
// rectangle.
struct ShownAllocations {
    std::vector<size_t> indices;
    std::vector<size_t> repeats; // per shown allocation, how many it stands for
    // Per plan allocation, the position in `indices` of the one drawn for
    // it; npos when not shown.
    std::vector<size_t> position;

    [[nodiscard]] size_t size() const { return indices.size(); }
    [[nodiscard]] bool empty() const { return indices.empty(); }
    // The shown allocation drawn for plan allocation `i`, if any.
    [[nodiscard]] std::optional<size_t> shownFor(size_t i) const;
    // How many allocations the one drawn for plan allocation `i` stands for.
    [[nodiscard]] size_t repeatsOf(size_t i) const;
};
[[nodiscard]] ShownAllocations shownAllocations(const MemoryPlan& plan, const std::string& scope);
// `name`, with " ×N" when it stands for N allocations.
[[nodiscard]] std::string repeatedName(const std::string& name, size_t repeats);
// The bytes the map opens with: PSUM whole, SBUF what is used with room.
[[nodiscard]] std::pair<double, double> fittedByteWindow(const MemoryPlan* plan, const Target& target,
                                                         const std::string& scope);
// [first, last) kept at least 16 bytes across and within twice the capacity.
[[nodiscard]] std::pair<double, double> clampedByteWindow(double first, double last, int64_t capacity);

// The names the map puts on an allocation where they fit: one over each
// rectangle, or for a PSUM tensor over several banks, one over its part of
// each bank with the slot (first index) that bank holds, so the map says
// which accumulator slot sits in which bank.
struct MemoryLabel {
    MemoryRect rect;
    std::string name;
    std::string slot; // empty when the tensor has no slots
};
[[nodiscard]] std::vector<MemoryLabel> memoryLabels(const PlannedAllocation& a, const Target& target,
                                                    const std::string& scope);

// "512 B", "2 KiB", "1.5 MiB".
[[nodiscard]] std::string memoryBytesText(double bytes);

[[nodiscard]] MemoryMapFrame memoryMapFrame(const MemoryPlan* plan, const Target& target, const MemoryMapView& view,
                                            const picture::TextMeasure& measure);
// The picture; `plan` may be null (an empty map of the target). Rectangles
// of allocations carry the allocation's index as their id.
[[nodiscard]] picture::Scene memoryMapScene(const MemoryPlan* plan, const Target& target, const MemoryMapView& view,
                                            const picture::TextMeasure& measure);

} // namespace tirx
