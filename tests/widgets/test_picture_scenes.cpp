// One picture per view: the memory map's and the layout's scenes are what
// every front end draws. The SVG writer and the explorer's painter are each checked against
// the scene they were given: the SVG's shapes parsed back, the painter's
// calls recorded by a paint engine of our own, and the painted pixels
// sampled inside the tensors' rectangles.

#include "layout/layoutgridview.h"
#include "memmap/memorymap.h"
#include "painting/scenepainter.h"

#include "ir/make.h"
#include "layout/layout_scene.h"
#include "memory/memory_scene.h"
#include "picture/svg_writer.h"
#include "script/parser.h"

#include <QPaintEngine>
#include <QPainter>
#include <QRegularExpression>
#include <QTextItem>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace tirx::picture;

namespace {

// SBUF: A [0, 2048) on 128 partitions, B [1024, 1088) on 64 (meets A), C
// [4096, 6144). PSUM: Acc banks 2..3 whole.
const char* const kSource = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((1024,), ty_args=[T.Tensor((64, 16), "float32", scope="trn.sbuf")])
    C = T.alloc_tensor((4096,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    Acc = T.alloc_tensor((2, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
)";

const tirx::Target& trn1() { return *tirx::findTarget("aws/trn1/trn1.2xlarge"); }

tirx::MemoryPlan makePlan()
{
    auto parsed = tirx::parseModule(kSource);
    return tirx::buildMemoryPlan(*parsed.module, trn1(), "input");
}

Scene sceneOf(const tirx::MemoryPlan& plan, const std::string& scope, const TextMeasure& measure)
{
    tirx::MemoryMapView view;
    view.scope = scope;
    view.width = 1000;
    view.height = 600;
    std::tie(view.firstByte, view.lastByte) =
        scope == "trn.sbuf" ? std::pair{0.0, 8192.0} : tirx::fittedByteWindow(&plan, trn1(), scope);
    view.highlighted = 1;
    return tirx::memoryMapScene(&plan, trn1(), view, measure);
}

// What a painter was asked to draw, call by call.
struct Recorded {
    enum class Kind { Fill, Stroke, Line, Text };
    Kind kind;
    QRectF box;
    QColor colour;
    QString text;
};

class RecordingEngine final : public QPaintEngine {
public:
    RecordingEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState& state) override
    {
        if (state.state() & DirtyPen) m_pen = state.pen();
        if (state.state() & DirtyBrush) m_brush = state.brush();
    }
    void drawRects(const QRectF* rects, int count) override
    {
        for (int i = 0; i < count; ++i) {
            if (m_brush.style() != Qt::NoBrush) calls.push_back({Recorded::Kind::Fill, rects[i], m_brush.color(), {}});
            if (m_pen.style() != Qt::NoPen) calls.push_back({Recorded::Kind::Stroke, rects[i], m_pen.color(), {}});
        }
    }
    void drawLines(const QLineF* lines, int count) override
    {
        for (int i = 0; i < count; ++i)
            calls.push_back({Recorded::Kind::Line, QRectF(lines[i].p1(), lines[i].p2()), m_pen.color(), {}});
    }
    void drawTextItem(const QPointF& at, const QTextItem& item) override
    {
        calls.push_back({Recorded::Kind::Text, QRectF(at, QSizeF()), m_pen.color(), item.text()});
    }
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawImage(const QRectF& target, const QImage& image, const QRectF&, Qt::ImageConversionFlags) override
    {
        images.push_back({target, image.size()});
    }
    [[nodiscard]] Type type() const override { return QPaintEngine::User; }

    std::vector<Recorded> calls;
    std::vector<std::pair<QRectF, QSize>> images; // where each went, and its size

private:
    QPen m_pen;
    QBrush m_brush;
};

class RecordingDevice final : public QPaintDevice {
public:
    [[nodiscard]] QPaintEngine* paintEngine() const override { return &m_engine; }
    [[nodiscard]] RecordingEngine& engine() const { return m_engine; }

protected:
    [[nodiscard]] int metric(PaintDeviceMetric m) const override
    {
        // 1000 x 600 at 96 dpi; the rest as any paint device says it.
        if (m == PdmWidth) return 1000;
        if (m == PdmHeight) return 600;
        if (m == PdmDpiX || m == PdmDpiY || m == PdmPhysicalDpiX || m == PdmPhysicalDpiY) return 96;
        if (m == PdmDepth) return 32;
        if (m == PdmDevicePixelRatio) return 1;
        if (m == PdmDevicePixelRatioScaled) return int(devicePixelRatioFScale());
        if (m == PdmWidthMM) return 265;
        if (m == PdmHeightMM) return 159;
        return QPaintDevice::metric(m);
    }

private:
    mutable RecordingEngine m_engine;
};

// What the scene asks for, in the recorder's terms.
std::vector<Recorded> expectedCalls(const Scene& scene)
{
    std::vector<Recorded> out;
    for (const auto& shape : scene.shapes) {
        if (const auto* r = std::get_if<RectShape>(&shape)) {
            const QRectF box(r->box.x, r->box.y, r->box.width, r->box.height);
            if (!r->fill.none()) out.push_back({Recorded::Kind::Fill, box, toQColor(r->fill), {}});
            if (r->strokeWidth > 0 && !r->stroke.none())
                out.push_back({Recorded::Kind::Stroke, box, toQColor(r->stroke), {}});
        } else if (const auto* l = std::get_if<LineShape>(&shape)) {
            out.push_back(
                {Recorded::Kind::Line, QRectF(QPointF(l->x1, l->y1), QPointF(l->x2, l->y2)), toQColor(l->colour), {}});
        } else if (const auto* t = std::get_if<TextShape>(&shape)) {
            out.push_back({Recorded::Kind::Text, {}, toQColor(t->colour), QString::fromStdString(t->text)});
        }
    }
    return out;
}

struct SvgRect {
    QRectF box;
    QString fill;
};

// The SVG's rectangles in document order, the background left out.
std::vector<SvgRect> svgRects(const QString& svg)
{
    static const QRegularExpression rect(
        uR"re(<rect(?: class="([^"]*)")? x="([-0-9.]+)" y="([-0-9.]+)" width="([-0-9.]+)" height="([-0-9.]+)" fill="([^"]*)")re"_s);
    std::vector<SvgRect> out;
    for (auto it = rect.globalMatch(svg); it.hasNext();) {
        const auto m = it.next();
        if (m.captured(1) == u"background"_s) continue;
        out.push_back({QRectF(m.captured(2).toDouble(), m.captured(3).toDouble(), m.captured(4).toDouble(),
                              m.captured(5).toDouble()),
                       m.captured(6)});
    }
    return out;
}

bool near(const QRectF& a, const QRectF& b)
{
    return std::abs(a.x() - b.x()) < 0.006 && std::abs(a.y() - b.y()) < 0.006 &&
           std::abs(a.width() - b.width()) < 0.011 && std::abs(a.height() - b.height()) < 0.011;
}

} // namespace

class TestPictureScenes : public QObject {
    Q_OBJECT

private slots:
    void svgIsTheScene()
    {
        const auto plan = makePlan();
        const QtTextMeasure measure(QFont{});
        for (const std::string scope : {"trn.sbuf", "trn.psum"}) {
            const Scene scene = sceneOf(plan, scope, measure);
            const QString svg = QString::fromStdString(sceneToSvg(scene));
            std::vector<const RectShape*> rects;
            size_t lines = 0;
            size_t texts = 0;
            for (const auto& shape : scene.shapes) {
                if (const auto* r = std::get_if<RectShape>(&shape)) rects.push_back(r);
                lines += std::holds_alternative<LineShape>(shape) ? 1 : 0;
                texts += std::holds_alternative<TextShape>(shape) ? 1 : 0;
            }
            const auto parsed = svgRects(svg);
            QCOMPARE(parsed.size(), rects.size());
            for (size_t i = 0; i < rects.size(); ++i) {
                const Box& b = rects[i]->box;
                QVERIFY2(near(parsed[i].box, QRectF(b.x, b.y, b.width, b.height)), qPrintable(u"rect %1"_s.arg(i)));
            }
            QCOMPARE(size_t(svg.count(u"<line "_s)), lines);
            QCOMPARE(size_t(svg.count(u"<text "_s)), texts);
            // The tensors are there, each in its colour, as ids the views hit-test.
            QVERIFY(scene.count("tensor") >= (scope == "trn.sbuf" ? 3u : 1u));
            QCOMPARE(scene.count("overlap"), scope == "trn.sbuf" ? size_t{1} : size_t{0});
        }
    }

