// The memory panel beyond the maps: the lifetime chart drawn where
// LifetimeChart puts its bars, the bump allocator and the what-if side by
// side on one scale; the memory changes between the pass shown and the one
// before it, under QAbstractItemModelTester; each picture exported as PNG
// and SVG at the view's size.

#include "../compiler/memory_kernels.h"

#include "memmap/lifetimechartview.h"
#include "memmap/memorychangemodel.h"
#include "memmap/memorycolors.h"
#include "memmap/memorypanel.h"

#include "script/parser.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const tirx::Target& trn1() { return *tirx::findTarget("aws/trn1/trn1.2xlarge"); }

tirx::Trace traceOf(const char* source, std::vector<std::string> passes)
{
    auto parsed = tirx::parseModule(source);
    tirx::PipelineOptions options;
    options.passes = std::move(passes);
    options.context.target = &trn1();
    tirx::Trace trace = tirx::runPipeline(parsed.module, options);
    trace.targetTag = trn1().tag;
    return trace;
}

// What the window hands the panel: the plans of entry `entry` and `base`,
// placed for trn1.
void showEntry(MemoryPanel& panel, const tirx::Trace& trace, size_t entry, size_t base)
{
    const auto planOf = [&](size_t i) {
        const auto& e = *trace.entries[i];
        return std::make_shared<const tirx::MemoryPlan>(tirx::buildMemoryPlan(*e.module, trn1(), e.passName));
    };
    const auto plan = planOf(entry);
    panel.setPlans(plan, base == entry ? plan : planOf(base), &trn1());
    panel.showPlans();
}

QColor pixelAt(const QImage& image, QPointF at) { return image.pixelColor(at.toPoint()); }

} // namespace

class TestMemoryPanel : public QObject {
    Q_OBJECT

private slots:
    void lifetimeBarsSitWhereTheChartSays()
    {
        auto parsed = tirx::parseModule(kLifetimeKernel);
        QVERIFY(parsed.ok());
        auto plan = std::make_shared<const tirx::MemoryPlan>(tirx::buildMemoryPlan(*parsed.module, trn1(), "input"));
        LifetimeChartView view;
        view.resize(1000, 700);
        view.setPlan(plan, &trn1());
        QCOMPARE(view.charts().size(), size_t{2});
        const QRectF bump = view.bumpPanel(0);
        const QRectF whatIf = view.whatIfPanel(0);
        // Side by side, one height, one scale of bytes.
        QVERIFY(!whatIf.isEmpty());
        QVERIFY(whatIf.left() > bump.right());
        QCOMPARE(whatIf.top(), bump.top());
        QCOMPARE(whatIf.height(), bump.height());
        QCOMPARE(view.pointIn(bump, 0, 5, 192).y(), view.pointIn(whatIf, 0, 5, 192).y());
        // Program orders 5..10 across, 0..256 bytes up.
        QCOMPARE(view.pointIn(bump, 0, 5, 0), bump.bottomLeft());
        QCOMPARE(view.pointIn(bump, 0, 10, 256), bump.topRight());
        // PSUM has no what-if panel.
        QVERIFY(view.whatIfPanel(1).isEmpty());

        QImage image(view.size(), QImage::Format_ARGB32);
        view.render(&image);
        // D: [192, 256) over [9, 10) for the bump allocator, [0, 64) for the
        // what-if; B: [64, 128) over [6, 9). Each in its colour, the fourth
        // and second of the palette. Sampled near a corner, off the name.
        const auto inside = [&](const QRectF& panel, double order, double bytes) {
            return view.pointIn(panel, 0, order, bytes) + QPointF(3, -3);
        };
        QCOMPARE(pixelAt(image, inside(bump, 9, 192)), tensorColor(3));
        QCOMPARE(pixelAt(image, inside(whatIf, 9, 0)), tensorColor(3));
        QCOMPARE(pixelAt(image, inside(bump, 6, 64)), tensorColor(1));
        // Where the bump allocator keeps D the what-if has nothing.
        QVERIFY(pixelAt(image, inside(whatIf, 9, 192)) != tensorColor(3));
    }

