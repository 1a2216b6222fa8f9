#include "picture/scene.h"

#include <algorithm>

namespace tirx::picture {

namespace {

// The UTF-8 sequences of `text`: a continuation byte belongs to the one before.
size_t characters(const std::string& text)
{
    size_t count = 0;
    for (unsigned char c : text) count += (c & 0xC0) != 0x80 ? 1 : 0;
    return count;
}

} // namespace

std::optional<int64_t> Scene::idAt(double x, double y) const
{
    for (auto it = shapes.rbegin(); it != shapes.rend(); ++it) {
        const auto* rect = std::get_if<RectShape>(&*it);
        if (rect && rect->id >= 0 && rect->box.contains(x, y)) return rect->id;
    }
    return std::nullopt;
}

std::optional<GridCell> Scene::cellAt(double x, double y) const
{
    for (auto it = shapes.rbegin(); it != shapes.rend(); ++it) {
        const auto* grid = std::get_if<CellGrid>(&*it);
        if (!grid || grid->id < 0 || !grid->box.contains(x, y) || grid->rows <= 0 || grid->cols <= 0) continue;
        const auto row = int64_t((y - grid->box.y) / grid->box.height * double(grid->rows));
        const auto col = int64_t((x - grid->box.x) / grid->box.width * double(grid->cols));
        return GridCell{grid->id, std::min(row, grid->rows - 1), std::min(col, grid->cols - 1)};
    }
    return std::nullopt;
}

size_t Scene::count(const std::string& role) const
{
    size_t n = 0;
    for (const auto& shape : shapes) {
        if (const auto* r = std::get_if<RectShape>(&shape)) n += r->role == role ? 1 : 0;
        if (const auto* l = std::get_if<LineShape>(&shape)) n += l->role == role ? 1 : 0;
    }
    return n;
}

double EstimatedTextMeasure::width(const std::string& text, double size, bool bold) const
{
    return double(characters(text)) * size * (bold ? 0.65 : 0.6);
}

std::string elided(const TextMeasure& measure, const std::string& text, double size, double room, bool bold)
{
    if (measure.width(text, size, bold) <= room) return text;
    static const std::string kEllipsis = "\xE2\x80\xA6";
    // Whole characters off the end until the rest and the ellipsis fit.
    std::string kept = text;
    while (!kept.empty()) {
        size_t cut = kept.size() - 1;
        while (cut > 0 && (static_cast<unsigned char>(kept[cut]) & 0xC0) == 0x80) --cut;
        kept.resize(cut);
        if (measure.width(kept + kEllipsis, size, bold) <= room) return kept + kEllipsis;
    }
    return measure.width(kEllipsis, size, bold) <= room ? kEllipsis : std::string{};
}

} // namespace tirx::picture
