#include "graph/irgraphview.h"

#include "jobs/jobtracker.h"

#include "editor/editorcolors.h"
#include "export/pictureexport.h"

#include <QCoreApplication>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QMouseEvent>
#include <QPainterPath>
#include <QWheelEvent>

#include <cmath>
#include <unordered_set>

using namespace Qt::StringLiterals;

namespace {

constexpr int kSpanLine = 0; // item data keys
constexpr int kSpanColumn = 1;
constexpr int kNest = 2; // a folded nest's node or an opened nest's box
constexpr int kRun = 3;  // a folded run's node or an opened run's box

// fit() shows the whole graph up to this zoom, and below the zoom at
// which 8 pt labels are still read, the top of it as wide as the view.
constexpr double kMaxFitZoom = 1.5;
constexpr double kReadableZoom = 0.8;

// Room around a node's label, in points: Graphviz's own margins.
constexpr double kLabelPadX = 14;
constexpr double kLabelPadY = 8;
constexpr double kClusterLabelPad = 4; // a box's label from its top left corner

uint64_t edgeKey(int from, int to)
{
    return (static_cast<uint64_t>(static_cast<uint32_t>(from)) << 32) | static_cast<uint32_t>(to);
}

// "n12" -> 12, "cluster_3" -> 3; -1 for anything else.
int indexOf(const std::string& name, const char* prefix)
{
    const std::string p(prefix);
    if (name.rfind(p, 0) != 0) return -1;
    try {
        return std::stoi(name.substr(p.size()));
    } catch (const std::exception&) {
        return -1;
    }
}

QPainterPath splinePath(const std::vector<tirx::GraphLayout::Point>& pts)
{
    QPainterPath path;
    if (pts.empty()) return path;
    path.moveTo(pts[0].x, pts[0].y);
    for (size_t i = 1; i + 2 < pts.size(); i += 3)
        path.cubicTo(pts[i].x, pts[i].y, pts[i + 1].x, pts[i + 1].y, pts[i + 2].x, pts[i + 2].y);
    return path;
}

// Sizes every node and box label from its text in the font the scene
// draws it in, so that no label overruns its box whatever the platform's
// fonts are.
void sizeNodes(tirx::IrGraph& g, const QFont& font)
{
    const QFontMetricsF metrics(font);
    for (auto& n : g.nodes) {
        if (n.width > 0 && n.height > 0) continue;
        const QSizeF text = metrics.size(0, QString::fromStdString(n.label));
        n.width = std::ceil(text.width() + 2 * kLabelPadX);
        n.height = std::ceil(text.height() + 2 * kLabelPadY);
    }
    for (auto& c : g.clusters) {
        if (c.labelWidth > 0 && c.labelHeight > 0) continue;
        c.labelWidth = std::ceil(metrics.horizontalAdvance(QString::fromStdString(c.label)) + 2 * kClusterLabelPad);
        c.labelHeight = std::ceil(metrics.height() + kClusterLabelPad);
    }
}

void tagSpan(QGraphicsItem* item, const tirx::Span& span)
{
    item->setData(kSpanLine, static_cast<int>(span.line));
    item->setData(kSpanColumn, static_cast<int>(span.column));
}

} // namespace

