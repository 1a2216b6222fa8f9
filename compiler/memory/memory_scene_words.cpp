// The memory map's words: the title, the capacity bar, the tensors' names
// on the map, the legend under it and what an empty map says.
#include "memory/memory_scene_parts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tirx::memory_scene {

using picture::Anchor;
using picture::Box;
using picture::Colour;
using picture::RectShape;
using picture::TextShape;

namespace {

constexpr double kMargin = 8;
constexpr double kAxisWidth = 44;

// Where name plates have been put, so that a plate that would cover an
// earlier one goes below it instead: two tensors sharing a PSUM bank, or a
// tile lying over a larger tensor, both keep their names.
class PlateLayout {
public:
    // A plate of width × height centred in `within`, moved down past the
    // plates it meets; none when it then no longer fits in `within`.
    std::optional<Box> place(const Box& within, double width, double height)
    {
        Box plate{within.x + (within.width - width) / 2, within.y + (within.height - height) / 2, width, height};
        const auto meet = [](const Box& a, const Box& b) {
            return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
        };
        for (bool moved = true; moved;) {
            moved = false;
            for (const auto& other : m_plates) {
                if (!meet(plate, other)) continue;
                plate.y = other.bottom() + 1;
                moved = true;
            }
        }
        if (plate.bottom() > within.bottom()) return std::nullopt;
        m_plates.push_back(plate);
        return plate;
    }

private:
    std::vector<Box> m_plates;
};

size_t characters(const std::string& text)
{
    size_t count = 0;
    for (unsigned char ch : text) count += (ch & 0xC0) != 0x80 ? 1 : 0;
    return count;
}

// The widest stretch of `rect`'s bytes that no tensor drawn over it covers
// from its first partition to its last: where its name can be read. A tensor
// placed in bytes a smaller one used earlier would otherwise carry its name
// on the smaller one's colour. `rect` itself when nothing covers it.
MemoryRect uncoveredPart(const SceneContext& c, const std::vector<size_t>& rank, size_t k, const MemoryRect& rect)
{
    std::vector<Interval> covered;
    for (size_t j = 0; j < c.shown.size(); ++j) {
        if (rank[j] <= rank[k]) continue;
        for (const auto& r : c.plan->allocations[c.shown.indices[j]].rects) {
            if (r.partitions.begin <= rect.partitions.begin && r.partitions.end >= rect.partitions.end &&
                r.bytes.meets(rect.bytes))
                covered.push_back(r.bytes);
        }
    }
    if (covered.empty()) return rect;
    std::sort(covered.begin(), covered.end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
    Interval widest{rect.bytes.begin, rect.bytes.begin};
    int64_t from = rect.bytes.begin;
    for (const auto& cover : covered) {
        if (cover.begin - from > widest.size()) widest = {from, cover.begin};
        from = std::max(from, cover.end);
    }
    if (rect.bytes.end - from > widest.size()) widest = {from, rect.bytes.end};
    return widest.size() > 0 ? MemoryRect{rect.partitions, widest} : rect;
}

// Text centred vertically in a row of `height` from `top`.
double baselineIn(const SceneContext& c, double top, double height, double size)
{
    return top + (height - c.measure.lineHeight(size)) / 2 + c.measure.ascent(size);
}

} // namespace

void title(SceneContext& c)
{
    const bool psum = isScope(c.view.scope, MemSpace::Psum);
    std::string text =
        psum ? "PSUM: " + std::to_string(c.frame.partitions) + " partitions \xC3\x97 " +
                   std::to_string(c.target.psumBanks) + " banks of " + memoryBytesText(c.target.psumBankBytes)
             : "SBUF: " + std::to_string(c.frame.partitions) + " partitions \xC3\x97 " +
                   memoryBytesText(double(memoryCapacityBytes(c.target, c.view.scope))) + " per partition";
    if (c.plan)
        text += fromKernelTrace(*c.plan) ? std::string("  \xC2\xB7  from the kernel's trace")
                                         : "  \xC2\xB7  after " + c.plan->after;
    c.scene.add(TextShape{kMargin, kMargin + c.measure.ascent(c.view.fontSize), text,
                          picture::opaque(c.view.paper.text), c.view.fontSize, false, Anchor::Start, 0});
}

void capacityBar(SceneContext& c)
{
    const Box& bar = c.frame.capacity;
    const double capacity = double(memoryCapacityBytes(c.target, c.view.scope));
    double used = 0;
    if (c.plan) {
        for (size_t i : c.shown.indices)
            for (const auto& r : c.plan->allocations[i].rects) used = std::max(used, double(r.bytes.end));
    }
    const Colour text = picture::opaque(c.view.paper.text);
    c.scene.add(RectShape{bar, picture::opaque(c.view.paper.alternate), {}, text, 1, -1, "capacity-bar"});
    const double fraction = capacity > 0 ? std::min(used / capacity, 1.0) : 0;
    if (fraction > 0) {
        const auto fill = used > capacity ? picture::overlapColour() : picture::tensorColour(4);
        c.scene.add(
            RectShape{{bar.x, bar.y, bar.width * fraction, bar.height}, picture::opaque(fill), {}, {}, 0, -1, "used"});
    }
    // The part of the capacity the map below shows.
    const double w0 = bar.x + std::clamp(c.frame.firstByte / capacity, 0.0, 1.0) * bar.width;
    const double w1 = bar.x + std::clamp(c.frame.lastByte / capacity, 0.0, 1.0) * bar.width;
    c.scene.add(RectShape{{w0, bar.y - 2, std::max(w1, w0 + 2) - w0, bar.height + 4}, {}, {}, text, 2, -1, "window"});
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.1f", capacity > 0 ? used / capacity * 100 : 0.0);
    const double size = c.view.fontSize;
    const double baseline = baselineIn(c, bar.y, bar.height, size);
    c.scene.add(TextShape{bar.right() - 6, baseline,
                          memoryBytesText(used) + " of " + memoryBytesText(capacity) + " per partition reached (" +
                              percent + "%)",
                          text, size, false, Anchor::End, 0});
    c.scene.add(TextShape{kMargin + kAxisWidth - 4, baseline, "used", text, size, false, Anchor::End, 0});
}

void names(SceneContext& c)
{
    if (!c.plan) return;
    // A name that does not fit (a PSUM bank is narrow) is tried a size
    // smaller before it is cut short.
    const double normal = c.view.fontSize;
    const double small = normal * 0.85;
    const double normalLine = c.measure.lineHeight(normal);
    PlateLayout layout;
    std::vector<size_t> rank(c.drawOrder.size());
    for (size_t j = 0; j < c.drawOrder.size(); ++j) rank[c.drawOrder[j]] = j;
    for (size_t k = 0; k < c.shown.size(); ++k) {
        const Rgb colour = picture::tensorColour(k);
        for (auto label : memoryLabels(c.plan->allocations[c.shown.indices[k]], c.target, c.view.scope)) {
            label.name = repeatedName(label.name, c.shown.repeats[k]);
            // Inside the rectangle's outline (and a PSUM bank's edge), on
            // its part no other tensor lies over.
            const Box px = c.frame.pixelBox(uncoveredPart(c, rank, k, label.rect));
            const double left = std::max(px.x, c.frame.map.x) + 2;
            const double top = std::max(px.y, c.frame.map.y) + 2;
            const double right = std::min(px.right(), c.frame.map.right()) - 2;
            const double bottom = std::min(px.bottom(), c.frame.map.bottom()) - 2;
            const Box visible{left, top, right - left, bottom - top};
            const int lines = label.slot.empty() ? 1 : 2;
            // Most rectangles of a large kernel are too thin for any name:
            // measuring text only for the rest keeps a repaint quick.
            if (visible.width <= 16 || visible.height <= lines * normalLine) continue;
            const bool smaller = c.measure.width(label.name, normal) + 2 > visible.width;
            const double size = smaller ? small : normal;
            // A name cut short still tells tensors apart; hovering gives it
            // whole. The plate's margin gives way first, down to a pixel a side.
            const std::string name = picture::elided(c.measure, label.name, size, visible.width - 2);
            if (characters(name) < std::min<size_t>(characters(label.name), 4)) continue;
            const double text = std::max(c.measure.width(name, size), c.measure.width(label.slot, size));
            if (visible.width < text + 2) continue;
            const double width = std::min(text + 8, visible.width);
            const double line = c.measure.lineHeight(size);
            const auto plate = layout.place(visible, width, lines * line + 2);
            if (!plate) continue;
            // On a plate of the tensor's own colour, so it reads even where
            // another tensor's rectangle lies over this one.
            c.scene.add(RectShape{*plate, picture::opaque(colour), {}, {}, 0, -1, "plate"});
            const Colour ink = picture::opaque(picture::labelColourOn(colour));
            const double first = plate->y + (plate->height - lines * line) / 2 + c.measure.ascent(size);
            const double centre = plate->x + plate->width / 2;
            c.scene.add(TextShape{centre, first, name, ink, size, false, Anchor::Middle, 0});
            if (!label.slot.empty())
                c.scene.add(TextShape{centre, first + line, label.slot, ink, size, false, Anchor::Middle, 0});
        }
    }
}

void legend(SceneContext& c)
{
    if (!c.plan || c.shown.empty()) return;
    const Box& area = c.frame.legend;
    const size_t columns = c.frame.legendColumns;
    const double column = area.width / double(columns);
    const auto cell = [&](size_t n) {
        return std::pair{area.x + double(n % columns) * column, area.y + 2 + double(n / columns) * kLegendRow};
    };
    std::vector<bool> overlapping(c.plan->allocations.size(), false);
    for (const auto& o : c.plan->overlaps) {
        for (size_t i : {o.earlier, o.later})
            if (const auto drawnFor = c.shown.shownFor(i)) overlapping[*drawnFor] = true;
    }
    const bool workspace = std::any_of(c.shown.indices.begin(), c.shown.indices.end(),
                                       [&](size_t i) { return starredAllocation(*c.plan, c.plan->allocations[i]); });
    // The last cells say what the star means when a workspace is shown.
    const size_t cells = kLegendRows * columns - (workspace ? std::min(kNoteCells, columns) : 0);
    const size_t tensors = std::min(c.shown.size(), cells);
    const Colour text = picture::opaque(c.view.paper.text);
    const double size = c.view.fontSize;
    for (size_t k = 0; k < tensors; ++k) {
        const auto& a = c.plan->allocations[c.shown.indices[k]];
        const auto [x, y] = cell(k);
        const Box swatch{x, y + 3, 14, 14};
        c.scene.add(RectShape{swatch, picture::opaque(picture::tensorColour(k)), {}, {}, 0, -1, "swatch"});
        if (overlapping[c.shown.indices[k]])
            c.scene.add(RectShape{
                swatch, picture::opaque(picture::overlapColour()), picture::FillStyle::Hatch, {}, 0, -1, "hatch"});
        std::string label = repeatedName(a.name, c.shown.repeats[k]) + (starredAllocation(*c.plan, a) ? " *" : "");
        if (k + 1 == tensors && c.shown.size() > tensors)
            label = "\xE2\x80\xA6 " + std::to_string(c.shown.size() - tensors + 1) + " more";
        c.scene.add(TextShape{x + 18, baselineIn(c, y, kLegendRow, size),
                              picture::elided(c.measure, label, size, column - 22), text, size, false, Anchor::Start,
                              0});
    }
    if (!workspace) return;
    // The note takes two cells, on the row of the last tensor when two are
    // left there, else at the start of the next.
    const size_t noteCells = std::min(kNoteCells, columns);
    const size_t noteCell = columns - tensors % columns >= noteCells ? tensors : (tensors / columns + 1) * columns;
    const auto [x, y] = cell(noteCell);
    c.scene.add(TextShape{x, baselineIn(c, y, kLegendRow, size),
                          picture::elided(c.measure, starMeaning(*c.plan), size, area.right() - x), text, size, false,
                          Anchor::Start, 0});
}

void emptyNote(SceneContext& c)
{
    if (!c.plan || !c.shown.empty()) return;
    const bool sbuf = isScope(c.view.scope, MemSpace::Sbuf);
    std::vector<std::string> lines;
    if (fromKernelTrace(*c.plan)) {
        lines = {sbuf ? "The kernel places no SBUF tensor." : "The kernel places no PSUM tensor."};
    } else if (sbuf) {
        lines = {"No SBUF tensor is placed after this pass.", "TrnNaiveAllocator places them."};
    } else {
        lines = {"No PSUM tensor is placed after this pass."};
    }
    // An empty map of a kernel that has tensors here says which, so it does
    // not read as "this kernel uses no PSUM".
    std::vector<std::string> unplaced;
    for (const auto& a : c.plan->allocations)
        if (a.scope == c.view.scope) unplaced.push_back(a.name);
    if (!unplaced.empty()) {
        std::string list;
        for (size_t i = 0; i < std::min<size_t>(unplaced.size(), 4); ++i) {
            if (i > 0) list += i + 1 == std::min<size_t>(unplaced.size(), 4) && unplaced.size() <= 4 ? " and " : ", ";
            list += unplaced[i];
        }
        if (unplaced.size() > 4) list += " \xE2\x80\xA6";
        lines.push_back("Without an address in the IR: " + list);
    }
    const Box& map = c.frame.map;
    const double size = c.view.fontSize;
    const double line = c.measure.lineHeight(size);
    double widest = 0;
    for (auto& l : lines) {
        l = picture::elided(c.measure, l, size, map.width - 32);
        widest = std::max(widest, c.measure.width(l, size));
    }
    // On a plate, so the bank edges do not strike the words through.
    const double height = double(lines.size()) * line;
    Box plate{map.x + (map.width - widest) / 2 - 8, map.y + (map.height - height) / 2 - 4, widest + 16, height + 8};
    plate.x = std::max(plate.x, map.x);
    plate.y = std::max(plate.y, map.y);
    plate.width = std::min(plate.width, map.right() - plate.x);
    plate.height = std::min(plate.height, map.bottom() - plate.y);
    c.scene.add(RectShape{plate, picture::opaque(c.view.paper.base), {}, {}, 0, -1, "note"});
    double baseline = plate.y + 4 + c.measure.ascent(size);
    for (const auto& l : lines) {
        c.scene.add(TextShape{map.x + map.width / 2, baseline, l, picture::opaque(c.view.paper.placeholder), size,
                              false, Anchor::Middle, 0});
        baseline += line;
    }
}

} // namespace tirx::memory_scene

namespace tirx {

std::vector<MemoryLabel> memoryLabels(const PlannedAllocation& a, const Target& target, const std::string& scope)
{
    std::vector<MemoryLabel> out;
    const bool perBank = isScope(scope, MemSpace::Psum) && a.bank && a.banks > 1 && target.psumBankBytes > 0;
    for (const auto& r : a.rects) {
        if (!perBank) {
            out.push_back({r, a.name, {}});
            continue;
        }
        // A tensor over several banks holds one slot (its first index) in
        // each: name each bank's part.
        const int64_t bankBytes = target.psumBankBytes;
        for (int64_t bank = r.bytes.begin / bankBytes; bank * bankBytes < r.bytes.end; ++bank) {
            const Interval bytes{std::max(r.bytes.begin, bank * bankBytes),
                                 std::min(r.bytes.end, (bank + 1) * bankBytes)};
            out.push_back({{r.partitions, bytes}, a.name, "slot " + std::to_string(bank - *a.bank)});
        }
    }
    return out;
}

} // namespace tirx
