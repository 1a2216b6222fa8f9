#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Run {
    int exitCode = -1;
    QString standardError;
};

// A private configuration folder: the runs must not read or write the
// user's settings (and screenshot mode writes none).
const QTemporaryDir& configHome()
{
    static const QTemporaryDir dir;
    return dir;
}

enum class DisplayMode { Offscreen, None };

// Runs the explorer offscreen, or with no display at all (no DISPLAY,
// WAYLAND_DISPLAY or QT_QPA_PLATFORM, as on a headless machine).
Run runExplorer(const QStringList& arguments, DisplayMode display = DisplayMode::Offscreen)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString& name : {u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_QPA_PLATFORM"_s, u"XDG_RUNTIME_DIR"_s})
        environment.remove(name);
    if (display == DisplayMode::Offscreen) environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, configHome().path());
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(TIRX_EXPLORER_PATH), arguments);
    if (!process.waitForFinished(60000)) return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardError())};
}

QString example(const QString& name) { return QStringLiteral(TIRX_SOURCE_DIR) + u"/resources/examples/"_s + name; }

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
    }
    return static_cast<int>(colours.size());
}

} // namespace

class TestScreenshot : public QObject {
    Q_OBJECT

private slots:
    void writesPngOfRequestedSize_data()
    {
        QTest::addColumn<QStringList>("sizeArguments");
        QTest::addColumn<QSize>("expected");
        QTest::newRow("default") << QStringList{} << QSize(1280, 800);
        QTest::newRow("1280x800") << QStringList{u"--size"_s, u"1280x800"_s} << QSize(1280, 800);
        QTest::newRow("640x480") << QStringList{u"--size"_s, u"640x480"_s} << QSize(640, 480);
    }

