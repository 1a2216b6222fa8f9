// The NKI kernel corpus: `tirx-cli check` on every kernel of a folder
// (TIRX_NKI_CORPUS). A kernel that must fail marks each expected finding
// with `# expect: CODE` (several codes: `# expect: overlap, psum-capacity`)
// at the end of the line where it must be reported; every mark must be
// met at its line, and a kernel without marks must report no error.

#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
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

// Runs `check` on every kernel, a few at a time: each run starts Python,
// which waits on the disk as much as on a core.
QHash<QString, CliRun> checkAll(const QStringList& paths)
{
    constexpr int kAtOnce = 4;
    QHash<QString, CliRun> out;
    QList<std::pair<QString, QProcess*>> running;
    qsizetype next = 0;
    while (next < paths.size() || !running.isEmpty()) {
        while (next < paths.size() && running.size() < kAtOnce) {
            auto* process = new QProcess;
            process->start(QStringLiteral(TIRX_CLI_PATH), {u"check"_s, paths[next]});
            running.push_back({paths[next++], process});
        }
        auto [path, process] = running.takeFirst();
        CliRun r;
        if (process->waitForFinished(120000)) {
            r.exitCode = process->exitStatus() == QProcess::NormalExit ? process->exitCode() : -1;
            r.out = QString::fromUtf8(process->readAllStandardOutput());
            r.err = QString::fromUtf8(process->readAllStandardError());
        }
        out.insert(path, r);
        delete process;
    }
    return out;
}

} // namespace

class TestCliNkiCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const QDir dir(corpus());
        for (const QString& name : dir.entryList({u"*.py"_s}, QDir::Files, QDir::Name))
            m_paths.push_back(dir.filePath(name));
        QVERIFY2(!m_paths.isEmpty(), qPrintable(u"no kernels in "_s + corpus()));
        m_runs = checkAll(m_paths);
    }

    void kernel_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString& path : m_paths) QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }

    void kernel()
    {
        QFETCH(QString, path);
        const auto expected = expectations(path);
        const CliRun r = m_runs.value(path);
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

private:
    QStringList m_paths;
    QHash<QString, CliRun> m_runs;
};

QTEST_GUILESS_MAIN(TestCliNkiCorpus)
#include "test_cli_nki_corpus.moc"
