// Hostile kernels (tests/nki/hostile/) through the real stand-in: each ends
// within its limit with a message that says what happened, leaves no
// process running, and leaves nothing in the temporary folder it ran in.
// The limits are small so the whole test takes seconds.

#include "nki/resources.h"
#include "nki/runner.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <thread>

using namespace tirx;

namespace {

const std::filesystem::path kHostile = std::filesystem::path(TIRX_SOURCE_DIR) / "tests" / "nki" / "hostile";

nki::Launch oneArgument()
{
    nki::Launch launch;
    launch.entry = "kernel";
    launch.args.push_back({"a", {128, 64}, "float32"});
    return launch;
}

// Processes whose command line is exactly `words` (NUL-separated in /proc).
int processesRunning(const std::string& words)
{
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string pid = entry.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream cmdline(entry.path() / "cmdline", std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        std::getline(stat, line);
        const auto close = line.rfind(')');
        const bool zombie = close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z';
        if (text == words && !zombie) ++count;
    }
    return count;
}

bool noneSoon(const std::string& words)
{
    for (int i = 0; i < 50 && processesRunning(words) > 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return processesRunning(words) == 0;
}

} // namespace

class TestNkiHostile : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QByteArray m_savedTmpdir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        // Every private run folder goes under m_tmp, so the test can see what stays behind.
        m_savedTmpdir = qgetenv("TMPDIR");
        qputenv("TMPDIR", m_tmp.path().toUtf8());
    }

    void cleanupTestCase() { qputenv("TMPDIR", m_savedTmpdir); }

    void eachEndsWithinItsLimit_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("traced"); // the stand-in wrote a trace with the error in it
        QTest::newRow("endless loop") << "endless_loop"
                                      << "used more than 1 s of CPU time" << false;
        QTest::newRow("50 GB") << "huge_allocation"
                               << "huge_allocation.py:10:15: MemoryError: Unable to allocate 50.0 GiB" << true;
        QTest::newRow("sleeping child") << "sleeping_child"
                                        << "ran longer than 3 s" << false;
        QTest::newRow("syntax error") << "syntax_error"
                                      << "syntax_error.py:8:19: SyntaxError: '(' was never closed" << true;
        QTest::newRow("writes its folder") << "writes_folder"
                                           << "" << true;
    }

    void eachEndsWithinItsLimit()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, expected);
        QFETCH(bool, traced);
        nki::RunOptions options;
        options.cpuSeconds = 1;
        options.timeoutSeconds = 3;
        options.resources = nki::locateNkiResources(nki::currentExecutable());
        QVERIFY2(!options.resources.empty(), "the stand-in is not found from the test executable");
        const auto path = kHostile / (kernel.toStdString() + ".py");
        const auto run = nki::runKernel(path.string(), oneArgument(), options);

        QVERIFY2(!run.environmentProblem, run.error.c_str());
        QVERIFY2(run.seconds < 8, std::to_string(run.seconds).c_str());
        QCOMPARE(bool(run.trace), traced);
        std::string message = run.error;
        if (run.trace && run.trace->error) {
            const auto& e = *run.trace->error;
            const std::string file =
                e.loc ? std::filesystem::path(run.trace->fileOf(*e.loc)).filename().string() : std::string();
            message = file + ":" + (e.loc ? std::to_string(e.loc->line) + ":" + std::to_string(e.loc->column) : "") +
                      ": " + e.message;
        }
        if (expected.isEmpty()) {
            QVERIFY2(message.empty(), message.c_str());
            QVERIFY(!run.trace->programs.front().instructions.empty());
        } else {
            QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
        }
        QVERIFY2(noneSoon(std::string("sleep\0"
                                      "4242\0",
                                      11)),
                 "the kernel's child process is still running");
        QVERIFY2(QDir(m_tmp.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 "files were left in the temporary folder");
    }
};

QTEST_GUILESS_MAIN(TestNkiHostile)
#include "test_nki_hostile.moc"