    void painterDrawsTheScene()
    {
        // On a device that does not rasterise, every shape is one call.
        const auto plan = makePlan();
        QFont font;
        font.setPixelSize(13);
        const QtTextMeasure measure(font);
        for (const std::string scope : {"trn.sbuf", "trn.psum"}) {
            const Scene scene = sceneOf(plan, scope, measure);
            RecordingDevice device;
            {
                QPainter painter(&device);
                paintScene(painter, scene, measure);
            }
            auto calls = device.engine().calls;
            QVERIFY(!calls.empty());
            // The first call is the background.
            QCOMPARE(calls.front().kind, Recorded::Kind::Fill);
            QCOMPARE(calls.front().box, QRectF(0, 0, 1000, 600));
            calls.erase(calls.begin());
            const auto expected = expectedCalls(scene);
            QCOMPARE(calls.size(), expected.size());
            for (size_t i = 0; i < calls.size(); ++i) {
                QCOMPARE(calls[i].kind, expected[i].kind);
                QCOMPARE(calls[i].colour, expected[i].colour);
                if (calls[i].kind == Recorded::Kind::Text)
                    QCOMPARE(calls[i].text, expected[i].text);
                else
                    QVERIFY2(near(calls[i].box, expected[i].box), qPrintable(u"call %1"_s.arg(i)));
            }
            QVERIFY(device.engine().images.empty());
        }
    }

