// The NKI kernel corpus: `tirx-cli check` on every kernel of a folder
// (TIRX_NKI_CORPUS). A kernel that must fail marks each expected finding
// with `# expect: CODE` (several codes: `# expect: overlap, psum-capacity`)
// at the end of the line where it must be reported; every mark must be
// met at its line, and a kernel without marks must report no error.

#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

struct Expectation {
    int line = 0;
    QString code;
};

QList<Expectation> expectations(const QString& path)
{
    QList<Expectation> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return out;
    static const QRegularExpression mark(u"#\\s*expect:\\s*([A-Za-z0-9_,\\s-]+)$"_s);
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        const auto m = mark.match(lines[i].trimmed());
        if (!m.hasMatch()) continue;
        for (const QString& code : m.captured(1).split(u',', Qt::SkipEmptyParts))
            out.push_back({i + 1, code.trimmed()});
    }
    return out;
}

QString corpus() { return qEnvironmentVariable("TIRX_NKI_CORPUS", QStringLiteral(TIRX_NKI_CORPUS)); }

} // namespace

class TestCliNkiCorpus : public QObject {
    Q_OBJECT

private slots:
    void kernel_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(corpus());
        const auto files = dir.entryList({u"*.py"_s}, QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), qPrintable(u"no kernels in "_s + corpus()));
        for (const QString& name : files) QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }

    void kernel()
    {
        QFETCH(QString, path);
        const auto expected = expectations(path);
        const auto r = runCli({u"check"_s, path});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, qPrintable(u"exit %1: %2"_s.arg(r.exitCode).arg(r.err)));
        // FILE:LINE:COL: error|warning: message [code]
        static const QRegularExpression diagnostic(u"^(.*):(\\d+):(\\d+): (error|warning|note): .*\\[([^\\]]+)\\]$"_s,
                                                   QRegularExpression::MultilineOption);
        QList<Expectation> errors;
        QList<Expectation> reported;
        const QString name = QFileInfo(path).fileName();
        for (auto it = diagnostic.globalMatch(r.err); it.hasNext();) {
            const auto m = it.next();
            if (QFileInfo(m.captured(1)).fileName() != name) continue;
            const Expectation e{m.captured(2).toInt(), m.captured(5)};
            reported.push_back(e);
            if (m.captured(4) == u"error"_s) errors.push_back(e);
        }
        if (expected.isEmpty()) {
            QVERIFY2(r.exitCode == 0 && errors.isEmpty(), qPrintable(u"unexpected errors:\n"_s + r.err));
            return;
        }
        for (const auto& e : expected) {
            const bool met = std::any_of(reported.begin(), reported.end(),
                                         [&](const Expectation& x) { return x.line == e.line && x.code == e.code; });
            QVERIFY2(met, qPrintable(u"line %1: expected [%2], got:\n%3"_s.arg(e.line).arg(e.code).arg(r.err)));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliNkiCorpus)
#include "test_cli_nki_corpus.moc"