    void changesFollowTheSteppedPass()
    {
        const tirx::Trace trace = traceOf(kActivationKernel, {"TrnPrivateTensorAlloc", "TrnNaiveAllocator"});
        QVERIFY(!trace.failed());
        QCOMPARE(trace.entries.size(), size_t{3});
        MemoryPanel panel;
        QAbstractItemModelTester tester(panel.changeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto rows = [&] {
            QStringList out;
            const auto* model = panel.changeModel();
            for (int r = 0; r < model->rowCount(); ++r)
                out << model->index(r, MemoryChangeModel::Change).data().toString() + u" | "_s +
                           model->index(r, MemoryChangeModel::Detail).data().toString();
            return out;
        };
        showEntry(panel, trace, 1, 0);
        QCOMPARE(rows(), (QStringList{u"added | const_bias: added by TrnPrivateTensorAlloc for "
                                      "T.trn.tile.activation at 8:5 (2048 bytes per partition)"_s}));
        QVERIFY(panel.changesTitle().contains(u"input → TrnPrivateTensorAlloc"_s));
        showEntry(panel, trace, 2, 1);
        QCOMPARE(rows(), (QStringList{u"placed | const_bias: unplaced -> 0"_s, u"placed | A: unplaced -> 2048"_s}));
        QVERIFY(panel.changesTitle().contains(u"TrnPrivateTensorAlloc → TrnNaiveAllocator"_s));
        // The first pass against itself: nothing to compare.
        showEntry(panel, trace, 0, 0);
        QCOMPARE(panel.changeModel()->rowCount(), 0);
        QVERIFY(panel.changesTitle().contains(u"first pass"_s));
        panel.clear();
        QCOMPARE(panel.changeModel()->rowCount(), 0);
    }

    void picturesExportAsPngAndSvg()
    {
        const tirx::Trace trace = traceOf(kLifetimeKernel, {});
        MemoryPanel panel;
        panel.resize(1000, 700);
        panel.show();
        showEntry(panel, trace, 0, 0);
        QTemporaryDir dir;
        for (auto tab : {MemoryPanel::Tab::Sbuf, MemoryPanel::Tab::Psum, MemoryPanel::Tab::Lifetimes}) {
            panel.showTab(tab);
            QCoreApplication::processEvents();
            const QWidget* view = tab == MemoryPanel::Tab::Sbuf   ? static_cast<QWidget*>(panel.sbufMap())
                                  : tab == MemoryPanel::Tab::Psum ? static_cast<QWidget*>(panel.psumMap())
                                                                  : panel.lifetimes();
            QString error;
            const QString png = dir.filePath(u"view%1.png"_s.arg(int(tab)));
            QVERIFY2(panel.exportPicture(tab, png, &error), qPrintable(error));
            const QImage image(png);
            QCOMPARE(image.size(), view->size());
            const QString svg = dir.filePath(u"view%1.svg"_s.arg(int(tab)));
            QVERIFY2(panel.exportPicture(tab, svg, &error), qPrintable(error));
            QFile file(svg);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray text = file.readAll();
            QVERIFY(text.contains("<svg"));
            const QByteArray viewBox =
                "viewBox=\"0 0 " + QByteArray::number(view->width()) + ' ' + QByteArray::number(view->height()) + '"';
            QVERIFY2(text.contains(viewBox), viewBox.constData());
        }
        // The SBUF map's picture shows A where the map draws it.
        const QImage sbuf(dir.filePath(u"view0.png"_s));
        const QRectF a = panel.sbufMap()->pixelRect(panel.plan()->allocations[0].rects.front());
        QCOMPARE(sbuf.pixelColor((a.topLeft() + QPointF(4, 4)).toPoint()), tensorColor(0));
        QString error;
        QVERIFY(!panel.exportPicture(MemoryPanel::Tab::Allocations, dir.filePath(u"table.png"_s), &error));
        QVERIFY(!error.isEmpty());
    }
};

QTEST_MAIN(TestMemoryPanel)
#include "test_memorypanel.moc"
