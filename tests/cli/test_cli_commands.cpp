// The subcommands' output and exit codes, run on the real executable with the
// bundled examples and the golden files.

#include "cli_run.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <QImage>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QString source(const QString& relative) { return QStringLiteral(TIRX_SOURCE_DIR) + u'/' + relative; }

const QString kAllocExample = u"tests/golden/script/37-naive-alloc-before.py"_s;

} // namespace

class TestCliCommands : public QObject {
    Q_OBJECT

private slots:
    void helpListsCommands()
    {
        const CliRun run = runCli({u"--help"_s});
        QCOMPARE(run.exitCode, 0);
        for (const auto* name : {"fmt", "check", "equal", "passes", "lower", "diff", "memmap"})
            QVERIFY2(run.out.contains(QString::fromLatin1(name)), name);
    }

    void fmtIsStable()
    {
        const CliRun first = runCli({u"fmt"_s, source(u"resources/examples/activation.py"_s)});
        QCOMPARE(first.exitCode, 0);
        QVERIFY(first.out.startsWith(u"# from tvm_tirx.script import tirx as T"_s));
        QTemporaryDir dir;
        const QString path = dir.filePath(u"once.py"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(first.out.toUtf8());
        file.close();
        const CliRun second = runCli({u"fmt"_s, path});
        QCOMPARE(second.exitCode, 0);
        QCOMPARE(second.out, first.out);
    }

    void checkReportsLocation()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"bad.py"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("from tvm_tirx.script import tirx as T\n\n@T.function\ndef main():\n    T.nki.memst(1)\n");
        file.close();
        const CliRun run = runCli({u"check"_s, path});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(
            run.err.contains(path + u":5:5: error: unknown TIRx call 'T.nki.memst'; did you mean 'T.nki.memset'?"_s),
            qPrintable(run.err));
    }