IrGraphView::IrGraphView(QWidget* parent)
    : QGraphicsView(parent), m_layouts(new JobTracker(this)), m_note(new QLabel(this))
{
    setScene(new QGraphicsScene(this));
    setDragMode(QGraphicsView::ScrollHandDrag);
    setRenderHint(QPainter::Antialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    m_note->setContentsMargins(6, 2, 6, 2);
    m_note->setWordWrap(true);
    m_note->hide();
}

IrGraphView::~IrGraphView()
{
    // The layout under way is dropped; Graphviz finishes it before the view goes.
    m_layouts->cancel();
    m_layouts->waitForFinished();
}

void IrGraphView::setModule(tirx::ModuleRef module)
{
    m_options = {};
    request({std::move(module), {}, std::nullopt});
}

void IrGraphView::setGraph(tirx::IrGraph graph) { request({nullptr, {}, std::move(graph)}); }

void IrGraphView::toggleNest(int nest)
{
    if (!m_module) return;
    if (!m_options.openNests.erase(nest)) m_options.openNests.insert(nest);
    request({m_module, m_options, std::nullopt});
}

void IrGraphView::toggleRun(int run)
{
    if (!m_module) return;
    if (!m_options.openRuns.erase(run)) m_options.openRuns.insert(run);
    request({m_module, m_options, std::nullopt});
}

QFont IrGraphView::sceneFont() const
{
    QFont f = font();
    f.setPointSizeF(8);
    return f;
}

void IrGraphView::clear()
{
    m_layouts->cancel(); // what is under way is not shown
    m_module.reset();
    m_graph = {};
    m_layout.reset();
    m_diagnostics.clear();
    rebuildScene();
    updateNote();
}

bool IrGraphView::isLayingOut() const { return m_layouts->isRunning(); }

void IrGraphView::request(Request next)
{
    m_module = next.module;
    m_layouts->start(
        [r = std::move(next), font = sceneFont()](const JobTracker::Control&) {
            auto laid = std::make_shared<Laid>();
            laid->graph = r.graph ? *r.graph : tirx::buildIrGraph(*r.module, r.options);
            sizeNodes(laid->graph, font);
            laid->result = tirx::Graphviz::layout(tirx::irGraphToDot(laid->graph));
            return laid;
        },
        [this](const std::shared_ptr<Laid>& laid) { present(laid); });
    updateNote();
}

void IrGraphView::present(const std::shared_ptr<Laid>& laid)
{
    m_graph = std::move(laid->graph);
    m_layout = std::move(laid->result.layout);
    m_diagnostics = std::move(laid->result.diagnostics);
    rebuildScene();
    updateNote();
    if (!m_userZoomed) fit();
    emit layoutReady();
}

void IrGraphView::waitForLayout() { m_layouts->waitForFinished(); }

QString IrGraphView::note() const
{
    QString text;
    if (m_graph.foldedRuns > 0)
        text = tr("%1 instructions in %2 runs drawn as one node each; double-click a run to open it")
                   .arg(m_graph.runInstructions)
                   .arg(m_graph.foldedRuns);
    auto add = [&text](const QString& more) { text += (text.isEmpty() ? QString() : u"; "_s) + more; };
    const int nests = m_graph.foldedNests;
    const int instructions = m_graph.foldedInstructions;
    if (nests > 0)
        add((nests == 1 ? tr("1 tensorized nest drawn as one node")
                        : tr("%1 tensorized nests drawn as one node each").arg(nests)) +
            (instructions == 1 ? tr(" (1 instruction inside)") : tr(" (%1 instructions inside)").arg(instructions)) +
            tr("; double-click a nest to open it"));
    if (m_graph.splitTensors > 0)
        add(tr("tensors with more than %1 uses are drawn, dashed, beside each use")
                .arg(tirx::IrGraphOptions{}.maxTensorEdges));
    if (isLayingOut()) text += (text.isEmpty() ? QString() : u"  \u2022  "_s) + tr("laying out\u2026");
    return text;
}

void IrGraphView::updateNote()
{
    const QString text = note();
    m_note->setText(text);
    m_note->setVisible(!text.isEmpty());
    const int noteWidth = width() - 2 * frameWidth();
    const int height = text.isEmpty() ? 0 : m_note->heightForWidth(noteWidth);
    setViewportMargins(0, height, 0, 0);
    m_note->setGeometry(frameWidth(), frameWidth(), noteWidth, height);
}

void IrGraphView::rebuildScene()
{
    QGraphicsScene* s = scene();
    s->clear();
    m_centers.assign(m_graph.nodes.size(), QPointF());
    const EditorColors& scheme = EditorColors::forPalette(palette());
    const QColor text = scheme.styles[0];
    s->setBackgroundBrush(scheme.paper);
    if (!m_layout) {
        QString message;
        for (const auto& d : m_diagnostics) message += QString::fromStdString(d.message) + u'\n';
        auto* item = s->addText(message.isEmpty() ? tr("No graph") : message);
        item->setDefaultTextColor(message.isEmpty() ? text : scheme.errorText);
        return;
    }
    const QColor clusterFill = mixColors(scheme.paper, scheme.styles[TirxLexer::Keyword], 0.06);
    const QColor tensorFill = mixColors(scheme.paper, scheme.styles[TirxLexer::String], 0.18);
    const QColor instrFill = mixColors(scheme.paper, scheme.styles[TirxLexer::Keyword], 0.16);
    const QColor edgeColor = mixColors(scheme.paper, text, 0.6);
    const QFont font = sceneFont();
    const QFontMetricsF metrics(font);

    for (const auto& c : m_layout->clusters) {
        const int k = indexOf(c.name, "cluster_");
        auto* rect =
            s->addRect(c.x, c.y, c.width, c.height, QPen(mixColors(scheme.paper, text, 0.35), 0.8), clusterFill);
        rect->setZValue(-1);
        const bool known = k >= 0 && k < static_cast<int>(m_graph.clusters.size());
        // The graph's own text: a measured label reached Graphviz as an
        // empty table of its size. Should a box still be narrower (a graph
        // given as it is), the label is cut short rather than overrun it.
        const std::string& name = known ? m_graph.clusters[static_cast<size_t>(k)].label : c.label;
        const QString caption =
            metrics.elidedText(QString::fromStdString(name), Qt::ElideRight, c.width - 2 * kClusterLabelPad);
        auto* label = s->addSimpleText(caption, font);
        label->setBrush(mixColors(scheme.paper, text, 0.75));
        label->setPos(c.x + kClusterLabelPad, c.y + kClusterLabelPad);
        if (known) {
            const auto& cluster = m_graph.clusters[static_cast<size_t>(k)];
            tagSpan(rect, cluster.span);
            rect->setToolTip(QString::fromStdString(cluster.label));
            if (cluster.nest >= 0) rect->setData(kNest, cluster.nest);
            if (cluster.run >= 0) rect->setData(kRun, cluster.run);
        }
    }
    std::unordered_set<uint64_t> writes;
    for (const auto& g : m_graph.edges) {
        if (g.kind == tirx::IrGraph::EdgeKind::Write) writes.insert(edgeKey(g.from, g.to));
    }
    for (const auto& e : m_layout->edges) {
        const bool write = writes.count(edgeKey(indexOf(e.from, "n"), indexOf(e.to, "n"))) > 0;
        const QPen pen(edgeColor, write ? 2.0 : 1.0);
        s->addPath(splinePath(e.spline), pen);
        if (e.arrowHead && !e.spline.empty()) {
            const QPointF tip(e.arrowHead->x, e.arrowHead->y);
            const QPointF base(e.spline.back().x, e.spline.back().y);
            const QPointF d = tip - base;
            const double len = std::hypot(d.x(), d.y());
            if (len > 0) {
                const QPointF n(-d.y() / len * 3.5, d.x() / len * 3.5);
                s->addPolygon(QPolygonF({tip, base + n, base - n}), QPen(edgeColor, 0.5), edgeColor);
            }
        }
    }
    for (const auto& n : m_layout->nodes) {
        const int i = indexOf(n.name, "n");
        if (i < 0 || i >= static_cast<int>(m_graph.nodes.size())) continue;
        const auto& node = m_graph.nodes[static_cast<size_t>(i)];
        const bool tensor = node.kind == tirx::IrGraph::NodeKind::Tensor;
        QGraphicsItem* shape = nullptr;
        if (tensor) {
            // A busy tensor's copy beside one of its uses is dashed.
            shape = s->addRect(n.x, n.y, n.width, n.height,
                               QPen(text, 0.8, node.copyOf >= 0 ? Qt::DashLine : Qt::SolidLine), tensorFill);
        } else {
            QPainterPath path;
            path.addRoundedRect(n.x, n.y, n.width, n.height, 6, 6);
            // A folded nest is drawn as a small stack, several things in one
            // card; a folded run, a stack of nests, as a taller one.
            const int behind = node.kind == tirx::IrGraph::NodeKind::Nest  ? 1
                               : node.kind == tirx::IrGraph::NodeKind::Run ? 2
                                                                           : 0;
            for (int k = behind; k >= 1; --k) {
                QPainterPath card;
                card.addRoundedRect(n.x + 3 * k, n.y - 3 * k, n.width, n.height, 6, 6);
                s->addPath(card, QPen(text, 0.8), mixColors(instrFill, text, 0.12 * k))->setZValue(-0.5);
            }
            shape = s->addPath(path, QPen(text, 0.8), instrFill);
        }
        tagSpan(shape, node.span);
        if (node.nest >= 0) shape->setData(kNest, node.nest);
        if (node.run >= 0) shape->setData(kRun, node.run);
        shape->setToolTip(QString::fromStdString(node.detail));
        shape->setCursor(Qt::PointingHandCursor);
        // One item per line, each centred, as Graphviz centres them.
        const QStringList lines = QString::fromStdString(node.label).split(u'\n');
        double y = n.y + (n.height - metrics.lineSpacing() * static_cast<double>(lines.size())) / 2;
        for (const QString& line : lines) {
            auto* label = new QGraphicsSimpleTextItem(line, shape);
            label->setFont(font);
            label->setBrush(text);
            label->setPos(n.x + (n.width - label->boundingRect().width()) / 2, y);
            y += metrics.lineSpacing();
        }
        m_centers[static_cast<size_t>(i)] = QPointF(n.x + n.width / 2, n.y + n.height / 2);
    }
    s->setSceneRect(-10, -10, m_layout->width + 20, m_layout->height + 20);
}

QPointF IrGraphView::nodeCenter(int node) const
{
    return node >= 0 && node < static_cast<int>(m_centers.size()) ? m_centers[static_cast<size_t>(node)] : QPointF();
}

void IrGraphView::zoomBy(double factor)
{
    const double next = std::clamp(zoom() * factor, 0.05, 8.0);
    scale(next / zoom(), next / zoom());
}

void IrGraphView::fit()
{
    const QRectF rect = scene()->sceneRect();
    fitInView(rect, Qt::KeepAspectRatio);
    if (zoom() > kMaxFitZoom) setTransform(QTransform::fromScale(kMaxFitZoom, kMaxFitZoom));
    if (zoom() >= kReadableZoom || rect.isEmpty()) return;
    // Too tall to read whole: as wide as the view (at most the labels' own
    // size), from the top, the rest a scroll away.
    const double wide = std::clamp(viewport()->width() / rect.width(), zoom(), 1.0);
    setTransform(QTransform::fromScale(wide, wide));
    centerOn(rect.center().x(), rect.top() + viewport()->height() / (2 * wide));
}

void IrGraphView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    updateNote();
    if (!m_userZoomed) fit();
}