    void pixelsAreTheScenes()
    {
        // Into an image: a point 4 px inside each tensor's rectangle has the
        // colour of the topmost solid fill the scene has there.
        const auto plan = makePlan();
        QFont font;
        font.setPixelSize(13);
        const QtTextMeasure measure(font);
        int sampled = 0;
        for (const std::string scope : {"trn.sbuf", "trn.psum"}) {
            const Scene scene = sceneOf(plan, scope, measure);
            QImage image(1000, 600, QImage::Format_ARGB32);
            {
                QPainter painter(&image);
                paintScene(painter, scene, measure);
            }
            for (const auto& shape : scene.shapes) {
                const auto* r = std::get_if<RectShape>(&shape);
                if (!r || r->role != "tensor" || r->box.width < 10 || r->box.height < 10) continue;
                const double x = r->box.x + 4.5;
                const double y = r->box.y + 4.5;
                std::optional<Colour> top;
                bool hatched = false;
                for (const auto& other : scene.shapes) {
                    const auto* o = std::get_if<RectShape>(&other);
                    if (!o || o->fill.none() || !o->box.contains(x, y)) continue;
                    if (o->style == FillStyle::Hatch) {
                        hatched = true;
                        continue;
                    }
                    top = o->fill;
                    hatched = false;
                }
                if (hatched || !top) continue;
                QCOMPARE(image.pixelColor(int(x), int(y)), toQColor(*top));
                ++sampled;
            }
        }
        QVERIFY(sampled >= 3); // A and C in SBUF, Acc in PSUM
    }

    void repeatsAreDrawnOnceAndSmallerOnTop()
    {
        auto plan = makePlan();
        const tirx::PlannedAllocation c = plan.allocations[2];
        // C's line made again at C's place twice (a loop of a kernel's trace),
        // then once elsewhere: the copies fold into C, the moved one does not.
        plan.allocations.push_back(c);
        plan.allocations.push_back(c);
        auto moved = c;
        moved.rects.front().bytes = {6144, 8192};
        plan.allocations.push_back(moved);
        // A large tensor made after B, in B's bytes: B still lies on top.
        auto big = plan.allocations[0];
        big.name = "Big";
        big.definition.span.line += 40;
        plan.allocations.push_back(big);
        const auto shown = tirx::shownAllocations(plan, "trn.sbuf");
        QCOMPARE(shown.indices, (std::vector<size_t>{0, 1, 2, 6, 7}));
        QCOMPARE(shown.repeats, (std::vector<size_t>{1, 1, 3, 1, 1}));
        QCOMPARE(shown.shownFor(5), std::optional<size_t>{2});
        QCOMPARE(shown.repeatsOf(4), size_t{3});
        QCOMPARE(shown.shownFor(3), std::nullopt); // PSUM
        // Without a place, two allocations are not known to be one line's.
        auto unplaced = plan;
        unplaced.allocations[4].definition.span = {};
        QCOMPARE(tirx::shownAllocations(unplaced, "trn.sbuf").indices, (std::vector<size_t>{0, 1, 2, 4, 6, 7}));

        const QtTextMeasure measure(QFont{});
        const Scene scene = sceneOf(plan, "trn.sbuf", measure);
        std::vector<int64_t> drawn; // tensor ids in drawing order, once each
        std::vector<std::string> texts;
        for (const auto& shape : scene.shapes) {
            if (const auto* r = std::get_if<RectShape>(&shape); r && r->role == "tensor") {
                if (std::find(drawn.begin(), drawn.end(), r->id) == drawn.end()) drawn.push_back(r->id);
            } else if (const auto* t = std::get_if<TextShape>(&shape)) {
                texts.push_back(t->text);
            }
        }
        QCOMPARE(drawn, (std::vector<int64_t>{0, 2, 6, 7, 1}));
        QCOMPARE(std::count(texts.begin(), texts.end(), std::string("C \u00d73")), 2); // on the map and in the legend
        QCOMPARE(std::count(texts.begin(), texts.end(), std::string("C")), 2);         // the moved one
    }

