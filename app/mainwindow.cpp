#include "mainwindow.h"

#include "filewatch.h"
#include "layoutdocks.h"
#include "nkikernel/kernelsession.h"
#include "recentfiles.h"
#include "session/workbenchsession.h"

#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "editor/findbar.h"
#include "irview/irview.h"
#include "passes/passstepper.h"
#include "problems/problemsview.h"

#include "nki/detect.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
const QString kExamplesDir = u":/examples"_s;
// File > New starts from a kernel that lowers, not from an empty buffer
// that only errors.
const QString kNewFileTemplate = u":/templates/new_kernel.py"_s;
const QString kFileFilter = u"TVMScript or NKI kernel (*.py);;All files (*)"_s;
constexpr int kStatusTimeoutMs = 3000;
// Leaves room for a window manager's frame on a 1280x800 screen.
constexpr QSize kFirstRunSize(1200, 740);
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_editor(new CodeEditor(this)), m_findBar(new FindBar(m_editor, this)),
      m_session(new WorkbenchSession(this)), m_stepper(new PassStepper(this)), m_diff(new DiffView(this)),
      m_ir(new IrView(this)), m_problems(new ProblemsView(this)), m_recovery(std::make_unique<RecoveryStore>()),
      m_autosaveTimer(new QTimer(this)), m_fileWatch(new FileWatch(this))
{
    setObjectName(u"MainWindow"_s);
    setDockNestingEnabled(true);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_findBar);
    setCentralWidget(central);
    createKernelViews(layout);
    m_theme = storedTheme();
    createMenus();
    createDocks();
    connectSession();
    connectSafety();
    statusBar();
    // Before the first show, which would grow the window to what the docks ask for.
    letLargeDocksScroll();

    connect(m_editor, &CodeEditor::modificationChanged, this, &QWidget::setWindowModified);
    updateTitle();
}

QString MainWindow::defaultExample()
{
    // The example that shows the whole product: it lowers through every pass,
    // fills SBUF, prints as an NKI kernel and runs on the simulator (a
    // loop-level example such as tiled_add.py stops before NKI).
    return kExamplesDir + u"/softmax.py"_s;
}

void MainWindow::setEditorText(const QString& text)
{
    m_editor->setText(text);
    m_editor->setModified(false);
    m_editor->setCursorPosition(0, 0);
    setWindowModified(false);
    // The editor now matches a file or an example: nothing to recover.
    m_autosavePending = false;
    m_recovery->discard();
    // Another document: its passes are not the last one's, and it lands on
    // its own default pass. A message about the last file no longer applies.
    m_session->forgetTrace();
    m_stepper->forgetChoice();
    statusBar()->clearMessage();
    if (m_editor->language() == CodeEditor::Language::Python) {
        // A hand-written NKI kernel is run, not lowered.
        openKernel(m_document.filePath(), text);
        return;
    }
    // A freshly opened module is lowered at once rather than after the
    // debounce, and shown with the memory plans of the pass it lands on.
    m_session->lowerNow(text);
    m_session->waitForIdle();
}

bool MainWindow::loadFile(const QString& path, QString* error)
{
    const std::optional<QString> text = Document::readText(path, error);
    if (!text) return false;
    m_document.setFilePath(path);
    setKernelMode(tirx::nki::looksLikeNkiKernel(text->toStdString()));
    setEditorText(*text);
    watchDocument(text->toUtf8());
    updateTitle();
    return true;
}

void MainWindow::addRecentFile(const QString& path) { m_recentFiles->add(path); }

bool MainWindow::loadExample(const QString& resourcePath, QString* error)
{
    const std::optional<QString> text = Document::readText(resourcePath, error);
    if (!text) return false;
    m_document.setExample(QFileInfo(resourcePath).fileName());
    m_fileWatch->stop();
    setKernelMode(false);
    setEditorText(*text);
    updateTitle();
    return true;
}

bool MainWindow::saveFile(const QString& path, QString* error)
{
    const QString text = m_editor->text();
    if (!Document::writeText(path, text, error)) return false;
    m_document.setFilePath(path);
    watchDocument(text.toUtf8());
    m_editor->setModified(false);
    setWindowModified(false);
    m_autosavePending = false;
    m_recovery->discard();
    updateTitle();
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), kStatusTimeoutMs);
    return true;
}

