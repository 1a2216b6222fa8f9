#include "apptest.h"
#include "mainwindow.h"
#include "recovery.h"
#include "recoverydialog.h"

#include "editor/codeeditor.h"

#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace apptest;

namespace {

constexpr int kWaitMs = 20000;

QStringList recoveryFiles(const QString& dir) { return QDir(dir).entryList({u"*.json"_s}, QDir::Files); }

} // namespace

class TestRecovery : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { apptest::useTestSettings(); }

    void defaultFolderCanBeOverridden()
    {
        QVERIFY(RecoveryStore::defaultDirectory().endsWith(u"/recovery"_s));
        qputenv(RecoveryStore::kDirectoryVariable, "/tmp/elsewhere");
        QCOMPARE(RecoveryStore::defaultDirectory(), u"/tmp/elsewhere"_s);
        qunsetenv(RecoveryStore::kDirectoryVariable);
    }

    void autosaveWritesTheUnsavedText()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryDirectory(dir.path());
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"activation.py"_s), &error), qPrintable(error));

        // Nothing unsaved, nothing written.
        window.autosaveNow();
        QVERIFY(recoveryFiles(dir.path()).isEmpty());

        QSignalSpy autosaved(&window, &MainWindow::autosaved);
        window.setAutosaveInterval(50);
        window.editor()->setFocus();
        window.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(window.editor(), u"# typed"_s);
        QTest::keyClick(window.editor(), Qt::Key_Return);
        window.editor()->insert(u"# ünïcode "_s);
        QVERIFY(autosaved.wait(kWaitMs));
        const QString file = autosaved.last().at(0).toString();
        QCOMPARE(file, window.recovery().sessionFile());
        const std::optional<RecoveredBuffer> buffer = RecoveryStore::read(file);
        QVERIFY(buffer);
        QCOMPARE(buffer->text, window.editor()->text());
        QVERIFY(buffer->text.startsWith(u"# typed\n# ünïcode "_s));
        QCOMPARE(buffer->filePath, window.document().filePath());
        QCOMPARE(buffer->displayName, u"activation.py"_s);

        // A running session's buffer is not an orphan.
        RecoveryStore other(dir.path());
        QVERIFY(other.orphans().isEmpty());

        // A clean save removes it.
        QTemporaryDir out;
        QVERIFY2(window.saveFile(out.filePath(u"a.py"_s), &error), qPrintable(error));
        QVERIFY(recoveryFiles(dir.path()).isEmpty());
    }

    void cleanCloseRemovesTheRecoveryFile()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryDirectory(dir.path());
        window.editor()->setText(u"x = 1\n"_s);
        window.autosaveNow();
        QCOMPARE(recoveryFiles(dir.path()).size(), 1);
        window.editor()->setModified(false); // as after "Discard"
        QVERIFY(window.close());
        QVERIFY(recoveryFiles(dir.path()).isEmpty());
    }

    void killedSessionIsOfferedOnTheNextStart()
    {
        QTemporaryDir dir;
        QTemporaryDir work;
        const QString kernel = work.filePath(u"kernel.py"_s);
        QVERIFY(QFile::copy(examplePath(u"naive_allocator.py"_s), kernel));
        const QString original = QString::fromUtf8(readBytes(kernel));
        const QString typed = u"# edit before the crash\n"_s;

        QProcess session;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        session.setProcessEnvironment(environment);
        session.start(QStringLiteral(TIRX_APP_HELPER_PATH), {u"autosave"_s, dir.path(), kernel, typed});
        QVERIFY(session.waitForStarted(kWaitMs));
        QByteArray output;
        while (!output.contains("autosaved") && session.waitForReadyRead(kWaitMs))
            output += session.readAllStandardOutput();
        QVERIFY2(output.contains("autosaved"), output.constData());

        // The crash: no chance to clean up.
        QCOMPARE(::kill(static_cast<pid_t>(session.processId()), SIGKILL), 0);
        QVERIFY(session.waitForFinished(kWaitMs));
        QCOMPARE(session.exitStatus(), QProcess::CrashExit);
        QCOMPARE(QString::fromUtf8(readBytes(kernel)), original); // autosave never touches the file

        MainWindow next;
        next.setRecoveryDirectory(dir.path());
        QString error;
        QVERIFY2(next.loadFile(kernel, &error), qPrintable(error));
        QSignalSpy offered(&next, &MainWindow::recoveryAvailable);
        QCOMPARE(next.offerRecovery(), 1);
        QCOMPARE(offered.size(), 1);
        const auto buffers = offered.first().at(0).value<QList<RecoveredBuffer>>();
        QCOMPARE(buffers.size(), 1);
        QCOMPARE(buffers.first().text, typed + original);
        QCOMPARE(buffers.first().filePath, QFileInfo(kernel).absoluteFilePath());

        // The offer is a dialog that does not block; it lists the buffer.
        RecoveryDialog* dialog = next.recoveryDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(!dialog->isModal() || dialog->windowModality() != Qt::ApplicationModal);
        QCOMPARE(dialog->list()->count(), 1);
        QVERIFY(dialog->list()->item(0)->text().startsWith(u"kernel.py"_s));

        // A second start at the same time does not offer it again.
        RecoveryStore concurrent(dir.path());
        QVERIFY(concurrent.orphans().isEmpty());

        dialog->findChild<QPushButton*>(u"restore"_s)->click();
        QCOMPARE(next.editor()->text(), typed + original);
        QVERIFY(next.editor()->isModified());
        QCOMPARE(next.document().filePath(), QFileInfo(kernel).absoluteFilePath());
        // The restored text now lives in this session's recovery file only.
        QCOMPARE(recoveryFiles(dir.path()), QStringList{QFileInfo(next.recovery().sessionFile()).fileName()});
        QCOMPARE(RecoveryStore::read(next.recovery().sessionFile())->text, typed + original);
        // Undo goes back to the file as it is on disk.
        next.editor()->undo();
        QCOMPARE(next.editor()->text(), original);
    }

    void discardingTheOfferRemovesTheFiles()
    {
        QTemporaryDir dir;
        {
            RecoveryStore crashed(dir.path());
            QString error;
            QVERIFY2(crashed.save(QString(), u"untitled.py"_s, u"lost?"_s, &error), qPrintable(error));
        } // the lock goes with the session, the file stays
        MainWindow window;
        window.setRecoveryDirectory(dir.path());
        QCOMPARE(window.offerRecovery(), 1);
        window.recoveryDialog()->findChild<QPushButton*>(u"discard"_s)->click();
        QVERIFY(recoveryFiles(dir.path()).isEmpty());
        QCOMPARE(window.offerRecovery(), 0);
    }

    void malformedRecoveryFilesAreIgnored()
    {
        QTemporaryDir dir;
        QFile junk(dir.filePath(u"junk.json"_s));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("{ not json");
        junk.close();
        RecoveryStore store(dir.path());
        QVERIFY(store.orphans().isEmpty());
    }
};

QTEST_MAIN(TestRecovery)
#include "test_recovery.moc"