bool IrGraphView::exportTo(const QString& path, QString* error)
{
    const QRectF rect = scene()->sceneRect();
    return exportPicture(
        path, rect.size().toSize(),
        [this, rect](QPainter& p) { scene()->render(&p, QRectF(QPointF(0, 0), rect.size()), rect); }, error);
}

void IrGraphView::wheelEvent(QWheelEvent* event)
{
    m_userZoomed = true;
    zoomBy(std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void IrGraphView::mousePressEvent(QMouseEvent* event)
{
    for (QGraphicsItem* item : items(event->position().toPoint())) {
        QGraphicsItem* tagged = item->data(kSpanLine).isValid() ? item : item->parentItem();
        if (!tagged || !tagged->data(kSpanLine).isValid()) continue;
        const int line = tagged->data(kSpanLine).toInt();
        if (line <= 0) continue;
        emit sourceSpanActivated(
            tirx::Span{static_cast<uint32_t>(line), static_cast<uint32_t>(tagged->data(kSpanColumn).toInt()), 0, 0});
        break;
    }
    QGraphicsView::mousePressEvent(event);
}

std::pair<int, int> IrGraphView::foldableAt(QPoint pos) const
{
    for (QGraphicsItem* item : items(pos)) {
        for (QGraphicsItem* tagged : {item, item->parentItem()}) {
            if (!tagged) continue;
            if (tagged->data(kNest).isValid()) return {kNest, tagged->data(kNest).toInt()};
            if (tagged->data(kRun).isValid()) return {kRun, tagged->data(kRun).toInt()};
        }
    }
    return {-1, -1};
}

void IrGraphView::mouseDoubleClickEvent(QMouseEvent* event)
{
    const auto [key, number] = foldableAt(event->position().toPoint());
    if (key < 0) return QGraphicsView::mouseDoubleClickEvent(event);
    if (key == kNest) toggleNest(number);
    if (key == kRun) toggleRun(number);
    event->accept();
}

void IrGraphView::changeEvent(QEvent* event)
{
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) rebuildScene();
}
