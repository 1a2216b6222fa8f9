#include "tirx_version.h"

#include "cli_run.h"

#include <QtTest>

using namespace Qt::StringLiterals;

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void helpPrintsUsage()
    {
        const CliRun run = runCli({u"--help"_s});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(u"Usage: tirx-cli"_s), qPrintable(run.out));
        QVERIFY(run.out.contains(u"--version"_s));
        QVERIFY(run.out.contains(u"Exit status"_s));
    }

    void versionPrintsVersion()
    {
        const CliRun run = runCli({u"--version"_s});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.trimmed(), u"tirx-cli "_s + QStringLiteral(TIRX_VERSION));
        QCOMPARE(QStringLiteral(TIRX_VERSION), u"0.1.0"_s);
    }

    void unknownOptionIsUsageError()
    {
        const CliRun run = runCli({u"--no-such-option"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(u"--no-such-option"_s), qPrintable(run.err));
    }

    void strayArgumentIsUsageError()
    {
        const CliRun run = runCli({u"no-such-command"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(!run.err.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
