#include "apptest.h"
#include "document.h"
#include "filewatch.h"
#include "mainwindow.h"

#include "editor/codeeditor.h"

#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace apptest;

namespace {

constexpr int kWaitMs = 20000;
const QByteArray kOld = "old contents\n";

// A window showing k.py, a file that holds kOld.
struct OpenFile {
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("k.py"));
    bool written = writeBytes(path, kOld);
    MainWindow window;
    QString error;
    bool loaded = written && window.loadFile(path, &error);
    QSignalSpy changed{&window, &MainWindow::fileChangedOnDisk};
};

// Writes a new file beside `path` and renames it over, as many editors save.
bool replaceByRename(const QString& path, const QByteArray& bytes)
{
    const QString temporary = path + u".new"_s;
    return writeBytes(temporary, bytes) && ::rename(qPrintable(temporary), qPrintable(path)) == 0;
}

} // namespace

class TestFileSafety : public QObject {
    Q_OBJECT

private slots:
    // The window reads files through the CLI's checked reader: a FIFO or a
    // directory opened by name is refused at once with the reason, not
    // waited on.
    void aFifoOrADirectoryIsNotOpened()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(u"k.py"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QString error;
        QVERIFY(!Document::readText(fifo, &error));
        QVERIFY2(error == u"cannot read '%1': it is not a regular file"_s.arg(fifo), qPrintable(error));
        QVERIFY(!Document::readText(dir.path(), &error));
        QVERIFY2(error.endsWith(u": it is a directory"_s), qPrintable(error));
    }

    void initTestCase() { apptest::useTestSettings(); }

    void cancelledSaveLeavesTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"k.py"_s);
        QVERIFY(writeBytes(path, kOld));
        const QString big(1 << 20, u'y'); // several chunks
        int calls = 0;
        QString error;
        const bool saved = Document::writeText(path, big, &error, [&](qint64 written, qint64 total) {
            ++calls;
            return written < total / 2;
        });
        QVERIFY(!saved);
        QVERIFY2(error.contains(u"cancelled"_s), qPrintable(error));
        QVERIFY(calls >= 2);
        QCOMPARE(readBytes(path), kOld);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{u"k.py"_s});

        // The same save, not cancelled, replaces it whole.
        QVERIFY2(Document::writeText(path, big, &error), qPrintable(error));
        QCOMPARE(readBytes(path), big.toUtf8());
    }

    void killedSaveLeavesTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"k.py"_s);
        QVERIFY(writeBytes(path, kOld));

        QProcess saver;
        saver.start(QStringLiteral(TIRX_APP_HELPER_PATH), {u"save"_s, path, QString::number(4 << 20)});
        QVERIFY(saver.waitForStarted(kWaitMs));
        QByteArray output;
        while (!output.contains("writing") && saver.waitForReadyRead(kWaitMs)) output += saver.readAllStandardOutput();
        QVERIFY2(output.contains("writing"), output.constData());
        QCOMPARE(::kill(static_cast<pid_t>(saver.processId()), SIGKILL), 0);
        QVERIFY(saver.waitForFinished(kWaitMs));
        QCOMPARE(saver.exitStatus(), QProcess::CrashExit);
        QCOMPARE(readBytes(path), kOld);
    }

    void saveToAnUnwritablePlaceKeepsTheText()
    {
        MainWindow window;
        window.editor()->setText(u"keep = 1\n"_s);
        QString error;
        QVERIFY(!window.saveFile(u"/proc/no/such/k.py"_s, &error));
        QVERIFY2(error.startsWith(u"cannot write '/proc/no/such/k.py'"_s), qPrintable(error));
        QCOMPARE(window.editor()->text(), u"keep = 1\n"_s);
        QVERIFY(window.editor()->isModified());
    }

    void ownSavesAreNotReported()
    {
        OpenFile open;
        QVERIFY2(open.loaded, qPrintable(open.error));
        MainWindow& window = open.window;
        QSignalSpy& changed = open.changed;
        window.editor()->insertAt(u"# mine\n"_s, 0, 0);
        QVERIFY2(window.saveFile(open.path, &open.error), qPrintable(open.error));
        QVERIFY2(window.saveFile(open.path, &open.error), qPrintable(open.error));
        QTest::qWait(300);
        window.fileWatch()->check();
        QCOMPARE(changed.size(), 0);
        QVERIFY(!window.reloadPrompt());
    }

    void changeOnDiskAsksToReload()
    {
        OpenFile open;
        QVERIFY2(open.loaded, qPrintable(open.error));
        MainWindow& window = open.window;
        QSignalSpy& changed = open.changed;

        QVERIFY(writeBytes(open.path, "from another program\n"));
        QVERIFY(changed.wait(kWaitMs));
        QCOMPARE(changed.last().at(0).toString(), QFileInfo(open.path).absoluteFilePath());
        QMessageBox* prompt = window.reloadPrompt();
        QVERIFY(prompt);
        QVERIFY(prompt->isVisible());
        QVERIFY(prompt->text().contains(u"changed by another program"_s));
        QCOMPARE(window.editor()->text().toUtf8(), kOld); // nothing changes before the answer

        prompt->findChild<QPushButton*>(u"reload"_s)->click();
        QCOMPARE(window.editor()->text(), u"from another program\n"_s);
        QVERIFY(!window.editor()->isModified());
        QVERIFY(!window.reloadPrompt());

        // A file replaced by a rename is still followed.
        QVERIFY(replaceByRename(open.path, "renamed over\n"));
        QVERIFY(changed.wait(kWaitMs));
        QVERIFY(window.reloadPrompt());
        window.reloadPrompt()->findChild<QPushButton*>(u"reload"_s)->click();
        QCOMPARE(window.editor()->text(), u"renamed over\n"_s);

        // Again after the rename: the new file is watched too.
        QVERIFY(writeBytes(open.path, "third\n"));
        QVERIFY(changed.wait(kWaitMs));
    }

    void keepingMyVersionMarksItUnsaved()
    {
        OpenFile open;
        QVERIFY2(open.loaded, qPrintable(open.error));
        MainWindow& window = open.window;
        QSignalSpy& changed = open.changed;
        window.editor()->insertAt(u"# typed\n"_s, 0, 0);
        QVERIFY(writeBytes(open.path, "theirs\n"));
        QVERIFY(changed.wait(kWaitMs));
        QVERIFY(window.reloadPrompt()->text().contains(u"unsaved changes"_s));
        window.reloadPrompt()->findChild<QPushButton*>(u"keep"_s)->click();
        QCOMPARE(window.editor()->text().toUtf8(), "# typed\n" + kOld);
        QVERIFY(window.editor()->isModified());
        // Asked once per change, not again for the same one.
        window.fileWatch()->check();
        QCOMPARE(changed.size(), 1);
    }

    void removalIsReportedAndTheTextKept()
    {
        OpenFile open;
        QVERIFY2(open.loaded, qPrintable(open.error));
        MainWindow& window = open.window;
        QSignalSpy& changed = open.changed;
        QVERIFY(QFile::remove(open.path));
        QVERIFY(changed.wait(kWaitMs));
        QCOMPARE(window.editor()->text().toUtf8(), kOld);
        QVERIFY(window.editor()->isModified());
    }
};

QTEST_MAIN(TestFileSafety)
#include "test_filesafety.moc"
