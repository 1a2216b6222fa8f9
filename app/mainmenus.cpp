// MainWindow's menus: File, Edit, View (with the theme) and Help.
#include "mainwindow.h"

#include "lowering.h"
#include "recentfiles.h"

#include "editor/codeeditor.h"
#include "editor/editorcolors.h"
#include "editor/findbar.h"
#include "tirx_version.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>

#include <algorithm>

using namespace Qt::StringLiterals;

void MainWindow::createMenus()
{
    createFileMenu();
    createEditMenu();
    createViewMenu();
    createHelpMenu();
}

void MainWindow::createFileMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("&File"));
    menu->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newFile);
    menu->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::open);

    m_recentFiles = new RecentFiles(menu->addMenu(tr("Open &Recent")), this);
    connect(m_recentFiles, &RecentFiles::fileChosen, this, &MainWindow::openFile);

    QMenu* examples = menu->addMenu(tr("&Examples"));
    const QString examplesDir = QFileInfo(defaultExample()).path();
    const QStringList names = QDir(examplesDir).entryList({u"*.py"_s}, QDir::Files, QDir::Name);
    for (const QString& name : names) {
        const QString path = examplesDir + u'/' + name;
        examples->addAction(name, this, [this, path] { openExample(path); });
    }
    examples->setEnabled(!names.isEmpty());

    menu->addSeparator();
    menu->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    menu->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    menu->addSeparator();
    QAction* quit = menu->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::createEditMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = menu->addAction(tr("&Undo"), QKeySequence::Undo, m_editor, [this] { m_editor->undo(); });
    QAction* redo = menu->addAction(tr("&Redo"), QKeySequence::Redo, m_editor, [this] { m_editor->redo(); });
    // The editor handles these keys itself; the menu entries are for reading.
    undo->setShortcutContext(Qt::WidgetShortcut);
    redo->setShortcutContext(Qt::WidgetShortcut);
    menu->addSeparator();
    menu->addAction(m_findBar->findAction());
    menu->addAction(m_findBar->findNextAction());
    menu->addAction(m_findBar->findPreviousAction());
    menu->addAction(m_findBar->replaceAction());
    menu->addSeparator();
    menu->addAction(tr("&Go to Line…"), QKeySequence(Qt::CTRL | Qt::Key_G), this, &MainWindow::goToLineDialog);
}

void MainWindow::goToLineDialog()
{
    int line = 0;
    int index = 0;
    m_editor->getCursorPosition(&line, &index);
    const int last = std::max(1, m_editor->lines());
    bool ok = false;
    const int chosen =
        QInputDialog::getInt(this, tr("Go to Line"), tr("Line (1–%1):").arg(last), line + 1, 1, last, 1, &ok);
    if (ok) m_editor->goToLine(chosen);
}

void MainWindow::createViewMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("&View"));
    menu->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, m_editor, [this] { m_editor->zoomIn(); });
    menu->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, m_editor, [this] { m_editor->zoomOut(); });
    menu->addAction(tr("&Reset Zoom"), QKeySequence(Qt::CTRL | Qt::Key_0), m_editor, [this] { m_editor->zoomTo(0); });
    menu->addSeparator();
    createThemeMenu(menu);
    menu->addSeparator();
    m_viewMenu = menu;
}

void MainWindow::createThemeMenu(QMenu* view)
{
    QMenu* menu = view->addMenu(tr("&Theme"));
    m_themeActions = new QActionGroup(this);
    const std::pair<Theme, QString> entries[] = {
        {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto& [theme, text] : entries) {
        QAction* action = menu->addAction(text);
        action->setCheckable(true);
        action->setChecked(theme == m_theme);
        action->setData(static_cast<int>(theme));
        m_themeActions->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme] {
            setTheme(theme);
            storeTheme(theme);
        });
    }
}

void MainWindow::setTheme(Theme theme)
{
    m_theme = theme;
    applyTheme(theme);
    m_editor->setDarkColors(EditorColors::isDark(QApplication::palette()));
    showDiagnostics(m_lowering->diagnostics()); // the Problems list's colours
    for (QAction* action : m_themeActions->actions())
        action->setChecked(action->data().toInt() == static_cast<int>(theme));
}

void MainWindow::createHelpMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("&Help"));
    QAction* about = menu->addAction(tr("&About TIRx Explorer"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About TIRx Explorer"),
                       tr("<h3>TIRx Explorer %1</h3>"
                          "<p>A workbench for AWS Trainium kernels written in TIRx TVMScript: "
                          "see what every lowering pass does, where tensors land in SBUF and "
                          "PSUM, and the NKI kernel that comes out.</p>")
                           .arg(QStringLiteral(TIRX_VERSION)));
}