    void layoutBothWays()
    {
        // A (64, 32) tensor as 32 partitions x 64 free: its scene has the
        // logical and the physical grid; the SVG writes each grid's rows as
        // runs, the painter blits each grid once, where the scene puts it.
        using tirx::Axis;
        auto built = tirx::LayoutGrid::build({64, 32},
                                             tirx::makeLayout({{tirx::intImm(2), tirx::intImm(32), Axis::F()},
                                                               {tirx::intImm(32), tirx::intImm(1), Axis::P()},
                                                               {tirx::intImm(32), tirx::intImm(1), Axis::F()}}),
                                             "trn.sbuf", tirx::DataType::float32());
        QVERIFY(built.ok());
        const auto shared = std::make_shared<const tirx::LayoutGrid>(std::move(*built.grid));
        const tirx::LayoutGrid& grid = *shared;
        const auto slice = tirx::defaultSlice(grid);
        tirx::LayoutSceneView view;
        view.width = 1000;
        view.height = 600;
        QFont font;
        font.setPixelSize(13);
        const QtTextMeasure measure(font);
        const Scene scene =
            tirx::layoutScene(&grid, slice, "T", tirx::layoutCells(grid, slice, view.by, view.paper), view, measure);
        std::vector<const CellGrid*> grids;
        size_t runs = 0;
        for (const auto& shape : scene.shapes) {
            const auto* g = std::get_if<CellGrid>(&shape);
            if (!g) continue;
            grids.push_back(g);
            for (int64_t r = 0; r < g->rows; ++r)
                for (int64_t c = 0; c < g->cols; ++c) runs += c == 0 || !(g->at(r, c) == g->at(r, c - 1)) ? 1 : 0;
        }
        QCOMPARE(grids.size(), size_t{2});
        const QString svg = QString::fromStdString(sceneToSvg(scene));
        QCOMPARE(size_t(svg.count(u"<g class=\"logical\">"_s) + svg.count(u"<g class=\"bank\">"_s)), grids.size());
        size_t rects = 0;
        for (const auto& shape : scene.shapes) rects += std::holds_alternative<RectShape>(shape) ? 1 : 0;
        QCOMPARE(svgRects(svg).size(), rects + runs);

        RecordingDevice device;
        {
            QPainter painter(&device);
            paintScene(painter, scene, measure);
        }
        const auto& images = device.engine().images;
        QCOMPARE(images.size(), grids.size());
        for (size_t i = 0; i < grids.size(); ++i) {
            const Box& b = grids[i]->box;
            QVERIFY(near(images[i].first, QRectF(b.x, b.y, b.width, b.height)));
            QCOMPARE(images[i].second, QSize(int(grids[i]->cols), int(grids[i]->rows)));
        }
        auto calls = device.engine().calls;
        calls.erase(calls.begin()); // the background
        QCOMPARE(calls.size(), expectedCalls(scene).size());

        // The widget hit-tests the same grids: the centre of logical cell
        // (40, 5) is element T[40, 5].
        LayoutGridView widget;
        widget.resize(1000, 600);
        widget.setGrid(shared, u"T"_s);
        widget.hover(widget.logicalCellCenter(40, 5));
        QCOMPARE(widget.hoveredElement(), slice.flatAt(40, 5));
    }

    void theWidgetPaintsTheScene()
    {
        // The widget's hit test is the scene's: B, drawn over A, is found
        // at its centre; its index is the id of the rectangle there.
        const auto plan = std::make_shared<const tirx::MemoryPlan>(makePlan());
        MemoryMap map(MemoryMap::Scope::Sbuf);
        map.resize(1000, 600);
        map.setPlan(plan, &trn1());
        map.setByteWindow(0, 8192);
        const QRectF b = map.pixelRect(plan->allocations[1].rects.front());
        QCOMPARE(map.allocationAt(b.center()), std::optional<size_t>{1});
        QImage image(map.size(), QImage::Format_ARGB32);
        map.render(&image);
        // Off the overlap's hatching, which lies on the pixels whose x + y is 7 past a multiple of 8.
        const int x = int(b.left()) + 3;
        int y = int(b.top()) + 6;
        if ((x + y) % 8 == 7) ++y;
        QCOMPARE(image.pixelColor(x, y), toQColor(tensorColour(1)));
    }
};

QTEST_MAIN(TestPictureScenes)
#include "test_picture_scenes.moc"