    void writesPngOfRequestedSize()
    {
        QFETCH(QStringList, sizeArguments);
        QFETCH(QSize, expected);
        QTemporaryDir dir;
        const QString png = dir.filePath(u"out.png"_s);
        const Run run =
            runExplorer(QStringList{u"--screenshot"_s, png} + sizeArguments + QStringList{example(u"activation.py"_s)});
        QVERIFY2(run.exitCode == 0, qPrintable(run.standardError));

        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), expected);
        // Text, margins and the menu bar give many colours; a blank or
        // unpainted window gives one or two.
        QVERIFY2(distinctColours(image) > 16, "the screenshot looks blank");
    }

    void withoutDisplayHelpAndScreenshotWork()
    {
        QCOMPARE(runExplorer({u"--version"_s}, DisplayMode::None).exitCode, 0);
        QTemporaryDir dir;
        const QString png = dir.filePath(u"headless.png"_s);
        const Run run = runExplorer({u"--screenshot"_s, png}, DisplayMode::None);
        QVERIFY2(run.exitCode == 0, qPrintable(run.standardError));
        QCOMPARE(QImage(png).size(), QSize(1280, 800));
    }

    void withoutDisplayWindowIsAClearError()
    {
        const Run run = runExplorer({example(u"tiled_add.py"_s)}, DisplayMode::None);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.standardError.contains(u"no display"_s), qPrintable(run.standardError));
        QVERIFY2(run.standardError.contains(u"xvfb-run"_s), qPrintable(run.standardError));
    }

    void opensDefaultExampleWithoutFile()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(u"default.png"_s);
        const Run run = runExplorer({u"--screenshot"_s, png});
        QVERIFY2(run.exitCode == 0, qPrintable(run.standardError));
        QCOMPARE(QImage(png).size(), QSize(1280, 800));
    }

    void memoryViewsOfAnExample()
    {
        QTemporaryDir dir;
        QImage editor;
        const Run plain = runExplorer({u"--screenshot"_s, dir.filePath(u"editor.png"_s), u"--pass"_s,
                                       u"TrnNaiveAllocator"_s, example(u"memory_map.py"_s)});
        QVERIFY2(plain.exitCode == 0, qPrintable(plain.standardError));
        editor.load(dir.filePath(u"editor.png"_s));
        for (const QString& view : {u"sbuf"_s, u"psum"_s, u"alloc"_s}) {
            const QString png = dir.filePath(view + u".png"_s);
            const Run run = runExplorer({u"--screenshot"_s, png, u"--pass"_s, u"TrnNaiveAllocator"_s, u"--view"_s, view,
                                         example(u"memory_map.py"_s)});
            QVERIFY2(run.exitCode == 0, qPrintable(run.standardError));
            QVERIFY2(!run.standardError.contains(u"not available"_s), qPrintable(run.standardError));
            const QImage image(png);
            QCOMPARE(image.size(), QSize(1280, 800));
            QVERIFY2(image != editor, qPrintable(view));
        }
    }

    // The layout and IR graph views of bundled examples, light and dark:
    // each paints a picture of its own, not the editor's, and says nothing
    // on stderr.
    void layoutAndGraphViews_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("theme");
        QTest::addColumn<QString>("pass"); // empty: the default pass
        for (const QString& theme : {u"light"_s, u"dark"_s}) {
            QTest::newRow(qPrintable(u"layout copy_layout "_s + theme))
                << u"layout"_s << u"copy_layout.py"_s << theme << QString();
            QTest::newRow(qPrintable(u"graph tiled_add "_s + theme))
                << u"graph"_s << u"tiled_add.py"_s << theme << QString();
        }
        QTest::newRow("graph copy_layout lowered")
            << u"graph"_s << u"copy_layout.py"_s << u"light"_s << u"LowerTrainiumLayout"_s;
    }

    void layoutAndGraphViews()
    {
        QFETCH(QString, view);
        QFETCH(QString, file);
        QFETCH(QString, theme);
        QFETCH(QString, pass);
        QTemporaryDir dir;
        QStringList common{u"--theme"_s, theme};
        if (!pass.isEmpty()) common << u"--pass"_s << pass;
        const Run editor = runExplorer(QStringList{u"--screenshot"_s, dir.filePath(u"editor.png"_s)} + common +
                                       QStringList{example(file)});
        QVERIFY2(editor.exitCode == 0, qPrintable(editor.standardError));
        const QString png = dir.filePath(view + u".png"_s);
        const Run run =
            runExplorer(QStringList{u"--screenshot"_s, png, u"--view"_s, view} + common + QStringList{example(file)});
        QVERIFY2(run.exitCode == 0, qPrintable(run.standardError));
        QCOMPARE(run.standardError, QString());
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 800));
        QVERIFY2(image != QImage(dir.filePath(u"editor.png"_s)), "the view did not come forward");
        QVERIFY2(distinctColours(image) > 16, "the screenshot looks blank");
    }

    void diffViewOfAPassIsQuiet()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(u"pass.png"_s);
        const Run run = runExplorer({u"--screenshot"_s, png, u"--pass"_s, u"TrnNaiveAllocator"_s, u"--view"_s,
                                     u"diff"_s, example(u"naive_allocator.py"_s)});
        QVERIFY2(run.exitCode == 0, qPrintable(run.standardError));
        QVERIFY2(!run.standardError.contains(u"warning"_s), qPrintable(run.standardError));
        QCOMPARE(QImage(png).size(), QSize(1280, 800));
    }

    void screenshotRunsPrintNothing()
    {
        // No platform plugin notes: a script that checks stderr sees only
        // what concerns the picture. Without a runtime folder too, which
        // QStandardPaths otherwise complains about.
        QTemporaryDir dir;
        for (const QString& view : {u"diff"_s, u"ir"_s, u"nki"_s}) {
            const QString png = dir.filePath(view + u".png"_s);
            const Run run = runExplorer({u"--screenshot"_s, png, u"--view"_s, view, example(u"activation.py"_s)});
            QCOMPARE(run.exitCode, 0);
            QCOMPARE(run.standardError, QString());
            QCOMPARE(QImage(png).size(), QSize(1280, 800));
        }
        // What does concern the user still shows.
        const Run wrong = runExplorer(
            {u"--screenshot"_s, dir.filePath(u"p.png"_s), u"--pass"_s, u"NoSuchPass"_s, example(u"activation.py"_s)});
        QCOMPARE(wrong.exitCode, 0);
        QVERIFY2(wrong.standardError.contains(u"no pass named NoSuchPass"_s), qPrintable(wrong.standardError));
    }

    void themesPaintTheEditorLightOrDark()
    {
        QTemporaryDir dir;
        // The editor's paper, well inside it: below the text, right of the margins.
        const QPoint paper(300, 600);
        for (const QString& theme : {u"light"_s, u"dark"_s}) {
            const QString png = dir.filePath(theme + u".png"_s);
            const Run run = runExplorer(
                {u"--screenshot"_s, png, u"--theme"_s, theme, u"--view"_s, u"ir"_s, example(u"naive_allocator.py"_s)});
            QVERIFY2(run.exitCode == 0, qPrintable(run.standardError));
            QVERIFY2(!run.standardError.contains(u"warning"_s), qPrintable(run.standardError));
            const QImage image(png);
            const int lightness = image.pixelColor(paper).lightness();
            QVERIFY2(theme == u"dark"_s ? lightness < 60 : lightness > 200, qPrintable(QString::number(lightness)));
            QVERIFY2(distinctColours(image) > 16, "the screenshot looks blank");
        }
        const Run bad = runExplorer({u"--screenshot"_s, dir.filePath(u"x.png"_s), u"--theme"_s, u"blue"_s});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.standardError.contains(u"invalid --theme"_s));
    }

    void unreadableFileFails()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(u"none.png"_s);
        const Run run = runExplorer({u"--screenshot"_s, png, dir.filePath(u"missing.py"_s)});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.standardError.contains(u"cannot read"_s), qPrintable(run.standardError));
        QVERIFY(run.standardError.contains(u"missing.py"_s));
        QVERIFY(!QFile::exists(png));
    }

    void unwritablePngFails()
    {
        const Run run = runExplorer({u"--screenshot"_s, u"/nonexistent/dir/out.png"_s, example(u"activation.py"_s)});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.standardError.contains(u"cannot write screenshot"_s), qPrintable(run.standardError));
    }

    // A step of Help > Tour, frame and panel included, at 1280x800.
    void tourStepIsRendered()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(u"tour.png"_s);
        const Run run = runExplorer({u"--screenshot"_s, png, u"--tour-step"_s, u"4"_s});
        QVERIFY2(run.exitCode == 0, qPrintable(run.standardError));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 800));
        // The frame's amber: a ring of it around the memory dock, and the
        // panel's border.
        int amber = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) amber += image.pixel(x, y) == qRgb(232, 145, 20) ? 1 : 0;
        }
        QVERIFY2(amber > 2000, qPrintable(QString::number(amber)));
    }

    void badSizeIsUsageError()
    {
        const Run run = runExplorer({u"--screenshot"_s, u"x.png"_s, u"--size"_s, u"wide"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.standardError.contains(u"invalid --size"_s));
    }

    // Runs last (slots run in declaration order), after every screenshot.
    void screenshotsLeaveSettingsAlone()
    {
        QVERIFY(configHome().isValid());
        const QStringList written = QDir(configHome().path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        QVERIFY2(written.isEmpty(), qPrintable(written.join(u", "_s)));
    }
};

QTEST_GUILESS_MAIN(TestScreenshot)
#include "test_screenshot.moc"
