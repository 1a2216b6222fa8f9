// MemoryMap's words: the tensors' names on the map and the legend under it.
#include "memmap/memorycolors.h"
#include "memmap/memorymap.h"

#include <QPainter>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

// Where name plates have been put, so that a plate that would cover an
// earlier one goes below it instead: two tensors sharing a PSUM bank, or a
// tile lying over a larger tensor, both keep their names.
class PlateLayout {
public:
    // A plate of `size` centred in `within`, moved down past the plates it
    // meets; none when it then no longer fits in `within`.
    std::optional<QRectF> place(const QRectF& within, QSizeF size)
    {
        QRectF plate(within.center() - QPointF(size.width(), size.height()) / 2, size);
        for (bool moved = true; moved;) {
            moved = false;
            for (const auto& other : m_plates) {
                if (!other.intersects(plate)) continue;
                plate.moveTop(other.bottom() + 1);
                moved = true;
            }
        }
        if (plate.bottom() > within.bottom()) return std::nullopt;
        m_plates.push_back(plate);
        return plate;
    }

private:
    std::vector<QRectF> m_plates;
};

} // namespace

std::vector<MemoryMap::Label> MemoryMap::labelsOf(size_t index) const
{
    const auto& a = m_plan->allocations[index];
    const QString name = QString::fromStdString(a.name);
    std::vector<Label> out;
    const bool perBank = m_scope == Scope::Psum && a.bank && a.banks > 1 && m_target.psumBankBytes > 0;
    for (const auto& r : a.rects) {
        if (!perBank) {
            out.push_back({r, name, {}});
            continue;
        }
        // A tensor over several banks holds one slot (its first index) in
        // each: name each bank's part, so the map says which accumulator
        // slot sits in which bank.
        const int64_t bankBytes = m_target.psumBankBytes;
        for (int64_t bank = r.bytes.begin / bankBytes; bank * bankBytes < r.bytes.end; ++bank) {
            const tirx::Interval bytes{std::max(r.bytes.begin, bank * bankBytes),
                                       std::min(r.bytes.end, (bank + 1) * bankBytes)};
            out.push_back({{r.partitions, bytes}, name, tr("slot %1").arg(bank - *a.bank)});
        }
    }
    return out;
}

void MemoryMap::paintNames(QPainter& p, const Frame& f) const
{
    if (!m_plan) return;
    // A name that does not fit (a PSUM bank is narrow) is tried a size
    // smaller before it is cut short.
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const QFontMetrics normalMetrics = fontMetrics();
    const QFontMetrics smallMetrics(small);
    PlateLayout layout;
    for (size_t k = 0; k < m_shown.size(); ++k) {
        for (const auto& label : labelsOf(m_shown[k])) {
            // Inside the rectangle's outline (and a PSUM bank's edge).
            const QRectF visible = pixelRectIn(f, label.rect).intersected(f.map).adjusted(2, 2, -2, -2);
            const int lines = label.slot.isEmpty() ? 1 : 2;
            // Most rectangles of a large kernel are too thin for any name:
            // measuring text only for the rest keeps a repaint quick.
            if (visible.width() <= 16 || visible.height() <= lines * normalMetrics.height()) continue;
            const bool smaller = normalMetrics.horizontalAdvance(label.name) + 2 > visible.width();
            const QFontMetrics& metrics = smaller ? smallMetrics : normalMetrics;
            // A name cut short still tells tensors apart; hovering gives it
            // whole. The plate's margin gives way first, down to a pixel a side.
            const QString name = metrics.elidedText(label.name, Qt::ElideRight, int(visible.width() - 2));
            if (name.size() < std::min<qsizetype>(label.name.size(), 4)) continue;
            const double text = std::max(metrics.horizontalAdvance(name), metrics.horizontalAdvance(label.slot));
            if (visible.width() < text + 2) continue;
            const double width = std::min(text + 8, visible.width());
            const auto plate = layout.place(visible, QSizeF(width, lines * metrics.height() + 2));
            if (!plate) continue;
            // On a plate of the tensor's own colour, so it reads even where
            // another tensor's rectangle lies over this one.
            p.fillRect(*plate, tensorColor(k));
            p.setPen(labelColorOn(tensorColor(k)));
            p.setFont(smaller ? small : font());
            p.drawText(*plate, Qt::AlignCenter, label.slot.isEmpty() ? name : name + u'\n' + label.slot);
        }
    }
    p.setFont(font());
}

void MemoryMap::paintLegend(QPainter& p, const Frame& f) const
{
    if (!m_plan || m_shown.empty()) return;
    const size_t columns = size_t(legendColumns());
    const double column = f.legend.width() / double(columns);
    const auto cell = [&](size_t c) {
        return QPointF(f.legend.left() + double(c % columns) * column,
                       f.legend.top() + 2 + double(c / columns) * kLegendRow);
    };
    // The last cell says what the star means when a workspace is shown.
    const size_t cells = kLegendRows * columns - (m_showsWorkspace ? 1 : 0);
    const size_t tensors = std::min(m_shown.size(), cells);
    p.setPen(palette().color(QPalette::Text));
    for (size_t k = 0; k < tensors; ++k) {
        const auto& a = m_plan->allocations[m_shown[k]];
        const QPointF at = cell(k);
        const QRectF swatch(at.x(), at.y() + 3, 14, 14);
        p.fillRect(swatch, tensorColor(k));
        if (overlaps(m_shown[k])) p.fillRect(swatch, QBrush(overlapColor(), Qt::BDiagPattern));
        QString label = QString::fromStdString(a.name);
        if (starred(a)) label += u" *"_s;
        if (k + 1 == tensors && m_shown.size() > tensors) label = tr("… %1 more").arg(m_shown.size() - tensors + 1);
        p.drawText(QRectF(at.x() + 18, at.y(), column - 22, kLegendRow), Qt::AlignVCenter | Qt::AlignLeft,
                   fontMetrics().elidedText(label, Qt::ElideRight, int(column - 22)));
    }
    if (!m_showsWorkspace) return;
    // Nothing lies to the right of the last cell: the note may run on.
    const QPointF at = cell(tensors);
    const double width = f.legend.right() - at.x();
    p.drawText(
        QRectF(at.x(), at.y(), width, kLegendRow), Qt::AlignVCenter | Qt::AlignLeft,
        fontMetrics().elidedText(fromKernelTrace() ? tr("* modelled placement (no address=)") : tr("* added by a pass"),
                                 Qt::ElideRight, int(width)));
}
