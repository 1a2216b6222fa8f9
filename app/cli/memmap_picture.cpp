#include "memmap_picture.h"

#include "png_canvas.h"
#include "svg_canvas.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

namespace tirx::cli {

namespace {

constexpr double kLeft = 70;
constexpr double kTop = 60;
constexpr double kMapWidth = 1100;
constexpr double kMapHeight = 512; // 4 px per partition
constexpr double kFont = 13;
constexpr const char* kText = "#000000";
constexpr const char* kOverlap = "#D01010";

// Okabe and Ito's palette without vermillion, as the explorer's views use it.
constexpr std::array<const char*, 7> kColors{"#E69F00", "#56B4E9", "#009E73", "#F0E442",
                                             "#0072B2", "#CC79A7", "#A0A0A0"};
// Black on every colour but the dark blue, whichever contrasts more by
// WCAG's relative luminance, as the explorer's labelColorOn() picks.
constexpr std::array<const char*, 7> kLabelColors{"#000000", "#000000", "#000000", "#000000",
                                                  "#FFFFFF", "#000000", "#000000"};

// A generous width for `text` at `size` (0.6 em a character), so a name
// said to fit does in any sans-serif face.
double textWidth(const std::string& text, double size)
{
    size_t characters = 0;
    for (unsigned char c : text) characters += (c & 0xC0) != 0x80 ? 1 : 0;
    return double(characters) * size * 0.6;
}

std::string bytesText(double bytes)
{
    char buffer[32];
    if (bytes >= 1024 && std::fmod(bytes, 1024) == 0)
        std::snprintf(buffer, sizeof buffer, "%.0f KiB", bytes / 1024);
    else
        std::snprintf(buffer, sizeof buffer, "%.0f B", bytes);
    return buffer;
}

struct Box {
    double x;
    double y;
    double width;
    double height;
};

// A plate of width × height centred in `within`, moved down past the plates
// already put that it meets; none when it then leaves `within`.
std::optional<Box> placePlate(std::vector<Box>& plates, const Box& within, double width, double height)
{
    Box plate{within.x + (within.width - width) / 2, within.y + (within.height - height) / 2, width, height};
    const auto meet = [](const Box& a, const Box& b) {
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    };
    for (bool moved = true; moved;) {
        moved = false;
        for (const auto& other : plates) {
            if (!meet(plate, other)) continue;
            plate.y = other.y + other.height + 1;
            moved = true;
        }
    }
    if (plate.y + height > within.y + within.height) return std::nullopt;
    plates.push_back(plate);
    return plate;
}

// What to name on the map: each rectangle of `a`, or for a PSUM tensor over
// several banks (bankBytes > 0), its part of each bank with the slot (its
// first index) that bank holds, so the picture says which accumulator slot
// sits in which bank.
struct Label {
    Interval partitions;
    Interval bytes;
    std::string slot;
};
std::vector<Label> labelsOf(const PlannedAllocation& a, int64_t bankBytes)
{
    std::vector<Label> out;
    for (const auto& r : a.rects) {
        if (bankBytes <= 0 || !a.bank || a.banks <= 1) {
            out.push_back({r.partitions, r.bytes, {}});
            continue;
        }
        for (int64_t bank = r.bytes.begin / bankBytes; bank * bankBytes < r.bytes.end; ++bank) {
            const Interval bytes{std::max(r.bytes.begin, bank * bankBytes),
                                 std::min(r.bytes.end, (bank + 1) * bankBytes)};
            out.push_back({r.partitions, bytes, "slot " + std::to_string(bank - *a.bank)});
        }
    }
    return out;
}

} // namespace

void drawMemoryMap(const MemoryPlan& plan, const Target& target, const std::string& scope, Canvas& canvas)
{
    const bool psum = isScope(scope, MemSpace::Psum);
    const double capacity =
        psum ? double(target.psumBanks) * target.psumBankBytes : double(target.maxSbufBytesPerPartition);
    std::vector<bool> overlapping(plan.allocations.size(), false);
    for (const auto& o : plan.overlaps) overlapping[o.earlier] = overlapping[o.later] = true;
    std::vector<size_t> shown;
    double end = 0;
    for (size_t i = 0; i < plan.allocations.size(); ++i) {
        const auto& a = plan.allocations[i];
        if (a.scope != scope || !a.placed()) continue;
        shown.push_back(i);
        for (const auto& r : a.rects) end = std::max(end, double(r.bytes.end));
    }
    // The same window the explorer's map opens with.
    const double last = psum || end <= 0 ? capacity : std::max(64.0, std::min(capacity, end * 1.08));
    const double scale = kMapWidth / last;
    const int partitions = std::max(1, target.partitionSize);
    const double row = kMapHeight / partitions;
    const auto x = [&](double byte) { return kLeft + byte * scale; };

    canvas.rect(0, 0, kMemoryMapWidth, kMemoryMapHeight, "#FFFFFF", {}, 0);
    canvas.text(10, 24,
                std::string(psum ? "PSUM" : "SBUF") + " after " + plan.after + " on " + plan.target +
                    ": partitions (down) by bytes per partition (across)",
                kText, 15);
    canvas.rect(kLeft, kTop, kMapWidth, kMapHeight, "#F4F4F4", "#000000", 1, "map");

    // Partition axis.
    for (int p = 0; p <= partitions; p += 32) {
        const int shownPartition = std::min(p, partitions - 1);
        canvas.text(kLeft - 6, kTop + p * row + 4, std::to_string(shownPartition), kText, kFont, Canvas::Anchor::End);
    }
    canvas.text(8, kTop + kMapHeight + 18, "partition", kText, kFont);

    for (size_t k = 0; k < shown.size(); ++k) {
        const size_t i = shown[k];
        const auto& a = plan.allocations[i];
        canvas.beginGroup("alloc-" + std::to_string(i), "allocation", a.name,
                          a.name + " " + a.dtype.str() + ", " + std::to_string(a.rowBytes()) +
                              " bytes per partition at " + std::to_string(a.offset.value_or(0)));
        for (const auto& r : a.rects) {
            canvas.rect(x(double(r.bytes.begin)), kTop + double(r.partitions.begin) * row,
                        double(r.bytes.size()) * scale, double(r.partitions.size()) * row, kColors[k % kColors.size()],
                        "#ffffff", 1);
        }
        canvas.endGroup();
    }
    // For PSUM the bank edges, over the tensors and under their names.
    if (psum) {
        for (int b = 0; b <= target.psumBanks; ++b) {
            const double bx = x(double(b) * target.psumBankBytes);
            canvas.line(bx, kTop, bx, kTop + kMapHeight, "#000000", 2, 0, 0, "bank");
            if (b < target.psumBanks)
                canvas.text(bx + target.psumBankBytes * scale / 2, kTop + kMapHeight + 18, "bank " + std::to_string(b),
                            kText, kFont, Canvas::Anchor::Middle);
        }
    } else {
        canvas.text(kLeft + kMapWidth / 2, kTop + kMapHeight + 18, "byte offset within a partition", kText, kFont,
                    Canvas::Anchor::Middle);
    }
    // The memory two tensors share, outlined red over the tensors and the
    // bank edges: a tensor over eight banks that meets another in one is
    // wrong in that one.
    for (const auto& o : plan.overlaps) {
        if (plan.allocations[o.later].scope != scope) continue;
        for (const auto& a : plan.allocations[o.earlier].rects) {
            for (const auto& b : plan.allocations[o.later].rects) {
                if (!a.partitions.meets(b.partitions) || !a.bytes.meets(b.bytes)) continue;
                const double left = x(double(std::max(a.bytes.begin, b.bytes.begin)));
                const double top = kTop + double(std::max(a.partitions.begin, b.partitions.begin)) * row;
                const double right = x(double(std::min(a.bytes.end, b.bytes.end)));
                const double bottom = kTop + double(std::min(a.partitions.end, b.partitions.end)) * row;
                canvas.rect(left, top, right - left, bottom - top, {}, kOverlap, 2, "overlap");
            }
        }
    }

    // Names after every rectangle, so a later tensor never covers an
    // earlier one's name (the PSUM accumulator under a user's tile).
    // Each on a plate of its tensor's colour, so it reads where another
    // tensor's rectangle lies over this one; a plate that would cover an
    // earlier one goes below it.
    std::vector<Box> plates;
    for (size_t k = 0; k < shown.size(); ++k) {
        const auto& a = plan.allocations[shown[k]];
        for (const auto& label : labelsOf(a, psum ? target.psumBankBytes : 0)) {
            const double width = double(label.bytes.size()) * scale;
            const double height = double(label.partitions.size()) * row;
            const double lines = label.slot.empty() ? 1 : 2;
            const double plateWidth = std::max(textWidth(a.name, kFont), textWidth(label.slot, kFont)) + 8;
            const double plateHeight = kFont * (0.3 + 1.2 * lines);
            if (width < plateWidth || height < plateHeight + 6) continue;
            const Box within{x(double(label.bytes.begin)), kTop + double(label.partitions.begin) * row, width, height};
            const auto plate = placePlate(plates, within, plateWidth, plateHeight);
            if (!plate) continue;
            const double cx = plate->x + plateWidth / 2;
            canvas.rect(plate->x, plate->y, plateWidth, plateHeight, kColors[k % kColors.size()], {}, 0);
            canvas.text(cx, plate->y + kFont * 1.1, a.name, kLabelColors[k % kColors.size()], kFont,
                        Canvas::Anchor::Middle);
            if (!label.slot.empty())
                canvas.text(cx, plate->y + kFont * 2.3, label.slot, kLabelColors[k % kColors.size()], kFont,
                            Canvas::Anchor::Middle);
        }
    }

    if (capacity <= last) {
        const double cx = x(capacity);
        canvas.line(cx, kTop - 8, cx, kTop + kMapHeight, kOverlap, 2, 6, 4, "capacity");
    }
    // Ticks a power of two of bytes apart, about eight across; for PSUM the
    // bank edges are the ticks.
    const double step = psum ? double(target.psumBankBytes) : std::exp2(std::ceil(std::log2(std::max(last / 8, 1.0))));
    for (double b = 0; b <= last; b += step) {
        canvas.line(x(b), kTop - 4, x(b), kTop, "#000000", 1);
        canvas.text(x(b), kTop - 8, bytesText(b), kText, kFont,
                    b == 0 ? Canvas::Anchor::Start : Canvas::Anchor::Middle);
    }
    if (capacity <= last) canvas.text(x(capacity) - 4, kTop + 16, "capacity", kOverlap, kFont, Canvas::Anchor::End);

    // Legend: a swatch and a name per tensor, a star for a pass's workspace,
    // and when one is shown, what the star means in the last cell.
    const double legendTop = kTop + kMapHeight + 34;
    const double column = kMapWidth / 6;
    const bool workspace =
        std::any_of(shown.begin(), shown.end(), [&](size_t i) { return plan.allocations[i].createdBy != "user"; });
    const size_t cells = 12 - (workspace ? 1 : 0);
    const size_t tensors = std::min(shown.size(), cells);
    const auto cellX = [&](size_t c) { return kLeft + double(c % 6) * column; };
    const auto cellY = [&](size_t c) { return legendTop + double(c / 6) * 22; };
    for (size_t k = 0; k < tensors; ++k) {
        const auto& a = plan.allocations[shown[k]];
        canvas.rect(cellX(k), cellY(k), 14, 14, kColors[k % kColors.size()],
                    overlapping[shown[k]] ? kOverlap : "#000000", 1);
        std::string label = a.name + (a.createdBy == "user" ? "" : " *");
        if (k + 1 == tensors && shown.size() > tensors) label = "... " + std::to_string(shown.size() - k) + " more";
        canvas.text(cellX(k) + 20, cellY(k) + 12, label, kText, kFont);
    }
    if (workspace) canvas.text(cellX(tensors), cellY(tensors) + 12, "* added by a pass", kText, kFont);
}

std::string memoryMapSvg(const MemoryPlan& plan, const Target& target, const std::string& scope)
{
    SvgCanvas canvas(kMemoryMapWidth, kMemoryMapHeight);
    drawMemoryMap(plan, target, scope, canvas);
    return canvas.svg();
}

bool writeMemoryMapPng(const MemoryPlan& plan, const Target& target, const std::string& scope, const std::string& path,
                       std::string* error)
{
    PngCanvas canvas(kMemoryMapWidth, kMemoryMapHeight);
    if (!canvas.hasFont()) std::fputs("tirx-cli: warning: no sans-serif font found; the PNG has no text\n", stderr);
    drawMemoryMap(plan, target, scope, canvas);
    return canvas.write(path, error);
}

} // namespace tirx::cli
