// The memory map's geometry: the frame, the grid and ruler, the tensors'
// rectangles and the overlaps. Its words (the capacity bar, the names on
// the tensors, the legend) are in memory_scene_words.cpp.
#include "memory/memory_scene.h"

#include "memory/memory_scene_parts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <tuple>

namespace tirx {

using picture::Box;
using picture::Colour;
using picture::LineShape;
using picture::RectShape;
using picture::TextShape;

namespace {

constexpr double kMargin = 8;
constexpr double kAxisWidth = 44;   // partition numbers
constexpr double kRulerHeight = 22; // byte ruler
constexpr double kBarHeight = 18;   // capacity bar

// A power-of-two step of bytes giving about `ticks` ticks over `span`, so
// the ruler reads 512 B, 1 KiB, 2 KiB as memory is sized.
double niceStep(double span, int ticks)
{
    const double raw = std::max(span / std::max(ticks, 1), 1.0);
    return std::exp2(std::ceil(std::log2(raw)));
}

std::optional<Box> intersected(const Box& a, const Box& b)
{
    const double left = std::max(a.x, b.x);
    const double top = std::max(a.y, b.y);
    const double right = std::min(a.right(), b.right());
    const double bottom = std::min(a.bottom(), b.bottom());
    if (right <= left || bottom <= top) return std::nullopt;
    return Box{left, top, right - left, bottom - top};
}

} // namespace

double MemoryMapFrame::xOf(double byte) const
{
    return map.x + (byte - firstByte) / (lastByte - firstByte) * map.width;
}

double MemoryMapFrame::byteAt(double x) const { return firstByte + (x - map.x) / map.width * (lastByte - firstByte); }

Box MemoryMapFrame::pixelBox(const MemoryRect& rect) const
{
    const double rows = std::max<double>(double(partitions), 1);
    const double y0 = map.y + double(rect.partitions.begin) / rows * map.height;
    const double y1 = map.y + double(rect.partitions.end) / rows * map.height;
    const double x0 = xOf(double(rect.bytes.begin));
    const double x1 = xOf(double(rect.bytes.end));
    return {x0, y0, x1 - x0, y1 - y0};
}

int64_t memoryCapacityBytes(const Target& target, const std::string& scope)
{
    return isScope(scope, MemSpace::Psum) ? int64_t{target.psumBanks} * target.psumBankBytes
                                          : target.maxSbufBytesPerPartition;
}

std::optional<size_t> ShownAllocations::shownFor(size_t i) const
{
    if (i >= position.size() || position[i] == std::string::npos) return std::nullopt;
    return indices[position[i]];
}

size_t ShownAllocations::repeatsOf(size_t i) const
{
    return i < position.size() && position[i] != std::string::npos ? repeats[position[i]] : 1;
}

ShownAllocations shownAllocations(const MemoryPlan& plan, const std::string& scope)
{
    // What makes two allocations one drawn tensor: made by the same
    // statement, under the same name, at the same rectangles.
    using Key = std::tuple<std::string, std::string, std::string, uint32_t, uint32_t, std::vector<int64_t>>;
    std::map<Key, size_t> first; // key -> position in out.indices
    ShownAllocations out;
    out.position.assign(plan.allocations.size(), std::string::npos);
    for (size_t i = 0; i < plan.allocations.size(); ++i) {
        const auto& a = plan.allocations[i];
        if (a.scope != scope || !a.placed()) continue;
        std::vector<int64_t> corners;
        corners.reserve(a.rects.size() * 4);
        for (const auto& r : a.rects)
            corners.insert(corners.end(), {r.partitions.begin, r.partitions.end, r.bytes.begin, r.bytes.end});
        // A statement without a place cannot be told from another.
        size_t slot = out.indices.size();
        if (a.definition.span.valid()) {
            const Key key{a.function,        a.name, a.createdBy, a.definition.span.line, a.definition.span.column,
                          std::move(corners)};
            slot = first.try_emplace(key, slot).first->second;
        }
        if (slot == out.indices.size()) {
            out.indices.push_back(i);
            out.repeats.push_back(1);
        } else {
            ++out.repeats[slot];
        }
        out.position[i] = slot;
    }
    return out;
}

std::string repeatedName(const std::string& name, size_t repeats)
{
    return repeats > 1 ? name + " \xC3\x97" + std::to_string(repeats) : name;
}

std::pair<double, double> clampedByteWindow(double first, double last, int64_t capacity)
{
    const double room = std::max<double>(double(capacity), 1);
    last = std::max(last, first + 16);
    const double span = std::min(last - first, room * 2);
    first = std::clamp(first, -span * 0.05, std::max(0.0, room * 2 - span));
    return {first, first + span};
}

std::pair<double, double> fittedByteWindow(const MemoryPlan* plan, const Target& target, const std::string& scope)
{
    const double capacity = double(memoryCapacityBytes(target, scope));
    double end = 0;
    if (plan) {
        for (size_t i : shownAllocations(*plan, scope).indices)
            for (const auto& r : plan->allocations[i].rects) end = std::max(end, double(r.bytes.end));
    }
    if (isScope(scope, MemSpace::Psum) || end <= 0)
        end = capacity;
    else
        end = std::min(capacity, end * 1.08);
    return clampedByteWindow(0, std::max(end, capacity > 64 ? 64.0 : 1.0), int64_t(capacity));
}

std::string memoryBytesText(double bytes)
{
    char buffer[48];
    if (std::abs(bytes) >= 1024 * 1024)
        std::snprintf(buffer, sizeof buffer, "%.3g MiB", bytes / (1024.0 * 1024.0));
    else if (std::abs(bytes) >= 1024)
        std::snprintf(buffer, sizeof buffer, "%.4g KiB", bytes / 1024.0);
    else
        std::snprintf(buffer, sizeof buffer, "%lld B", static_cast<long long>(bytes));
    return buffer;
}

MemoryMapFrame memoryMapFrame(const MemoryPlan* plan, const Target& target, const MemoryMapView& view,
                              const picture::TextMeasure& measure)
{
    MemoryMapFrame f;
    f.firstByte = view.firstByte;
    f.lastByte = view.lastByte > view.firstByte ? view.lastByte : view.firstByte + 1;
    f.partitions = std::max<int64_t>(target.partitionSize, 1);
    // As many legend columns as fit a name of about seventeen characters, at most six.
    const double averageChar = view.averageCharWidth > 0
                                   ? view.averageCharWidth
                                   : measure.width("abcdefghijklmnopqrstuvwxyz", view.fontSize) / 26;
    f.legendColumns = size_t(std::clamp(int((view.width - 2 * kMargin - kAxisWidth) / (averageChar * 17 + 22)), 1, 6));
    size_t entries = 0;
    if (plan) {
        const auto shown = shownAllocations(*plan, view.scope).indices;
        const bool workspace = std::any_of(shown.begin(), shown.end(),
                                           [&](size_t i) { return starredAllocation(*plan, plan->allocations[i]); });
        // With the star's note on a row of its own if the last row lacks room.
        entries = shown.size();
        if (workspace) {
            const size_t columns = f.legendColumns;
            const size_t note = std::min(memory_scene::kNoteCells, columns);
            entries = columns - entries % columns >= note ? entries + note : (entries / columns + 1) * columns + note;
        }
    }
    const double legendRows =
        plan ? std::min<double>(double(memory_scene::kLegendRows), std::ceil(double(entries) / double(f.legendColumns)))
             : 0;
    const double legendHeight = legendRows > 0 ? legendRows * memory_scene::kLegendRow + 4 : 0;
    const double line = measure.lineHeight(view.fontSize);
    const double left = kMargin + kAxisWidth;
    const double right = view.width - kMargin;
    f.capacity = {left, kMargin + line + 4, right - left, kBarHeight};
    const double top = f.capacity.bottom() + 6 + kRulerHeight;
    const double bottom = view.height - kMargin - legendHeight - line - 4;
    f.map = {left, top, std::max(1.0, right - left), std::max(1.0, bottom - top)};
    f.legend = {left, view.height - kMargin - legendHeight, right - left, legendHeight};
    return f;
}

namespace memory_scene {

std::vector<size_t> drawOrder(const MemoryPlan& plan, const ShownAllocations& shown)
{
    std::vector<int64_t> areas(shown.size(), 0);
    for (size_t k = 0; k < areas.size(); ++k)
        for (const auto& r : plan.allocations[shown.indices[k]].rects) areas[k] += r.partitions.size() * r.bytes.size();
    std::vector<size_t> order(shown.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return areas[x] > areas[y]; });
    return order;
}

void grid(SceneContext& c)
{
    const MemoryMapFrame& f = c.frame;
    const Colour text = picture::opaque(c.view.paper.text);
    const Colour faint = picture::withAlpha(c.view.paper.text, 0.18);
    const double size = c.view.fontSize;
    const double ascent = c.measure.ascent(size);
    const double line = c.measure.lineHeight(size);
    c.scene.add(RectShape{f.map, picture::opaque(c.view.paper.alternate), {}, {}, 0, -1, "map"});
    // Partition axis: 0 at the top, a line every 16 partitions.
    const int64_t rows = f.partitions;
    for (int64_t part = 0; part <= rows; part += 16) {
        const double y = f.map.y + double(part) / double(rows) * f.map.height;
        c.scene.add(LineShape{f.map.x, y, f.map.right(), y, faint, 1, 0, 0, {}});
        if (part % 32 == 0 || part == rows) {
            c.scene.add(TextShape{kMargin + kAxisWidth - 6, y - line / 2 + ascent,
                                  std::to_string(std::min(part, rows - 1)), text, size, false, picture::Anchor::End,
                                  0});
        }
    }
    // Read upwards beside the axis.
    c.scene.add(TextShape{kMargin + 2 + (-2 + (14 - line) / 2 + ascent), f.map.y + f.map.height / 2, "partition", text,
                          size, false, picture::Anchor::Middle, -90});
    // Byte ruler; for a PSUM map showing more than four banks the bank
    // edges are the ticks.
    const bool psum = isScope(c.view.scope, MemSpace::Psum);
    const double span = f.lastByte - f.firstByte;
    const double step = psum && span > 4.0 * c.target.psumBankBytes
                            ? double(c.target.psumBankBytes)
                            : niceStep(span, std::max(2, int(f.map.width / 90)));
    const double rulerY = f.map.y - 4;
    double labelsEnd = -1e9; // where the last label drawn ends
    for (double b = std::ceil(f.firstByte / step) * step; b <= f.lastByte; b += step) {
        const double x = f.xOf(b);
        c.scene.add(LineShape{x, f.map.y, x, f.map.bottom(), faint, 1, 0, 0, {}});
        c.scene.add(LineShape{x, rulerY - 4, x, rulerY, text, 1, 0, 0, "tick"});
        // Centred on the tick, kept within the picture (the last tick sits
        // on its edge), and left out where it would run into the one before.
        const std::string label = memoryBytesText(b);
        const double labelWidth = c.measure.width(label, size);
        const double labelLeft = std::min(x - labelWidth / 2, c.view.width - kMargin - labelWidth);
        if (labelLeft < labelsEnd + 6) continue;
        c.scene.add(TextShape{labelLeft, rulerY - kRulerHeight + (kRulerHeight - 6 - line) / 2 + ascent, label, text,
                              size, false, picture::Anchor::Start, 0});
        labelsEnd = labelLeft + labelWidth;
    }
    if (psum) {
        // Each bank's number under the map; the edges are drawn over the tensors.
        for (int bank = 0; bank < c.target.psumBanks; ++bank) {
            const double x = f.xOf(double(bank) * c.target.psumBankBytes);
            const double next = f.xOf(double(bank + 1) * c.target.psumBankBytes);
            if (next < f.map.x || x > f.map.right()) continue;
            c.scene.add(TextShape{(x + next) / 2, f.map.bottom() + 2 + ascent, "bank " + std::to_string(bank), text,
                                  size, false, picture::Anchor::Middle, 0});
        }
    } else {
        c.scene.add(TextShape{f.map.x + f.map.width / 2, f.map.bottom() + 2 + ascent, "byte offset within a partition",
                              text, size, false, picture::Anchor::Middle, 0});
    }
    // The capacity edge.
    const double edge = f.xOf(double(memoryCapacityBytes(c.target, c.view.scope)));
    if (edge >= f.map.x && edge <= f.map.right() + 1) {
        const Colour red = picture::opaque(picture::overlapColour());
        c.scene.add(LineShape{edge, f.map.y - 6, edge, f.map.bottom(), red, 2, 8, 4, "capacity"});
        c.scene.add(TextShape{edge - 4, f.map.y + 2 + ascent, "capacity", red, size, false, picture::Anchor::End, 0});
    }
    c.scene.add(RectShape{f.map, {}, {}, text, 1, -1, "frame"});
}

// The marked allocations outlined boldly, the others faded, so the marked
// ones stand out however many there are.
template <class Drawn> void marks(SceneContext& c, const Drawn& drawn)
{
    if (c.view.marked.empty()) return;
    const auto& all = c.plan->allocations;
    // A tensor drawn once for several allocations is marked when any of them is.
    std::vector<bool> isMarked(all.size(), false);
    for (size_t i : c.view.marked)
        if (const auto drawnFor = c.shown.shownFor(i)) isMarked[*drawnFor] = true;
    const auto marked = [&](size_t i) { return isMarked[i]; };
    const Colour wash = picture::withAlpha(c.view.paper.base, 0.6);
    for (size_t i : c.shown.indices) {
        if (marked(i)) continue;
        for (const auto& r : all[i].rects)
            if (const auto px = drawn(r)) c.scene.add(RectShape{*px, wash, {}, {}, 0, -1, "faded"});
    }
    // A light halo under a dark line reads on any tensor colour.
    for (const auto& [colour, width] : {std::pair{c.view.paper.base, 5.0}, std::pair{c.view.paper.text, 2.0}}) {
        for (size_t i : c.shown.indices) {
            if (!marked(i)) continue;
            for (const auto& r : all[i].rects) {
                if (const auto px = drawn(r)) {
                    const Box inner{px->x + 1.5, px->y + 1.5, std::max(px->width - 3, 0.0),
                                    std::max(px->height - 3, 0.0)};
                    c.scene.add(RectShape{inner, {}, {}, picture::opaque(colour), width, -1, "marked"});
                }
            }
        }
    }
}

void allocations(SceneContext& c)
{
    if (!c.plan) return;
    const MemoryMapFrame& f = c.frame;
    const auto& all = c.plan->allocations;
    // Where rectangle `r` is drawn: clipped to the map, none when it lies
    // outside (zoomed in, most of a large kernel does), and a sliver
    // narrower than a pixel still shown, as one pixel.
    const auto drawn = [&](const MemoryRect& r) -> std::optional<Box> {
        Box px = f.pixelBox(r);
        if (px.right() < f.map.x || px.x > f.map.right()) return std::nullopt;
        if (px.width < 1) px = {std::floor(px.x), px.y, 1, px.height};
        return intersected(px, f.map);
    };
    std::vector<Box> outlines;
    for (size_t k : c.drawOrder) {
        const size_t i = c.shown.indices[k];
        const auto& a = all[i];
        if (c.view.groups) {
            c.scene.add(picture::GroupBegin{"alloc-" + std::to_string(i), "allocation", a.name,
                                            a.name + " " + a.dtypeName() + ", " + std::to_string(a.rowBytes()) +
                                                " bytes per partition at " + std::to_string(a.offset.value_or(0))});
        }
        for (const auto& r : a.rects) {
            const auto px = drawn(r);
            if (!px) continue;
            c.scene.add(RectShape{*px, picture::opaque(picture::tensorColour(k)), {}, {}, 0, int64_t(i), "tensor"});
            if (px->width >= 3) outlines.push_back(*px); // a sliver's outline would hide its colour
        }
        if (c.view.groups) c.scene.add(picture::GroupEnd{});
    }
    // Only the memory two tensors share is hatched and outlined red: a
    // tensor over eight banks that meets another in one is wrong in that
    // one. The other scope's rectangles mean other memory.
    std::vector<Box> shared;
    for (const auto& o : c.plan->overlaps) {
        if (all[o.later].scope != c.view.scope) continue;
        for (const auto& a : all[o.earlier].rects) {
            for (const auto& b : all[o.later].rects) {
                if (!a.partitions.meets(b.partitions) || !a.bytes.meets(b.bytes)) continue;
                const MemoryRect both{
                    {std::max(a.partitions.begin, b.partitions.begin), std::min(a.partitions.end, b.partitions.end)},
                    {std::max(a.bytes.begin, b.bytes.begin), std::min(a.bytes.end, b.bytes.end)}};
                if (const auto px = drawn(both)) shared.push_back(*px);
            }
        }
    }
    const Colour red = picture::opaque(picture::overlapColour());
    for (const auto& px : shared) c.scene.add(RectShape{px, red, picture::FillStyle::Hatch, {}, 0, -1, "hatch"});
    const Colour base = picture::opaque(c.view.paper.base);
    for (const auto& px : outlines) c.scene.add(RectShape{px, {}, {}, base, 1, -1, "outline"});
    for (const auto& px : shared) c.scene.add(RectShape{px, {}, {}, red, 2, -1, "overlap"});
    marks(c, drawn);
    if (c.view.highlighted && *c.view.highlighted < all.size()) {
        for (const auto& r : all[*c.view.highlighted].rects)
            if (const auto px = intersected(f.pixelBox(r), f.map))
                c.scene.add(RectShape{*px, {}, {}, picture::opaque(c.view.paper.text), 2, -1, "highlight"});
    }
}

void bankEdges(SceneContext& c)
{
    if (!isScope(c.view.scope, MemSpace::Psum)) return;
    const MemoryMapFrame& f = c.frame;
    // In the text colour with a base-coloured core, so an edge reads on any
    // tensor's colour and on the empty map.
    for (int bank = 0; bank <= c.target.psumBanks; ++bank) {
        const double x = f.xOf(double(bank) * c.target.psumBankBytes);
        if (x < f.map.x - 1 || x > f.map.right() + 1) continue;
        c.scene.add(LineShape{x, f.map.y, x, f.map.bottom(), picture::opaque(c.view.paper.text), 3, 0, 0, "bank"});
        c.scene.add(LineShape{x, f.map.y, x, f.map.bottom(), picture::opaque(c.view.paper.base), 1, 0, 0, {}});
    }
}

} // namespace memory_scene

picture::Scene memoryMapScene(const MemoryPlan* plan, const Target& target, const MemoryMapView& view,
                              const picture::TextMeasure& measure)
{
    memory_scene::SceneContext c{plan, target, view, measure, memoryMapFrame(plan, target, view, measure), {}, {}, {}};
    c.scene.width = view.width;
    c.scene.height = view.height;
    c.scene.background = picture::opaque(view.paper.base);
    if (plan) {
        c.shown = shownAllocations(*plan, view.scope);
        c.drawOrder = memory_scene::drawOrder(*plan, c.shown);
    }
    memory_scene::title(c);
    memory_scene::capacityBar(c);
    memory_scene::grid(c);
    memory_scene::allocations(c);
    memory_scene::bankEdges(c);
    memory_scene::names(c);
    memory_scene::legend(c);
    memory_scene::emptyNote(c);
    return c.scene;
}

} // namespace tirx
