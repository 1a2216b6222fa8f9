#include "layout/layoutgridview.h"

#include "editor/editorcolors.h"
#include "painting/scenepainter.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

using namespace Qt::StringLiterals;
using tirx::PhysicalCoord;

LayoutGridView::LayoutGridView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumSize(320, 200);
    m_dark = EditorColors::isDark(palette());
}

LayoutGridView::~LayoutGridView() = default;

void LayoutGridView::setGrid(std::shared_ptr<const tirx::LayoutGrid> grid, const QString& tensor)
{
    m_tensor = tensor;
    m_hovered = -1;
    m_hoveredGap.reset();
    m_scene.reset();
    if (grid && grid == m_grid) return update();
    m_grid = std::move(grid);
    m_slice = m_grid ? tirx::defaultSlice(*m_grid) : tirx::LayoutSlice{};
    rebuildCells();
}

void LayoutGridView::setSlice(const tirx::LayoutSlice& slice)
{
    m_slice = slice;
    rebuildCells();
}

void LayoutGridView::setColorBy(tirx::LayoutColorBy by)
{
    m_by = by;
    rebuildCells();
}

void LayoutGridView::clear() { setGrid(nullptr, {}); }

tirx::LayoutPaper LayoutGridView::paper() const
{
    const EditorColors& scheme = m_dark ? EditorColors::dark() : EditorColors::light();
    const auto rgb = [](const QColor& c) { return tirx::Rgb{uint8_t(c.red()), uint8_t(c.green()), uint8_t(c.blue())}; };
    return {rgb(scheme.paper), rgb(scheme.styles[0]), rgb(scheme.marginText), m_dark};
}

void LayoutGridView::rebuildCells()
{
    m_cells = m_grid ? tirx::layoutCells(*m_grid, m_slice, m_by, paper()) : tirx::LayoutCells{};
    m_scene.reset();
    update();
}

QFont LayoutGridView::captionFont() const
{
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() - 1.5));
    return small;
}

const QtTextMeasure& LayoutGridView::measure() const
{
    if (!m_measure) m_measure = std::make_unique<QtTextMeasure>(font());
    return *m_measure;
}

tirx::LayoutSceneView LayoutGridView::view(QSize size) const
{
    tirx::LayoutSceneView v;
    v.width = size.width();
    v.height = size.height();
    v.by = m_by;
    v.paper = paper();
    v.fontSize = QFontInfo(font()).pixelSize();
    v.captionSize = QFontInfo(captionFont()).pixelSize();
    v.hovered = m_hovered;
    v.hoveredGap = m_hoveredGap;
    return v;
}

tirx::picture::Scene LayoutGridView::sceneFor(QSize size) const
{
    return tirx::layoutScene(m_grid.get(), m_slice, m_tensor.toStdString(), m_cells, view(size), measure());
}

const tirx::picture::Scene& LayoutGridView::scene() const
{
    if (!m_scene || m_scene->width != width() || m_scene->height != height()) m_scene = sceneFor(size());
    return *m_scene;
}

QString LayoutGridView::logicalCaption(QSize size) const
{
    if (!m_grid) return {};
    return QString::fromStdString(tirx::layoutLogicalCaption(*m_grid, m_slice, view(size), measure()));
}

void LayoutGridView::paintPicture(QPainter& painter, QSize size) const
{
    if (size == this->size())
        paintScene(painter, scene(), measure());
    else
        paintScene(painter, sceneFor(size), measure());
}

void LayoutGridView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paintPicture(painter, size());
}

QString LayoutGridView::hoverText() const
{
    if (!m_grid) return {};
    const auto& g = *m_grid;
    auto where = [&](const PhysicalCoord& c) -> QString {
        QString s = g.isPsum() ? tr("bank %1, ").arg(c.bank) : QString();
        return s + tr("partition %1, free %2 (byte %3)").arg(c.partition).arg(c.free).arg(g.byteOf(c));
    };
    if (m_hoveredGap) return where(*m_hoveredGap) + tr(": no element");
    if (m_hovered < 0) return {};
    QStringList index;
    for (auto v : g.logicalIndex(m_hovered)) index << QString::number(v);
    QString out = m_tensor + u"["_s + index.join(u", "_s) + u"] \u2192 "_s + where(g.coordOf(m_hovered));
    for (int64_t k = 1; k < g.copies(); ++k) out += tr("; copy %1 at ").arg(k) + where(g.coordOf(m_hovered, k));
    return out;
}

void LayoutGridView::setHovered(int64_t flat)
{
    m_hovered = flat;
    m_scene.reset();
    update();
    emit hoverChanged(hoverText());
}

void LayoutGridView::hover(QPoint pos)
{
    m_hoveredGap.reset();
    if (!m_grid) return setHovered(-1);
    // The cell under the pointer is the scene's: id 0 the logical panel,
    // 1 + b bank b.
    const auto cell = scene().cellAt(pos.x(), pos.y());
    if (!cell) return setHovered(-1);
    if (cell->id == 0) return setHovered(m_slice.flatAt(cell->row, cell->col));
    const PhysicalCoord c{cell->id - 1, cell->row, cell->col};
    const int64_t flat = m_grid->elementAt(c);
    if (flat < 0) m_hoveredGap = c;
    setHovered(flat);
}

QPoint LayoutGridView::logicalCellCenter(int64_t row, int64_t col) const
{
    const auto frame = tirx::layoutFrame(*m_grid, m_slice, width(), height());
    return QPointF(frame.logical.x + (double(col) + 0.5) * frame.lx, frame.logical.y + (double(row) + 0.5) * frame.ly)
        .toPoint();
}

QPoint LayoutGridView::physicalCellCenter(const PhysicalCoord& c) const
{
    const auto frame = tirx::layoutFrame(*m_grid, m_slice, width(), height());
    const auto& bank = frame.banks.at(size_t(c.bank));
    return QPointF(bank.x + (double(c.free) + 0.5) * frame.px, bank.y + (double(c.partition) + 0.5) * frame.py)
        .toPoint();
}

void LayoutGridView::mouseMoveEvent(QMouseEvent* event) { hover(event->position().toPoint()); }

void LayoutGridView::leaveEvent(QEvent*)
{
    m_hoveredGap.reset();
    setHovered(-1);
}

void LayoutGridView::resizeEvent(QResizeEvent*) { update(); }

void LayoutGridView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_measure.reset();
        m_scene.reset();
        update();
    }
    if (event->type() != QEvent::PaletteChange) return;
    m_dark = EditorColors::isDark(palette());
    rebuildCells();
}
