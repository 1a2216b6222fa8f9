// The window with a hand-written NKI kernel open (spec 08): the arguments
// bar, the trust banner, the links between the kernel's lines and its
// tensors, the program selector, and the TIRx docks that do not apply. The
// kernels are tests/nki/gui's, copied to a temporary folder per test so the
// launch files written and the folders trusted stay there.

#include "apptest.h"
#include "mainwindow.h"
#include "nkikernel/argumentsbar.h"
#include "nkikernel/kernelsession.h"
#include "nkikernel/trustedfolders.h"
#include "session/workbenchsession.h"

#include "editor/codeeditor.h"
#include "memmap/memorymap.h"
#include "memmap/memorypanel.h"
#include "passes/passstepper.h"
#include "problems/problemsmodel.h"
#include "problems/problemsview.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFrame>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QString kernelSource(const QString& name) { return QStringLiteral(TIRX_SOURCE_DIR "/tests/nki/gui/") + name; }

// Copies the kernel (and its launch file, when it has one) into `dir`.
QString copyKernel(const QTemporaryDir& dir, const QString& name)
{
    const QString target = dir.filePath(name);
    QFile::copy(kernelSource(name), target);
    const QString launch = QString(name).replace(u".py"_s, u".launch.json"_s);
    if (QFile::exists(kernelSource(launch))) QFile::copy(kernelSource(launch), dir.filePath(launch));
    return target;
}

// The 1-based line of the first line of `path` containing `text`.
int lineOf(const QString& path, const QString& text)
{
    const QStringList lines = QString::fromUtf8(apptest::readBytes(path)).split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].contains(text)) return i + 1;
    }
    return 0;
}

