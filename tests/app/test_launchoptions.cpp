#include "launchoptions.h"

#include <QCommandLineParser>
#include <QFile>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

std::optional<LaunchOptions> parse(const QStringList& arguments, QString* error)
{
    QCommandLineParser parser;
    addLaunchOptions(parser);
    if (!parser.parse(QStringList{u"tirx-explorer"_s} + arguments)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    return readLaunchOptions(parser, error);
}

} // namespace

class TestLaunchOptions : public QObject {
    Q_OBJECT

private slots:
    void parsesSizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QSize>("expected");
        QTest::newRow("default") << u"1280x800"_s << QSize(1280, 800);
        QTest::newRow("small") << u"640x480"_s << QSize(640, 480);
        QTest::newRow("zero width") << u"0x480"_s << QSize();
        QTest::newRow("no height") << u"640x"_s << QSize();
        QTest::newRow("upper-case X") << u"640X480"_s << QSize();
        QTest::newRow("negative") << u"-640x480"_s << QSize();
        QTest::newRow("words") << u"big"_s << QSize();
    }

    void parsesSizes()
    {
        QFETCH(QString, text);
        QFETCH(QSize, expected);
        const std::optional<QSize> size = parseSize(text);
        QCOMPARE(size.value_or(QSize()), expected);
    }

    void defaultsToEditorAt1280x800()
    {
        QString error;
        const auto options = parse({u"--screenshot"_s, u"out.png"_s, u"kernel.py"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->screenshotPath, u"out.png"_s);
        QCOMPARE(options->file, u"kernel.py"_s);
        QCOMPARE(options->size, QSize(1280, 800));
        QCOMPARE(options->view, u"editor"_s);
        QVERIFY(options->warnings.isEmpty());
    }

    void everyViewIsHonoured()
    {
        for (const QString& view :
             {u"editor"_s, u"diff"_s, u"ir"_s, u"nki"_s, u"sbuf"_s, u"psum"_s, u"alloc"_s, u"layout"_s, u"graph"_s}) {
            QString error;
            const auto options = parse({u"--view"_s, view}, &error);
            QVERIFY2(options, qPrintable(error));
            QCOMPARE(options->view, view);
            QVERIFY(options->warnings.isEmpty());
        }
    }

    void diffViewAndPassAreHonoured()
    {
        QString error;
        const auto options = parse({u"--view"_s, u"diff"_s, u"--pass"_s, u"TileDispatch"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->view, u"diff"_s);
        QCOMPARE(options->pass, u"TileDispatch"_s);
        QVERIFY(options->warnings.isEmpty());
    }

    void rejectsBadValues_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown view") << QStringList{u"--view"_s, u"pixels"_s} << u"invalid --view"_s;
        QTest::newRow("bad size") << QStringList{u"--size"_s, u"huge"_s} << u"invalid --size"_s;
        QTest::newRow("two files") << QStringList{u"a.py"_s, u"b.py"_s} << u"at most one FILE"_s;
        QTest::newRow("too narrow") << QStringList{u"--screenshot"_s, u"a.png"_s, u"--size"_s, u"319x800"_s}
                                    << u"--size 319x800 is too small: a screenshot needs at least 320x240"_s;
        QTest::newRow("too low") << QStringList{u"--size"_s, u"1280x239"_s} << u"too small"_s;
        QTest::newRow("unknown pipeline") << QStringList{u"--pipeline"_s, u"fast"_s}
                                          << u"invalid --pipeline 'fast', expected one of lower-tirx, trn, none"_s;
    }

    void rejectsBadValues()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!parse(arguments, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void readsThePipelineAndTheSmallestSize()
    {
        QString error;
        auto options = parse({u"--screenshot"_s, u"a.png"_s, u"--size"_s, u"320x240"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->size, LaunchOptions::kMinScreenshotSize);
        QVERIFY(options->pipeline.isEmpty());
        options = parse({u"--pipeline"_s, u"trn"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->pipeline, u"trn"_s);
    }

    void helpAndReadmeAgreeOnTheDefaultTheme()
    {
        QCommandLineParser parser;
        addLaunchOptions(parser);
        QVERIFY(parser.helpText().simplified().contains(u"light for --screenshot"_s)); // help wraps lines
        QFile readme(QStringLiteral(TIRX_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(readme.readAll()).simplified().contains(u"to light for a screenshot"_s));
    }

    void readsTheTourStep()
    {
        QString error;
        auto options = parse({u"--screenshot"_s, u"out.png"_s, u"--tour-step"_s, u"3"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->tourStep, 3);
        QVERIFY(options->warnings.isEmpty());

        // The tour shows its own example: a FILE beside it is ignored, and said so.
        options = parse({u"--screenshot"_s, u"out.png"_s, u"--tour-step"_s, u"1"_s, u"kernel.py"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->warnings.size(), 1);
        QVERIFY(options->warnings.first().contains(u"FILE"_s));

        options = parse({u"--tour-step"_s, u"2"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->tourStep, 0);
        QVERIFY(options->warnings.first().contains(u"only applies with --screenshot"_s));

        for (const QString& bad : {u"0"_s, u"9"_s, u"two"_s}) {
            QVERIFY(!parse({u"--screenshot"_s, u"out.png"_s, u"--tour-step"_s, bad}, &error));
            QVERIFY2(error.contains(u"expected a step from 1 to 8"_s), qPrintable(error));
        }
    }

    void readsTheTheme()
    {
        QString error;
        auto options = parse({u"kernel.py"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QVERIFY(!options->theme);
        options = parse({u"--theme"_s, u"dark"_s, u"kernel.py"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->theme, std::optional<Theme>(Theme::Dark));
        options = parse({u"--theme"_s, u"Light"_s}, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->theme, std::optional<Theme>(Theme::Light));
        QVERIFY(!parse({u"--theme"_s, u"purple"_s}, &error));
        QCOMPARE(error, u"invalid --theme 'purple', expected system, light or dark"_s);
    }
};

QTEST_GUILESS_MAIN(TestLaunchOptions)
#include "test_launchoptions.moc"
