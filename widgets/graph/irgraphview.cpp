#include "graph/irgraphview.h"

#include "editor/editorcolors.h"
#include "export/pictureexport.h"

#include <QCoreApplication>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QMouseEvent>
#include <QPainterPath>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <unordered_set>

using namespace Qt::StringLiterals;

namespace {

constexpr int kSpanLine = 0; // item data keys
constexpr int kSpanColumn = 1;
constexpr int kNest = 2; // a folded nest's node or an opened nest's box

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

void tagSpan(QGraphicsItem* item, const tirx::Span& span)
{
    item->setData(kSpanLine, static_cast<int>(span.line));
    item->setData(kSpanColumn, static_cast<int>(span.column));
}

} // namespace

IrGraphView::IrGraphView(QWidget* parent) : QGraphicsView(parent), m_note(new QLabel(this))
{
    setScene(new QGraphicsScene(this));
    setDragMode(QGraphicsView::ScrollHandDrag);
    setRenderHint(QPainter::Antialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    m_note->setContentsMargins(6, 2, 6, 2);
    m_note->setWordWrap(false);
    m_note->hide();
}

IrGraphView::~IrGraphView()
{
    // The worker posts its result to this view; it must not outlive it.
    m_running.waitForFinished();
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

void IrGraphView::clear()
{
    m_waiting.reset();
    ++m_generation; // what is under way is not shown
    m_module.reset();
    m_graph = {};
    m_layout.reset();
    m_diagnostics.clear();
    rebuildScene();
    updateNote();
}

void IrGraphView::request(Request next)
{
    m_module = next.module;
    m_waiting = std::move(next);
    if (!m_inFlight) startNext();
    updateNote();
}

void IrGraphView::startNext()
{
    if (!m_waiting) return;
    Request r = std::move(*m_waiting);
    m_waiting.reset();
    m_inFlight = true;
    m_running = QtConcurrent::run([this, generation = m_generation, r = std::move(r)] {
        auto laid = std::make_shared<Laid>();
        laid->graph = r.graph ? *r.graph : tirx::buildIrGraph(*r.module, r.options);
        laid->result = tirx::Graphviz::layout(tirx::irGraphToDot(laid->graph));
        QMetaObject::invokeMethod(
            this, [this, generation, laid] { present(generation, laid); }, Qt::QueuedConnection);
    });
}

void IrGraphView::present(quint64 generation, const std::shared_ptr<Laid>& laid)
{
    m_inFlight = false;
    if (generation != m_generation || m_waiting) {
        // Cleared or overtaken while it ran: only the newest request is drawn.
        startNext();
        updateNote();
        return;
    }
    m_graph = std::move(laid->graph);
    m_layout = std::move(laid->result.layout);
    m_diagnostics = std::move(laid->result.diagnostics);
    rebuildScene();
    updateNote();
    if (!m_userZoomed) fit();
    emit layoutReady();
}

void IrGraphView::waitForLayout()
{
    while (m_inFlight) {
        m_running.waitForFinished();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    }
}

QString IrGraphView::note() const
{
    QString text;
    const int nests = m_graph.foldedNests;
    const int instructions = m_graph.foldedInstructions;
    if (nests > 0)
        text = (nests == 1 ? tr("1 tensorized nest drawn as one node")
                           : tr("%1 tensorized nests drawn as one node each").arg(nests)) +
               (instructions == 1 ? tr(" (1 instruction inside)") : tr(" (%1 instructions inside)").arg(instructions)) +
               tr("; double-click a nest to open it");
    if (m_graph.splitTensors > 0)
        text += (text.isEmpty() ? QString() : u"; "_s) +
                tr("tensors with more than %1 uses are drawn, dashed, beside each use")
                    .arg(tirx::IrGraphOptions{}.maxTensorEdges);
    if (isLayingOut()) text += (text.isEmpty() ? QString() : u"  \u2022  "_s) + tr("laying out\u2026");
    return text;
}

void IrGraphView::updateNote()
{
    const QString text = note();
    m_note->setText(text);
    m_note->setVisible(!text.isEmpty());
    const int height = text.isEmpty() ? 0 : m_note->sizeHint().height();
    setViewportMargins(0, height, 0, 0);
    m_note->setGeometry(frameWidth(), frameWidth(), width() - 2 * frameWidth(), height);
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
    QFont font = this->font();
    font.setPointSizeF(8);

    for (const auto& c : m_layout->clusters) {
        const int k = indexOf(c.name, "cluster_");
        auto* rect =
            s->addRect(c.x, c.y, c.width, c.height, QPen(mixColors(scheme.paper, text, 0.35), 0.8), clusterFill);
        rect->setZValue(-1);
        auto* label = s->addSimpleText(QString::fromStdString(c.label), font);
        label->setBrush(mixColors(scheme.paper, text, 0.75));
        label->setPos(c.x + 6, c.y + 3);
        if (k >= 0 && k < static_cast<int>(m_graph.clusters.size())) {
            const auto& cluster = m_graph.clusters[static_cast<size_t>(k)];
            tagSpan(rect, cluster.span);
            rect->setToolTip(QString::fromStdString(cluster.label));
            if (cluster.nest >= 0) rect->setData(kNest, cluster.nest);
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
            if (node.kind == tirx::IrGraph::NodeKind::Nest) {
                // A folded nest is drawn as a small stack: several things in one card.
                QPainterPath behind;
                behind.addRoundedRect(n.x + 3, n.y - 3, n.width, n.height, 6, 6);
                s->addPath(behind, QPen(text, 0.8), mixColors(instrFill, text, 0.12))->setZValue(-0.5);
            }
            shape = s->addPath(path, QPen(text, 0.8), instrFill);
        }
        tagSpan(shape, node.span);
        if (node.nest >= 0) shape->setData(kNest, node.nest);
        shape->setToolTip(QString::fromStdString(node.detail));
        shape->setCursor(Qt::PointingHandCursor);
        auto* label = new QGraphicsSimpleTextItem(QString::fromStdString(node.label), shape);
        label->setFont(font);
        label->setBrush(text);
        const QRectF b = label->boundingRect();
        label->setPos(n.x + (n.width - b.width()) / 2, n.y + (n.height - b.height()) / 2);
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
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    if (zoom() > 1.5) setTransform(QTransform::fromScale(1.5, 1.5));
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

int IrGraphView::nestAt(QPoint pos) const
{
    for (QGraphicsItem* item : items(pos)) {
        QGraphicsItem* tagged = item->data(kNest).isValid() ? item : item->parentItem();
        if (tagged && tagged->data(kNest).isValid()) return tagged->data(kNest).toInt();
    }
    return -1;
}

void IrGraphView::mouseDoubleClickEvent(QMouseEvent* event)
{
    const int nest = nestAt(event->position().toPoint());
    if (nest < 0) return QGraphicsView::mouseDoubleClickEvent(event);
    toggleNest(nest);
    event->accept();
}

void IrGraphView::changeEvent(QEvent* event)
{
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) rebuildScene();
}
