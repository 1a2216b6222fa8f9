// The layout view, its tensor model and the playground: hovering a cell in
// one grid finds the element in the other; the playground marks a bad
// layout at its column.
#include "layout/layoutgridview.h"
#include "layout/layoutplayground.h"
#include "layout/layoutview.h"
#include "layout/tensorlistmodel.h"

#include "editor/editorcolors.h"
#include "ir/make.h"
#include "layout/layout_palette.h"
#include "script/parser.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLineEdit>
#include <QPainter>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const char* kModule = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F


@T.function
def main(G: T.Tensor((512, 512), "float32")):
    T.device_entry()
    A = T.alloc_tensor((12, 16), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 6, 4, 2, 2):(1 @ F, 1 @ P, 12 @ F, 6 @ P, 48 @ F)]))
    Acc = T.alloc_tensor((512, 256), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 2, 128, 2, 128):(1 @ Bank, 256 @ F, 1 @ P, 128 @ F, 1 @ F)]))
)";

// Two tensors called A: a global parameter of the host function (line 8)
// and an SBUF tensor of the kernel (line 13).
const char* kTwoNamedA = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F


@T.ir_module
class Module:
    @T.function
    def host(A: T.Tensor((512, 512), "float32")):
        A[0, 0] = T.float32(0)

    @T.function
    def kernel():
        A = T.alloc_tensor((12, 16), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(2, 6, 4, 2, 2):(1 @ F, 1 @ P, 12 @ F, 6 @ P, 48 @ F)]))
        A[0, 0] = T.float32(0)
)";

tirx::ModuleRef module(const char* source = kModule)
{
    auto parsed = tirx::parseModule(source);
    if (!parsed.ok()) qFatal("%s", tirx::formatDiagnostics(parsed.diagnostics, "m", source).c_str());
    return parsed.module;
}

std::vector<int64_t> shownShape(const LayoutView& view)
{
    return view.gridView()->grid() ? view.gridView()->grid()->shape() : std::vector<int64_t>{};
}

} // namespace

