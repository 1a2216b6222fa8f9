// A stand-in for a user session that a test can kill at an exact moment:
//   app_helper autosave DIR FILE TEXT  opens FILE, types TEXT at its start,
//                                      prints "autosaved PATH" once the
//                                      recovery file in DIR holds it, and
//                                      runs until killed.
//   app_helper save FILE BYTES         saves BYTES bytes of text over FILE,
//                                      prints "writing" after the first chunk
//                                      and hangs there until killed.
#include "document.h"
#include "mainwindow.h"

#include "editor/codeeditor.h"

#include <QApplication>
#include <QStandardPaths>
#include <QThread>
#include <QtTest>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

void say(const QString& line)
{
    std::printf("%s\n", qUtf8Printable(line));
    std::fflush(stdout);
}

int autosaveAndWait(const QStringList& args)
{
    MainWindow window;
    window.setRecoveryDirectory(args[0]);
    QString error;
    if (!window.loadFile(args[1], &error)) {
        say(u"error "_s + error);
        return 1;
    }
    QObject::connect(&window, &MainWindow::autosaved, &window,
                     [](const QString& file) { say(u"autosaved "_s + file); });
    window.setAutosaveInterval(50);
    window.editor()->setFocus();
    window.editor()->setCursorPosition(0, 0);
    for (const QChar c : args[2]) {
        if (c == u'\n')
            QTest::keyClick(window.editor(), Qt::Key_Return);
        else
            QTest::keyClick(window.editor(), c.toLatin1());
    }
    return QApplication::exec();
}

int saveAndHang(const QStringList& args)
{
    const QString text(args[1].toInt(), u'x');
    QString error;
    const bool saved = Document::writeText(args[0], text, &error, [](qint64, qint64) {
        say(u"writing"_s);
        for (;;) QThread::sleep(60);
        return true;
    });
    say(saved ? u"saved"_s : u"error "_s + error);
    return saved ? 0 : 1;
}

} // namespace

int main(int argc, char* argv[])
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(u"TIRx Explorer"_s);
    QApplication::setApplicationName(u"tirx-explorer"_s);
    const QStringList args = QApplication::arguments().mid(2);
    const QString mode = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (mode == u"autosave"_s && args.size() == 3) return autosaveAndWait(args);
    if (mode == u"save"_s && args.size() == 2) return saveAndHang(args);
    say(u"usage: app_helper autosave DIR FILE TEXT | save FILE BYTES"_s);
    return 2;
}
