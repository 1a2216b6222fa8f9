// Every malformed input in tests/golden/script/errors/ gives the diagnostics
// its `# expect: LINE:COL: message` lines name, at exactly that position, and
// parsing never crashes, hangs or throws. An input that parses gives them as
// `tirx-cli check` does.

#include "driver/lower.h"
#include "script/parser.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <string>

using namespace tirx;

class TestParseErrors : public QObject {
    Q_OBJECT

private slots:
    void corpus_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(TIRX_SOURCE_DIR "/tests/golden/script/errors"));
        const auto files = dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 60, "the error corpus should hold at least 60 files");
        for (const QString& f : files) QTest::newRow(f.toUtf8().constData()) << dir.filePath(f);
    }

    void corpus()
    {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        const std::string source(bytes.constData(), static_cast<size_t>(bytes.size()));
        // A file the parser accepts is wrong for `tirx-cli check`: the
        // verifier and the allocation passes report it.
        const ParseResult parsed = parseModule(source);
        LowerRequest request;
        request.source = source;
        request.preset = "none";
        request.passes = checkPasses();
        request.printSnapshots = false;
        const auto r = parsed.ok() ? lower(request) : LowerResult{parsed, nullptr, parsed.diagnostics};
        QVERIFY(hasErrors(r.diagnostics));
        int expectations = 0;
        for (const QByteArray& line : bytes.split('\n')) {
            if (!line.startsWith("# expect: ")) break;
            const QByteArray rest = line.mid(10);
            const int c1 = rest.indexOf(':');
            const int c2 = rest.indexOf(':', c1 + 1);
            QVERIFY2(c1 > 0 && c2 > c1, "malformed expect line");
            const uint32_t wantLine = rest.left(c1).toUInt();
            const uint32_t wantCol = rest.mid(c1 + 1, c2 - c1 - 1).toUInt();
            const std::string wantText = rest.mid(c2 + 1).trimmed().toStdString();
            bool found = false;
            for (const auto& d : r.diagnostics) {
                if (d.span.line == wantLine && d.span.column == wantCol &&
                    d.message.find(wantText) != std::string::npos)
                    found = true;
            }
            if (!found) qWarning("%s", formatDiagnostics(r.diagnostics, "input.py").c_str());
            QVERIFY2(found, line.constData());
            ++expectations;
        }
        QVERIFY2(expectations > 0, "each corpus file starts with at least one '# expect:' line");
    }

    void truncatedPrefixesNeverCrash()
    {
        // Every prefix of a valid module must come back as diagnostics, never a crash.
        const std::string src = R"(from tvm.script import tirx as T
@T.function
def main(A: T.Tensor((128, 512), "float32", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))):
    T.device_entry()
    B = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", allocated_addr=[0])
    for i in T.serial(0, 4, annotations={"nki_dim": "P"}):
        if i < 2:
            T.trn.tile.load(B[0:128, :], A[0:128, 0:512])
        else:
            T.nki.memset(B[i, 0], T.float32(1.5e-3))
)";
        for (size_t n = 0; n <= src.size(); ++n) {
            const ParseResult r = parseModule(std::string_view(src).substr(0, n));
            (void)r;
        }
        QVERIFY(parseModule(src).ok());
    }
};

QTEST_APPLESS_MAIN(TestParseErrors)
#include "test_parse_errors.moc"
