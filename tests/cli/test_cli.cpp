#include "tirx_version.h"

#include <QProcess>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Run {
    int exitCode = -1;
    QString standardOutput;
    QString standardError;
};

Run runCli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(TIRX_CLI_PATH), arguments);
    if (!process.waitForFinished(30000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void helpPrintsUsage()
    {
        const Run run = runCli({u"--help"_s});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.standardOutput.contains(u"Usage: tirx-cli"_s), qPrintable(run.standardOutput));
        QVERIFY(run.standardOutput.contains(u"--version"_s));
        QVERIFY(run.standardOutput.contains(u"Exit status"_s));
    }

    void versionPrintsVersion()
    {
        const Run run = runCli({u"--version"_s});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.standardOutput.trimmed(), u"tirx-cli "_s + QStringLiteral(TIRX_VERSION));
        QCOMPARE(QStringLiteral(TIRX_VERSION), u"0.1.0"_s);
    }

    void unknownOptionIsUsageError()
    {
        const Run run = runCli({u"--no-such-option"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.standardError.contains(u"--no-such-option"_s), qPrintable(run.standardError));
    }

    void strayArgumentIsUsageError()
    {
        const Run run = runCli({u"no-such-command"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(!run.standardError.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