void MainWindow::newFile()
{
    if (!maybeSave()) return;
    m_document = Document();
    m_fileWatch->stop();
    setKernelMode(false);
    QString ignored;
    setEditorText(Document::readText(kNewFileTemplate, &ignored).value_or(QString()));
    updateTitle();
}

void MainWindow::open()
{
    if (!maybeSave()) return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open TIRx Module or NKI Kernel"), dialogFolder(), kFileFilter);
    if (path.isEmpty()) return;
    rememberFolder(path);
    QString error;
    if (loadFile(path, &error))
        addRecentFile(path);
    else
        QMessageBox::warning(this, tr("Open"), error);
}

void MainWindow::openFile(const QString& path)
{
    if (!maybeSave()) return;
    QString error;
    if (loadFile(path, &error)) {
        addRecentFile(path);
        return;
    }
    m_recentFiles->remove(path);
    QMessageBox::warning(this, tr("Open"), error);
}

void MainWindow::openExample(const QString& resourcePath)
{
    if (!maybeSave()) return;
    QString error;
    if (!loadExample(resourcePath, &error)) QMessageBox::warning(this, tr("Open Example"), error);
}

bool MainWindow::save()
{
    if (m_document.isUntitled()) return saveAs();
    QString error;
    if (saveFile(m_document.filePath(), &error)) return true;
    QMessageBox::warning(this, tr("Save"), error);
    return false;
}

bool MainWindow::saveAs()
{
    const QString suggested =
        m_document.isUntitled() ? QDir(dialogFolder()).filePath(m_document.displayName()) : m_document.filePath();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"), suggested, kFileFilter);
    if (path.isEmpty()) return false;
    rememberFolder(path);
    QString error;
    if (saveFile(path, &error)) return true;
    QMessageBox::warning(this, tr("Save As"), error);
    return false;
}

bool MainWindow::maybeSave()
{
    if (!m_editor->isModified()) return true;
    // An untitled buffer typed into and emptied again holds nothing to lose.
    if (m_document.isUntitled() && m_editor->text().trimmed().isEmpty()) return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Changes"),
                    tr("%1 has unsaved changes. Save them?").arg(m_document.displayName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.button(QMessageBox::Save)->setText(m_document.isUntitled() ? tr("&Save As…") : tr("&Save"));
    box.button(QMessageBox::Discard)->setText(tr("&Don't Save"));
    box.button(QMessageBox::Cancel)->setText(tr("&Cancel"));
    // Enter saves a file in place; for an untitled buffer it would open a
    // dialog the user did not ask for, so it cancels instead.
    box.setDefaultButton(m_document.isUntitled() ? QMessageBox::Cancel : QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    const int answer = box.exec();
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_document.displayName() + u"[*] — TIRx Explorer"_s);
    setWindowFilePath(m_document.filePath());
}

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(u"mainWindow/geometry"_s).toByteArray())) placeOnFirstRun();
    m_layoutRestored = restoreState(settings.value(u"mainWindow/state"_s).toByteArray());
    keepDockTabsReadable();
    m_diff->setWrapping(settings.value(u"diff/wrap"_s, false).toBool());
}

void MainWindow::setKeepsSettings(bool keep)
{
    m_keepsSettings = keep;
    m_session->setRemembersChoices(keep);
}

void MainWindow::placeOnFirstRun()
{
    const QScreen* screen = QGuiApplication::primaryScreen();
    if (!screen) {
        resize(kFirstRunSize);
        return;
    }
    const QRect available = screen->availableGeometry();
    QRect frame(QPoint(), kFirstRunSize.boundedTo(available.size()));
    frame.moveCenter(available.center());
    setGeometry(frame);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_shownOnce) return;
    m_shownOnce = true;
    letLargeDocksScroll();
    if (!m_layoutRestored) balanceDocks();
    keepDockTabsReadable();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(u"mainWindow/geometry"_s, saveGeometry());
    settings.setValue(u"mainWindow/state"_s, saveState());
    settings.setValue(u"diff/wrap"_s, m_diff->wrapping());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // The layout is saved as the user arranged it for TIRx modules.
    if (isKernelOpen()) showTirxDocks(true);
    if (m_keepsSettings) saveSettings();
    // Saved or deliberately discarded: a clean close leaves nothing to recover.
    m_autosaveTimer->stop();
    m_recovery->discard();
    event->accept();
}
