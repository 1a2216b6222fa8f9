// MainWindow's menus: File, Edit, View (with the theme) and Help.
#include "mainwindow.h"

#include "helptexts.h"
#include "recentfiles.h"
#include "session/workbenchsession.h"
#include "tour/teachingexamples.h"
#include "tour/tour.h"

#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "editor/editorcolors.h"
#include "editor/findbar.h"
#include "irview/irview.h"
#include "nki/nkiview.h"
#include "tirx_version.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// Copy from whichever view has the focus: the editor, an IR view, the diff,
// a list.
void copyFromFocus()
{
    QWidget* focus = QApplication::focusWidget();
    if (!focus) return;
    QKeyEvent press(QEvent::KeyPress, Qt::Key_C, Qt::ControlModifier);
    QApplication::sendEvent(focus, &press);
}

} // namespace

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
        const QString description = exampleDescription(path);
        examples->addAction(description.isEmpty() ? name : name + u"  —  "_s + description, this,
                            [this, path] { openExample(path); });
    }
    examples->setEnabled(!names.isEmpty());

    menu->addSeparator();
    menu->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    menu->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    createExportMenu(menu);
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
    menu->addSeparator();
    QAction* cut = menu->addAction(tr("Cu&t"), QKeySequence::Cut, m_editor, [this] { m_editor->cut(); });
    QAction* copy = menu->addAction(tr("&Copy"), QKeySequence::Copy, this, [] { copyFromFocus(); });
    QAction* paste = menu->addAction(tr("&Paste"), QKeySequence::Paste, m_editor, [this] { m_editor->paste(); });
    QAction* selectAll =
        menu->addAction(tr("Select &All"), QKeySequence::SelectAll, m_editor, [this] { m_editor->selectAll(); });
    for (QAction* action : {undo, redo, cut, copy, paste, selectAll}) action->setShortcutContext(Qt::WidgetShortcut);
    menu->addAction(tr("Toggle &Comment"), QKeySequence(Qt::CTRL | Qt::Key_Slash), m_editor,
                    [this] { m_editor->toggleComment(); });
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
    QInputDialog dialog(this);
    dialog.setWindowTitle(tr("Go to Line"));
    dialog.setLabelText(tr("Line (1–%1):").arg(last));
    dialog.setInputMode(QInputDialog::IntInput);
    dialog.setIntRange(1, last);
    dialog.setIntValue(line + 1);
    // Wide enough that a window manager does not elide the title.
    dialog.setMinimumWidth(fontMetrics().horizontalAdvance(dialog.windowTitle()) * 3);
    if (dialog.exec() == QDialog::Accepted) m_editor->goToLine(dialog.intValue());
}

void MainWindow::createViewMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("&View"));
    menu->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, [this] { setZoom(m_zoom + 1); });
    menu->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [this] { setZoom(m_zoom - 1); });
    menu->addAction(tr("&Reset Zoom"), QKeySequence(Qt::CTRL | Qt::Key_0), this, [this] { setZoom(0); });
    menu->addSeparator();
    createThemeMenu(menu);
    menu->addSeparator();
    m_viewMenu = menu;
}

void MainWindow::setZoom(int steps)
{
    // One zoom for every text pane: a projector needs all of them larger.
    m_zoom = std::clamp(steps, -8, 20);
    m_editor->zoomTo(m_zoom);
    m_ir->editor()->zoomTo(m_zoom);
    m_nki->editor()->zoomTo(m_zoom);
    m_diff->setZoom(m_zoom);
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
    showDiagnostics(m_session->diagnostics()); // the Problems list's colours
    for (QAction* action : m_themeActions->actions())
        action->setChecked(action->data().toInt() == static_cast<int>(theme));
}

void MainWindow::createHelpMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("&Help"));
    QAction* tour = menu->addAction(tr("&Tour"), this, [] { openTourWindow(); });
    tour->setObjectName(u"TourAction"_s);
    tour->setToolTip(tr("A guided tour of the window on a bundled example, in a window of its own"));
    QAction* teaching = menu->addAction(tr("Teaching &Examples…"), this, &MainWindow::showTeachingExamples);
    teaching->setObjectName(u"TeachingExamplesAction"_s);
    menu->addSeparator();
    menu->addAction(tr("&Keyboard Shortcuts"), this,
                    [this] { showHelpPage(tr("Keyboard Shortcuts"), shortcutsHtml(findChildren<QAction*>())); });
    menu->addAction(tr("TIRx &Call Reference"), this,
                    [this] { showHelpPage(tr("TIRx Call Reference"), callReferenceHtml()); });
    menu->addSeparator();
    QAction* about = menu->addAction(tr("&About TIRx Explorer"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::showHelpPage(const QString& title, const QString& html)
{
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto* text = new QTextBrowser(dialog);
    text->setHtml(html);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(760, 560);
    dialog->show();
}

void MainWindow::showTeachingExamples()
{
    if (!m_teaching) {
        auto* dialog = new TeachingExamplesDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &TeachingExamplesDialog::exampleChosen, this, &MainWindow::openExample);
        m_teaching = dialog;
    }
    m_teaching->show();
    m_teaching->raise();
    m_teaching->activateWindow();
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