int allocationNamed(const tirx::MemoryPlan& plan, const std::string& name)
{
    for (size_t i = 0; i < plan.allocations.size(); ++i) {
        if (plan.allocations[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

std::vector<std::string> names(const tirx::MemoryPlan& plan, const std::vector<size_t>& indices)
{
    std::vector<std::string> out;
    for (size_t i : indices) out.push_back(plan.allocations[i].name);
    std::sort(out.begin(), out.end());
    return out;
}

// A kernel of tests/nki/gui copied into a temporary folder that is
// trusted, open in a window of its own.
struct OpenKernel {
    explicit OpenKernel(const QString& name) : path(copyKernel(dir, name))
    {
        trustedfolders::trust(dir.path());
        loaded = window.loadFile(path, &error);
    }
    QTemporaryDir dir;
    QString path;
    MainWindow window;
    QString error;
    bool loaded = false;
};

} // namespace

class TestNkiKernel : public QObject {
    Q_OBJECT

private slots:
    void init() { apptest::useTestSettings(); }

    void theArgumentsBarFillsFromTheSignatureAndWritesTheLaunchFile()
    {
        QTemporaryDir dir;
        const QString path = copyKernel(dir, u"addressed_add.py"_s);
        trustedfolders::trust(dir.path());
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(path, &error), qPrintable(error));
        QVERIFY(window.isKernelOpen());
        QCOMPARE(window.editor()->language(), CodeEditor::Language::Python);
        ArgumentsBar* bar = window.argumentsBar();
        QVERIFY(bar->isVisibleTo(&window));
        QCOMPARE(bar->entryBox()->currentText(), u"addressed_add"_s);
        // The tensors without a default, at the shape a kernel author starts from.
        QVERIFY(bar->shapeEdit(u"x"_s));
        QVERIFY(bar->shapeEdit(u"y"_s));
        QVERIFY(!bar->shapeEdit(u"scale"_s));
        QCOMPARE(bar->shapeEdit(u"x"_s)->text(), u"128x512"_s);
        QCOMPARE(bar->dtypeBox(u"y"_s)->currentText(), u"float32"_s);
        // Opening writes nothing into the user's folder.
        const QString launchFile = dir.filePath(u"addressed_add.launch.json"_s);
        QVERIFY(!QFile::exists(launchFile));
        QVERIFY(window.kernelSession()->trace().has_value());

        bar->dtypeBox(u"y"_s)->setCurrentText(u"bfloat16"_s);
        bar->gridEdit()->setText(u"2"_s);
        emit bar->gridEdit()->editingFinished();
        window.kernelSession()->waitForIdle();
        QVERIFY(QFile::exists(launchFile));
        const QJsonObject launch = QJsonDocument::fromJson(apptest::readBytes(launchFile)).object();
        QCOMPARE(launch[u"entry"_s].toString(), u"addressed_add"_s);
        const QJsonArray args = launch[u"args"_s].toArray();
        QCOMPARE(args.size(), 2);
        QCOMPARE(args[1].toObject()[u"name"_s].toString(), u"y"_s);
        QCOMPARE(args[1].toObject()[u"dtype"_s].toString(), u"bfloat16"_s);
        QCOMPARE(args[0].toObject()[u"shape"_s].toArray(), QJsonArray({128, 512}));
        QCOMPARE(launch[u"grid"_s].toArray(), QJsonArray({2}));
        // The run follows the bar: two program instances now.
        QCOMPARE(window.kernelSession()->plans().size(), size_t{2});

        // Opened again, the kernel takes the launch file over its signature.
        MainWindow again;
        QVERIFY(again.loadFile(path, &error));
        QVERIFY(again.kernelSession()->hasLaunchFile());
        QCOMPARE(again.argumentsBar()->dtypeBox(u"y"_s)->currentText(), u"bfloat16"_s);
        QCOMPARE(again.argumentsBar()->gridEdit()->text(), u"2"_s);
    }

    void theFirstRunFromAFolderWaitsForTrust()
    {
        QTemporaryDir dir;
        const QString path = copyKernel(dir, u"addressed_add.py"_s);
        MainWindow window;
        QString error;
        QVERIFY(window.loadFile(path, &error));
        QVERIFY(window.trustBanner()->isVisibleTo(&window));
        QVERIFY(!window.kernelSession()->isRunning());
        QVERIFY(!window.kernelSession()->trace().has_value());
        QVERIFY(window.session()->memoryPlans().empty());
        // An edit does not run it either.
        window.editor()->append(u"\n# edited\n"_s);
        QTest::qWait(window.kernelSession()->debounceMs() + 50);
        QVERIFY(!window.kernelSession()->isRunning());
        QVERIFY(!window.kernelSession()->trace().has_value());

        QTest::mouseClick(window.trustButton(), Qt::LeftButton);
        window.kernelSession()->waitForIdle();
        QVERIFY(window.kernelSession()->trace().has_value());
        QVERIFY(!window.session()->memoryPlans().empty());
        QVERIFY(!window.trustBanner()->isVisibleTo(&window));
        QVERIFY(trustedfolders::isTrusted(dir.path()));

        // Remembered: the next window runs the folder's kernels at once.
        MainWindow again;
        QVERIFY(again.loadFile(path, &error));
        QVERIFY(!again.trustBanner()->isVisibleTo(&again));
        QVERIFY(again.kernelSession()->trace().has_value());
    }

    void aTensorAndItsSourceLineSelectEachOther()
    {
        OpenKernel k(u"addressed_add.py"_s);
        QVERIFY2(k.loaded, qPrintable(k.error));
        MainWindow& window = k.window;
        const QString& path = k.path;
        window.resize(1280, 800);
        window.show();
        QVERIFY(window.prepareScreenshot({}, u"sbuf"_s).isEmpty());
        QCoreApplication::processEvents();
        MemoryMap* map = window.memoryPanel()->sbufMap();
        QVERIFY(map->plan());
        const tirx::MemoryPlan& plan = *map->plan();
        const int y = allocationNamed(plan, "y_tile");
        QVERIFY(y >= 0);
        QCOMPARE(plan.allocations[static_cast<size_t>(y)].offset, std::optional<int64_t>(4096));

        // A click on y_tile's rectangle puts the caret on the line that made it.
        const QPoint at = map->pixelRect(plan.allocations[static_cast<size_t>(y)].rects.front()).center().toPoint();
        QTest::mouseClick(map, Qt::LeftButton, {}, at);
        int line = 0, column = 0;
        window.editor()->getCursorPosition(&line, &column);
        QCOMPARE(line + 1, lineOf(path, u"y_tile = nl.ndarray"_s));

        // The caret on the add marks the three tiles it reads and writes.
        const int add = lineOf(path, u"nisa.tensor_tensor"_s);
        window.editor()->setCursorPosition(add - 1, 4);
        // Scintilla reports a caret move when it next updates its view.
        QTRY_VERIFY(!window.memoryPanel()->highlightedAllocations().empty());
        const auto marked = window.memoryPanel()->highlightedAllocations();
        QCOMPARE(names(plan, marked), (std::vector<std::string>{"x_tile", "y_tile"}));
        QCOMPARE(map->highlighted(), marked);
        QCOMPARE(window.memoryPanel()->table()->selectionModel()->selectedRows().size(), 2);
        // A line with no tensor marks none.
        window.editor()->setCursorPosition(0, 0);
        QTRY_VERIFY(window.memoryPanel()->highlightedAllocations().empty());
    }

    void anEditRunsAgainAndItsErrorIsAProblemAtItsLine()
    {
        OpenKernel k(u"addressed_add.py"_s);
        QVERIFY2(k.loaded, qPrintable(k.error));
        MainWindow& window = k.window;
        const QString& path = k.path;
        window.kernelSession()->setDebounceMs(0);
        const int line = lineOf(path, u"nisa.dma_copy(dst=out"_s);
        QString text = window.editor()->text();
        text.replace(u"    nisa.dma_copy(dst=out"_s, u"    raise ValueError('stop here')\n    nisa.dma_copy(dst=out"_s);
        window.editor()->setText(text);
        window.kernelSession()->waitForIdle();
        const auto& found = window.kernelSession()->diagnostics();
        const auto it = std::find_if(found.begin(), found.end(), [](const tirx::Diagnostic& d) {
            return d.message.find("stop here") != std::string::npos;
        });
        QVERIFY(it != found.end());
        QCOMPARE(static_cast<int>(it->span.line), line);
        QVERIFY(window.problems()->model()->rowCount() >= 1);
        // The file on disk is untouched; the edit ran from a private copy.
        QVERIFY(!QString::fromUtf8(apptest::readBytes(path)).contains(u"stop here"_s));
    }

    void anEditedSignatureRebuildsTheTensorFields()
    {
        OpenKernel k(u"addressed_add.py"_s);
        QVERIFY2(k.loaded, qPrintable(k.error));
        MainWindow& window = k.window;
        window.kernelSession()->setDebounceMs(0);
        ArgumentsBar* bar = window.argumentsBar();
        bar->dtypeBox(u"y"_s)->setCurrentText(u"bfloat16"_s);
        emit bar->gridEdit()->editingFinished();
        window.kernelSession()->waitForIdle();
        // A new tensor parameter before `scale`; `x` goes.
        QString text = window.editor()->text();
        text.replace(u"def addressed_add(x, y, scale=1.0):"_s, u"def addressed_add(y, bias, scale=1.0):\n    x = y"_s);
        window.editor()->setText(text);
        window.kernelSession()->waitForIdle();
        QVERIFY(!bar->shapeEdit(u"x"_s));
        QVERIFY(bar->shapeEdit(u"bias"_s));
        QCOMPARE(bar->shapeEdit(u"bias"_s)->text(), u"128x512"_s);
        // What the user set for a parameter that stayed is kept.
        QCOMPARE(bar->dtypeBox(u"y"_s)->currentText(), u"bfloat16"_s);
        const auto& args = window.kernelSession()->launch().args;
        QCOMPARE(args.size(), size_t{2});
        QCOMPARE(args[0].name, std::string("y"));
        QCOMPARE(args[1].name, std::string("bias"));
        QVERIFY(window.kernelSession()->trace().has_value());
    }

    void theProgramSelectorSwitchesThePlan()
    {
        OpenKernel k(u"two_programs.py"_s);
        QVERIFY2(k.loaded, qPrintable(k.error));
        MainWindow& window = k.window;
        QComboBox* programs = window.argumentsBar()->programBox();
        QVERIFY(programs->isVisibleTo(&window));
        QCOMPARE(programs->count(), 2);
        QCOMPARE(programs->itemText(1), u"[1]"_s);
        const auto offsetOfTile = [&] {
            const auto& plan = *window.session()->memoryPlans().plan;
            return plan.allocations[static_cast<size_t>(allocationNamed(plan, "tile"))].offset;
        };
        QCOMPARE(offsetOfTile(), std::optional<int64_t>(0));
        programs->setCurrentIndex(1);
        QCOMPARE(window.kernelSession()->program(), 1);
        QCOMPARE(offsetOfTile(), std::optional<int64_t>(8192));

        // One program instance: no selector.
        QTemporaryDir other;
        const QString single = copyKernel(other, u"addressed_add.py"_s);
        trustedfolders::trust(other.path());
        QVERIFY(window.loadFile(single, &k.error));
        QVERIFY(!window.argumentsBar()->programBox()->isVisibleTo(&window));
    }

    void theTirxDocksSayTheyDoNotApply()
    {
        QTemporaryDir dir;
        const QString path = copyKernel(dir, u"addressed_add.py"_s);
        trustedfolders::trust(dir.path());
        MainWindow window;
        QString error;
        QVERIFY(window.loadExample(MainWindow::defaultExample(), &error));
        QWidget* passes = window.passesDock()->widget();
        QVERIFY(window.loadFile(path, &error));
        // The pass list steps aside for the maps; the tabbed docks say why they are empty.
        QVERIFY(window.passesDock()->isHidden());
        for (QDockWidget* dock : {window.passesDock(), window.diffDock(), window.irDock(), window.nkiDock()}) {
            auto* note = qobject_cast<QLabel*>(dock->widget());
            QVERIFY2(note, qPrintable(dock->objectName()));
            QVERIFY(note->text().contains(u"does not apply"_s));
        }
        // The memory dock still shows the kernel.
        QVERIFY(!window.session()->memoryPlans().empty());
        // A TIRx module brings the views back.
        QVERIFY(window.loadExample(MainWindow::defaultExample(), &error));
        QCOMPARE(window.passesDock()->widget(), passes);
        QVERIFY(!window.passesDock()->isHidden());
        QCOMPARE(window.editor()->language(), CodeEditor::Language::Tirx);
        QVERIFY(!window.argumentsBar()->isVisibleTo(&window));
        QVERIFY(window.session()->trace());
    }
};

QTEST_MAIN(TestNkiKernel)
#include "test_nkikernel.moc"