    // check means "will lower": a call TileDispatch refuses fails check too.
    void checkRunsTileDispatch()
    {
        const QString file = source(u"tests/golden/passes/TileDispatch/errors/01-load-between-sbuf-tiles.py"_s);
        const CliRun run = runCli({u"check"_s, file});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(u":15:5: error: 'load' does not accept this memory direction"_s),
                 qPrintable(run.err));
    }

    // The bundled example that overflows SBUF on purpose: check names the
    // allocation that does not fit, at its line and column, once.
    void checkLocatesTheSbufOverflow()
    {
        const QString file = source(u"resources/examples/sbuf_overflow.py"_s);
        const CliRun run = runCli({u"check"_s, file});
        QCOMPARE(run.exitCode, 1);
        const QString expected =
            file + u":30:13: error: allocation 'c' needs 81920 bytes per partition at offset 163840, past the "
                   "SBUF capacity of 196608 bytes per partition on aws/trn1/trn1.2xlarge [TrnNaiveAllocator]"_s;
        QVERIFY2(run.err.contains(expected), qPrintable(run.err));
        QCOMPARE(run.err.count(u": error: "_s), 1);
    }

    // The verifier runs after every pass, but check states each fact once.
    void checkStatesEachFactOnce()
    {
        const CliRun run = runCli({u"check"_s, source(u"resources/examples/memory_map.py"_s)});
        // A fact is its location and message; the pass that found it is the
        // bracketed tag at the end of the line.
        QStringList facts;
        for (QString line : run.err.split(u'\n', Qt::SkipEmptyParts)) {
            if (!line.contains(u": warning: "_s) && !line.contains(u": error: "_s)) continue;
            // The input's own findings carry no tag.
            if (const auto tag = line.lastIndexOf(u" ["_s); tag >= 0) line.truncate(tag);
            facts.append(line);
        }
        QVERIFY(!facts.isEmpty());
        for (const QString& fact : facts) QVERIFY2(facts.count(fact) == 1, qPrintable(fact));
    }

    void missingFileIsBadInput()
    {
        const CliRun run = runCli({u"check"_s, u"/no/such/file.py"_s});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(u"cannot read"_s), qPrintable(run.err));
    }

    void equalAndDifferent()
    {
        const QString before = source(u"tests/golden/script/41-lower-tirx-copy-before.py"_s);
        QVERIFY(QFile::exists(before));
        QCOMPARE(runCli({u"equal"_s, before, before}).exitCode, 0);
        const CliRun diff =
            runCli({u"equal"_s, before, source(u"tests/golden/script/42-lower-tirx-copy-expected.py"_s)});
        QCOMPARE(diff.exitCode, 1);
        QVERIFY2(diff.out.startsWith(u"different at "_s), qPrintable(diff.out));
    }

    void lowerDumpsTrace()
    {
        QTemporaryDir dir;
        const CliRun run = runCli({u"lower"_s, source(kAllocExample), u"--passes"_s, u"TrnNaiveAllocator,RemoveNoOp"_s,
                                   u"--dump-dir"_s, dir.path()});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(u"allocated_addr"_s) || run.out.contains(u"T.alloc_tensor(("_s), qPrintable(run.out));
        QVERIFY(QFile::exists(dir.filePath(u"00-input.py"_s)));
        QVERIFY(QFile::exists(dir.filePath(u"01-TrnNaiveAllocator.py"_s)));
        QVERIFY(QFile::exists(dir.filePath(u"02-RemoveNoOp.py"_s)));
        QFile trace(dir.filePath(u"trace.json"_s));
        QVERIFY(trace.open(QIODevice::ReadOnly));
        const auto json = QJsonDocument::fromJson(trace.readAll()).object();
        QCOMPARE(json[u"target"_s].toString(), u"aws/trn1/trn1.2xlarge"_s);
        QCOMPARE(json[u"pipeline"_s].toString(), u"custom"_s);
        const auto passes = json[u"passes"_s].toArray();
        QCOMPARE(passes.size(), 2);
        QCOMPARE(passes[0].toObject()[u"name"_s].toString(), u"TrnNaiveAllocator"_s);
        QCOMPARE(passes[0].toObject()[u"changed"_s].toBool(), true);
        QCOMPARE(passes[1].toObject()[u"changed"_s].toBool(), false);
        QVERIFY(passes[0].toObject().contains(u"microseconds"_s));
    }

    void lowerUnknownPassIsUsage()
    {
        const CliRun run = runCli({u"lower"_s, source(kAllocExample), u"--passes"_s, u"NoSuchPass"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(u"unknown pass 'NoSuchPass'"_s));
    }

    void diffShowsPlacement()
    {
        const CliRun run = runCli({u"diff"_s, source(kAllocExample), u"--pass"_s, u"TrnNaiveAllocator"_s});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith(u"--- before/TrnNaiveAllocator"_s), qPrintable(run.out));
        QVERIFY(run.out.contains(u"@@ -"_s));
        QVERIFY(run.out.contains(u"\n+"_s));
    }

    void memmapJsonFields()
    {
        const CliRun run =
            runCli({u"memmap"_s, source(kAllocExample), u"--json"_s, u"--passes"_s, u"TrnNaiveAllocator"_s});
        QCOMPARE(run.exitCode, 0);
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(json[u"after"_s].toString(), u"TrnNaiveAllocator"_s);
        const auto allocations = json[u"allocations"_s].toArray();
        QVERIFY(!allocations.isEmpty());
        for (const auto& value : allocations) {
            const auto a = value.toObject();
            for (const auto* field : {"name", "scope", "dtype", "shape", "physical_shape", "bytes_per_partition",
                                      "partitions", "offset", "created_by", "first_use", "last_use", "span"})
                QVERIFY2(a.contains(QString::fromLatin1(field)), field);
        }
        const auto sbuf = json[u"totals"_s].toObject()[u"trn.sbuf"_s].toObject();
        QCOMPARE(sbuf[u"capacity_bytes_per_partition"_s].toInteger(), 196608);
        QVERIFY(!json.contains(u"what_if"_s));
    }

    void memmapWhatIf()
    {
        const CliRun run = runCli(
            {u"memmap"_s, source(kAllocExample), u"--json"_s, u"--what-if"_s, u"--passes"_s, u"TrnNaiveAllocator"_s});
        QCOMPARE(run.exitCode, 0);
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const auto sbuf = json[u"what_if"_s].toObject()[u"trn.sbuf"_s].toObject();
        QCOMPARE(sbuf[u"policy"_s].toString(), u"linear-scan"_s);
        // One 16-byte tensor: nothing to share, nothing saved.
        QCOMPARE(sbuf[u"allocated_bytes_per_partition"_s].toInteger(), 16);
        QCOMPARE(sbuf[u"saved_bytes_per_partition"_s].toInteger(), 0);
        const auto placements = sbuf[u"placements"_s].toArray();
        QCOMPARE(placements.size(), 1);
        QCOMPARE(placements[0].toObject()[u"name"_s].toString(), u"A"_s);
        QCOMPARE(placements[0].toObject()[u"offset"_s].toInteger(), 0);
        const CliRun text =
            runCli({u"memmap"_s, source(kAllocExample), u"--what-if"_s, u"--passes"_s, u"TrnNaiveAllocator"_s});
        QVERIFY2(text.out.contains(u"what-if (a comparison"_s), qPrintable(text.out));
    }

    void memmapSvgHasOneGroupPerAllocation()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath(u"sbuf.svg"_s);
        const CliRun run =
            runCli({u"memmap"_s, source(kAllocExample), u"--svg"_s, svg, u"--passes"_s, u"TrnNaiveAllocator"_s});
        QCOMPARE(run.exitCode, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QCOMPARE(text.count(u"class=\"allocation\""_s), 1);
        // A: 16 bytes at 0 on 128 partitions. The map opens 64 bytes wide
        // (its narrowest) over 1200 - 2 * 8 - 44 = 1140 px from x = 52; from
        // y = 73.6 (title, capacity bar, ruler) to 608.4 (one legend row and
        // the axis caption above the bottom): 16 * 1140 / 64 = 285 px by 534.8.
        QVERIFY2(text.contains(u"<g id=\"alloc-0\" class=\"allocation\" data-name=\"A\">"_s), qPrintable(text));
        QVERIFY2(text.contains(u"<rect class=\"tensor\" x=\"52.00\" y=\"73.60\" width=\"285.00\" height=\"534.80\""_s),
                 qPrintable(text));
    }

    void memmapPngIsTheSvgsPicture()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath(u"sbuf.svg"_s);
        const QString png = dir.filePath(u"sbuf.png"_s);
        const CliRun run = runCli({u"memmap"_s, source(kAllocExample), u"--svg"_s, svg, u"--png"_s, png, u"--passes"_s,
                                   u"TrnNaiveAllocator"_s});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.isEmpty(), qPrintable(run.out));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.startsWith(u"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200.00\" height=\"660.00\""_s));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1200, 660));
        // A, the SVG's rect at (52, 73.6) 285 x 534.8 in the first colour:
        // the same pixels in the PNG, the map's grey beyond it.
        QVERIFY(text.contains(u"width=\"285.00\" height=\"534.80\" fill=\"#E69F00\""_s));
        QCOMPARE(image.pixelColor(57, 79), QColor(0xE6, 0x9F, 0x00));
        QCOMPARE(image.pixelColor(52 + 280, 74 + 520), QColor(0xE6, 0x9F, 0x00));
        QCOMPARE(image.pixelColor(52 + 300, 80), QColor(0xF4, 0xF4, 0xF4));
        // Text is drawn: the title's row is not all white.
        bool inked = false;
        for (int x = 10; x < 400 && !inked; ++x)
            for (int y = 10; y < 28 && !inked; ++y) inked = image.pixelColor(x, y) != QColor(Qt::white);
        QVERIFY(inked);
    }

    void memmapPsumBytesAgreeWithTotals()
    {
        const QString example = source(u"resources/examples/memory_map.py"_s);
        const CliRun run = runCli({u"memmap"_s, example, u"--json"_s});
        QCOMPARE(run.exitCode, 0);
        const auto json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        qint64 furthest = 0;
        for (const auto& value : json[u"allocations"_s].toArray()) {
            const auto a = value.toObject();
            if (a[u"scope"_s].toString() != u"trn.psum"_s || a[u"bank"_s].isNull()) continue;
            // A partition's row over all the tensor's banks.
            QCOMPARE(a[u"bytes_per_partition"_s].toInteger(),
                     a[u"bytes_per_bank"_s].toInteger() * a[u"banks"_s].toInteger());
            furthest = std::max(furthest, a[u"bank"_s].toInteger() * 2048 + a[u"bytes_per_partition"_s].toInteger());
        }
        const auto psum = json[u"totals"_s].toObject()[u"trn.psum"_s].toObject();
        // The accumulator takes all 8 banks from bank 0: 16 KiB of each row.
        QCOMPARE(furthest, 16384);
        QCOMPARE(psum[u"allocated_bytes_per_partition"_s].toInteger(), furthest);
        QVERIFY(psum[u"peak_live_bytes_per_partition"_s].toInteger() >= 16384);
        const CliRun table = runCli({u"memmap"_s, example});
        QVERIFY2(table.out.contains(QRegularExpression(u"acc_psum +trn.psum +float32 +b0-7\\+0 +128 +16384 "_s)),
                 qPrintable(table.out));
    }

    void memmapPrintsEachWarningOnce()
    {
        const CliRun run = runCli({u"memmap"_s, source(u"resources/examples/memory_map.py"_s)});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(!run.err.isEmpty(), "the example's overlapping PSUM tiles should warn");
        // The finding lines: several findings at one call share its quoted
        // source and caret lines.
        QStringList lines;
        for (const QString& line : run.err.split(u'\n', Qt::SkipEmptyParts))
            if (line.contains(u": warning: "_s) || line.contains(u": error: "_s)) lines.append(line);
        QVERIFY(lines.size() >= 2);
        QCOMPARE(QSet<QString>(lines.begin(), lines.end()).size(), lines.size());
    }
};

QTEST_GUILESS_MAIN(TestCliCommands)
#include "test_cli_commands.moc"