class TestLayoutView : public QObject {
    Q_OBJECT

private slots:
    void tensorModel()
    {
        TensorListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto m = module();
        model.setModule(m);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.data(model.index(1)).toString(), u"A"_s);
        QCOMPARE(model.data(model.index(1), TensorListModel::kTypeRole).toString(), u"(12, 16) float32 trn.sbuf"_s);
        QCOMPARE(model.rowOf(u"Acc"_s), 2);
        QCOMPARE(model.rowOf(u"nope"_s), -1);
        model.setModule(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // The first tensor with a Trainium layout is chosen; the caret's word picks another.
    void followsTensorChoice()
    {
        LayoutView view;
        view.resize(900, 500);
        view.setModule(module(), u"input"_s);
        QCOMPARE(view.tensor(), u"A"_s);
        QVERIFY(view.gridView()->grid());
        QVERIFY(view.showTensor(u"Acc"_s));
        QCOMPARE(view.tensor(), u"Acc"_s);
        QCOMPARE(view.gridView()->grid()->gridShape()[0], int64_t{2});
        QVERIFY(!view.showTensor(u"Missing"_s));
        QCOMPARE(view.tensor(), u"Acc"_s);
        // A new module keeps the choice by name.
        view.setModule(module(), u"TrnNaiveAllocator"_s);
        QCOMPARE(view.tensor(), u"Acc"_s);
        QCOMPARE(view.title(), u"Layout of Acc after TrnNaiveAllocator"_s);
    }

    // The chosen tensor is followed by its definition, not its name: a new
    // module (the next pass, or the source lowered again) must not swap the
    // kernel's A for the host's global A.
    void followsTheSameTensorAcrossPasses()
    {
        LayoutView view;
        view.resize(900, 500);
        view.setModule(module(kTwoNamedA), u"input"_s);
        const std::vector<int64_t> kernelA{12, 16};
        const std::vector<int64_t> hostA{512, 512};
        QCOMPARE(view.tensor(), u"A"_s);
        QCOMPARE(shownShape(view), kernelA); // the first with a Trainium layout
        view.setModule(module(kTwoNamedA), u"TrnNaiveAllocator"_s);
        QCOMPARE(shownShape(view), kernelA);
        // The caret picks the A of the function it is in.
        QVERIFY(view.showTensor(u"A"_s, 9));
        QCOMPARE(shownShape(view), hostA);
        view.setModule(module(kTwoNamedA), u"LowerTrainiumLayout"_s);
        QCOMPARE(shownShape(view), hostA);
        QVERIFY(view.showTensor(u"A"_s, 14));
        QCOMPARE(shownShape(view), kernelA);
        QVERIFY(view.showTensor(u"A"_s)); // no line: the first of the name
        QCOMPARE(shownShape(view), hostA);
        // The chooser tells them apart.
        const auto* model = view.tensorModel();
        QCOMPARE(model->data(model->index(0)).toString(), u"A, def host line 8"_s);
        QCOMPARE(model->data(model->index(1)).toString(), u"A, def kernel line 13"_s);
    }

    // Chapter 02 §9.8: A[7, 13] sits at partition 1, free 85, in both directions.
    void hoverBothWays()
    {
        LayoutView view;
        view.resize(1000, 600);
        view.show();
        view.setModule(module(), u"input"_s);
        LayoutGridView* grid = view.gridView();
        grid->hover(grid->logicalCellCenter(7, 13));
        QCOMPARE(grid->hoveredElement(), int64_t{7 * 16 + 13});
        QCOMPARE(grid->hoverText(), u"A[7, 13] \u2192 partition 1, free 85 (byte 340)"_s);
        grid->hover(grid->physicalCellCenter({0, 1, 85}));
        QCOMPARE(grid->hoveredElement(), int64_t{7 * 16 + 13});
        // Partition 0, free 2 is a gap in this layout (chapter 02 §9.8 leaves F 2..11 of P 0 empty).
        grid->hover(grid->physicalCellCenter({0, 0, 2}));
        QCOMPARE(grid->hoveredElement(), int64_t{-1});
        QVERIFY(grid->hoverText().endsWith(u": no element"_s));
    }

    // Partition 0 and partition 127 are far apart in colour (the hue wheel
    // this replaced brought the last back to the first), while a neighbour
    // in the same group of eight is near; the next group is a step darker.
    void paletteDoesNotWrap()
    {
        auto distance = [](tirx::ColorKey a, tirx::ColorKey b, bool dark) {
            const tirx::Rgb x = tirx::layoutPaletteColor(a, dark);
            const tirx::Rgb y = tirx::layoutPaletteColor(b, dark);
            return std::hypot(double(x.r) - y.r, double(x.g) - y.g, double(x.b) - y.b);
        };
        for (bool dark : {false, true}) {
            const double far = dark ? 40 : 60; // the dark variant has less room between black and grey
            QVERIFY(distance({0, 128}, {127, 128}, dark) > far);
            QVERIFY(distance({0, 128}, {64, 128}, dark) > far);
            QVERIFY(distance({64, 128}, {127, 128}, dark) > far);
            for (int64_t k = 0; k + 1 < 128; ++k) {
                if ((k + 1) % 8 == 0) continue; // a group's step
                QVERIFY(distance({k, 128}, {k + 1, 128}, dark) < 10);
            }
            QVERIFY(distance({7, 128}, {8, 128}, dark) > 15);
        }
    }

    // Both pictures give an element the same colour: partition 8's in the
    // logical cell of A[40, 5] and in its physical cell (partition 8, free
    // 37); free offset 37's when coloured by free offset. Cells of 6 to 8
    // pixels carry neither borders nor labels to sample by mistake.
    void picturesAgree()
    {
        using tirx::Axis;
        LayoutGridView view;
        view.resize(800, 500);
        auto built = tirx::LayoutGrid::build({64, 32},
                                             tirx::makeLayout({{tirx::intImm(2), tirx::intImm(32), Axis::F()},
                                                               {tirx::intImm(32), tirx::intImm(1), Axis::P()},
                                                               {tirx::intImm(32), tirx::intImm(1), Axis::F()}}),
                                             "trn.sbuf", tirx::DataType::float32());
        QVERIFY(built.ok());
        view.setGrid(std::make_shared<const tirx::LayoutGrid>(std::move(*built.grid)), u"T"_s);
        const bool dark = EditorColors::isDark(view.palette());
        auto pixels = [&](tirx::ColorKey key) {
            QImage image(view.size(), QImage::Format_RGB32);
            QPainter painter(&image);
            view.paintPicture(painter, view.size());
            painter.end();
            const tirx::Rgb c = tirx::layoutPaletteColor(key, dark);
            const QColor want(c.r, c.g, c.b);
            QCOMPARE(image.pixelColor(view.logicalCellCenter(40, 5)), want);
            QCOMPARE(image.pixelColor(view.physicalCellCenter({0, 8, 37})), want);
        };
        pixels({8, 32});
        view.setColorBy(tirx::LayoutColorBy::Free);
        pixels({37, 64});
    }

    // A (128, 1) column is a strip 32 px wide, not a hairline of 2 px
    // square cells, in both panels.
    void columnsAreDrawnThick()
    {
        using tirx::Axis;
        LayoutGridView view;
        view.resize(900, 520);
        auto built = tirx::LayoutGrid::build({128, 1},
                                             tirx::makeLayout({{tirx::intImm(128), tirx::intImm(1), Axis::P()},
                                                               {tirx::intImm(1), tirx::intImm(1), Axis::F()}}),
                                             "trn.sbuf", tirx::DataType::float32());
        QVERIFY(built.ok());
        view.setGrid(std::make_shared<const tirx::LayoutGrid>(std::move(*built.grid)), u"neg_max"_s);
        const int left = view.logicalCellCenter(0, 0).x() - 12; // from the panel's margin
        QVERIFY2(left >= 15, qPrintable(QString::number(left)));
        QCOMPARE(view.physicalCellCenter({0, 0, 0}).x() - view.physicalCellCenter({0, 5, 0}).x(), 0);
        QVERIFY(view.logicalCellCenter(1, 0).y() - view.logicalCellCenter(0, 0).y() <= 3);
        QCOMPARE(view.logicalCaption(view.size()), u"logical index (128 x 1)"_s);
    }

    // A 3-D tensor's caption says the rows and columns it is drawn as, and
    // where the whole wording does not fit, a shorter one is chosen rather
    // than cut off.
    void captionFitsBesideThePhysicalPanels()
    {
        using tirx::Axis;
        LayoutGridView view;
        auto built = tirx::LayoutGrid::build({2, 128, 512},
                                             tirx::makeLayout({{tirx::intImm(2), tirx::intImm(1), Axis::bank()},
                                                               {tirx::intImm(128), tirx::intImm(1), Axis::P()},
                                                               {tirx::intImm(512), tirx::intImm(1), Axis::F()}}),
                                             "trn.psum", tirx::DataType::float32());
        QVERIFY(built.ok());
        view.setGrid(std::make_shared<const tirx::LayoutGrid>(std::move(*built.grid)), u"acc"_s);
        QCOMPARE(view.logicalCaption(QSize(1400, 600)), u"logical index (2 x 128 x 512) as 256 x 512"_s);
        const QString narrow = view.logicalCaption(QSize(420, 600)); // which wording depends on the font
        QVERIFY2(!narrow.startsWith(u"logical index"_s) && narrow.endsWith(u"(2 x 128 x 512) as 256 x 512"_s),
                 qPrintable(narrow));
        QVERIFY(view.logicalCaption(QSize(200, 600)).endsWith(u"\u2026"_s));
    }

    void hoverPsumBank()
    {
        LayoutView view;
        view.resize(1000, 700);
        view.show();
        view.setModule(module(), u"input"_s);
        QVERIFY(view.showTensor(u"Acc"_s));
        LayoutGridView* grid = view.gridView();
        grid->hover(grid->physicalCellCenter({1, 44, 200}));
        QCOMPARE(grid->hoverText(), u"Acc[300, 200] \u2192 bank 1, partition 44, free 200 (byte 800)"_s);
    }

    void exportsPngAndSvg()
    {
        LayoutView view;
        view.resize(800, 500);
        view.show();
        view.setModule(module(), u"input"_s);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(view.exportTo(dir.filePath(u"a.png"_s), &error), qPrintable(error));
        QCOMPARE(QImage(dir.filePath(u"a.png"_s)).size(), view.gridView()->size());
        QVERIFY2(view.exportTo(dir.filePath(u"a.svg"_s), &error), qPrintable(error));
        QFile svg(dir.filePath(u"a.svg"_s));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
    }

    void playgroundMarksTheColumn()
    {
        LayoutPlayground playground;
        QVERIFY(playground.gridView()->grid());
        QVERIFY(playground.message().isEmpty());
        const QString bad = u"T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ Q)])"_s;
        playground.layoutEdit()->setText(bad);
        QVERIFY(!playground.diagnostics().empty());
        QCOMPARE(playground.diagnostics().front().diagnostic.span.column, static_cast<uint32_t>(bad.indexOf(u'Q') + 1));
        QVERIFY(playground.message().contains(u"layout, column %1"_s.arg(bad.indexOf(u'Q') + 1)));
        QCOMPARE(playground.layoutEdit()->cursorPosition(), bad.indexOf(u'Q'));
        // The last good picture stays while the input is bad.
        QVERIFY(playground.gridView()->grid());
        playground.layoutEdit()->setText(u"T.TileLayout(T.S[(128, 256):(1 @ P, 1 @ F)])"_s);
        QVERIFY(
            playground.message().contains(u"the layout covers 32768 elements but the shape (128, 512) has 65536"_s));
        playground.layoutEdit()->setText(u"T.TileLayout(T.S[(4, 128, 128):(128 @ F, 1 @ P, 1 @ F)])"_s);
        QVERIFY(playground.message().isEmpty());
        QCOMPARE(playground.gridView()->grid()->physicalShape()[2], int64_t{512});
    }
};

QTEST_MAIN(TestLayoutView)
#include "test_layoutview.moc"
