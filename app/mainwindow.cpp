#include "mainwindow.h"

#include "lowering.h"
#include "recentfiles.h"

#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "passes/passstepper.h"
#include "tirx_version.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace {
const QString kExamplesDir = u":/examples"_s;
const QString kFileFilter = u"TVMScript (*.py);;All files (*)"_s;
constexpr int kStatusTimeoutMs = 3000;
// Leaves room for a window manager's frame on a 1280x800 screen.
constexpr QSize kFirstRunSize(1200, 740);
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_editor(new CodeEditor(this))
    , m_lowering(new LoweringController(this))
    , m_stepper(new PassStepper(this))
    , m_diff(new DiffView(this))
    , m_problems(new QListWidget(this))
{
    setObjectName(u"MainWindow"_s);
    setDockNestingEnabled(true);
    setCentralWidget(m_editor);
    createMenus();
    createDocks();
    connectLowering();
    statusBar();

    connect(m_editor, &CodeEditor::modificationChanged, this, &QWidget::setWindowModified);
    updateTitle();
}

QString MainWindow::defaultExample()
{
    return kExamplesDir + u"/activation.py"_s;
}

void MainWindow::createMenus()
{
    createFileMenu();
    createViewMenu();
    createHelpMenu();
}

void MainWindow::createFileMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&File"));
    menu->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newFile);
    menu->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::open);

    m_recentFiles = new RecentFiles(menu->addMenu(tr("Open &Recent")), this);
    connect(m_recentFiles, &RecentFiles::fileChosen, this, &MainWindow::openFile);

    QMenu *examples = menu->addMenu(tr("&Examples"));
    const QStringList names = QDir(kExamplesDir).entryList({u"*.py"_s}, QDir::Files, QDir::Name);
    for (const QString &name : names) {
        const QString path = kExamplesDir + u'/' + name;
        examples->addAction(name, this, [this, path] { openExample(path); });
    }
    examples->setEnabled(!names.isEmpty());

    menu->addSeparator();
    menu->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    menu->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    menu->addSeparator();
    QAction *quit = menu->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::createViewMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&View"));
    menu->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, m_editor, [this] { m_editor->zoomIn(); });
    menu->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, m_editor, [this] { m_editor->zoomOut(); });
    menu->addAction(tr("&Reset Zoom"), QKeySequence(Qt::CTRL | Qt::Key_0), m_editor,
                    [this] { m_editor->zoomTo(0); });
    menu->addSeparator();
    m_viewMenu = menu;
}

void MainWindow::createHelpMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Help"));
    QAction *about = menu->addAction(tr("&About TIRx Explorer"), this, &MainWindow::showAbout);
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

void MainWindow::setEditorText(const QString &text)
{
    m_editor->setText(text);
    m_editor->setModified(false);
    m_editor->setCursorPosition(0, 0);
    setWindowModified(false);
    // A freshly opened module is lowered at once rather than after the debounce.
    m_lowering->lowerNow(text);
}

bool MainWindow::loadFile(const QString &path, QString *error)
{
    const std::optional<QString> text = Document::readText(path, error);
    if (!text)
        return false;
    m_document.setFilePath(path);
    setEditorText(*text);
    updateTitle();
    return true;
}

void MainWindow::addRecentFile(const QString &path)
{
    m_recentFiles->add(path);
}

bool MainWindow::loadExample(const QString &resourcePath, QString *error)
{
    const std::optional<QString> text = Document::readText(resourcePath, error);
    if (!text)
        return false;
    m_document.setExample(QFileInfo(resourcePath).fileName());
    setEditorText(*text);
    updateTitle();
    return true;
}

bool MainWindow::saveFile(const QString &path, QString *error)
{
    if (!Document::writeText(path, m_editor->text(), error))
        return false;
    m_document.setFilePath(path);
    m_editor->setModified(false);
    setWindowModified(false);
    updateTitle();
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), kStatusTimeoutMs);
    return true;
}

void MainWindow::newFile()
{
    if (!maybeSave())
        return;
    m_document = Document();
    setEditorText(QString());
    updateTitle();
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString dir =
        m_document.isUntitled() ? QDir::currentPath() : QFileInfo(m_document.filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open TIRx Module"), dir, kFileFilter);
    if (path.isEmpty())
        return;
    QString error;
    if (loadFile(path, &error))
        addRecentFile(path);
    else
        QMessageBox::warning(this, tr("Open"), error);
}

void MainWindow::openFile(const QString &path)
{
    if (!maybeSave())
        return;
    QString error;
    if (loadFile(path, &error)) {
        addRecentFile(path);
        return;
    }
    m_recentFiles->remove(path);
    QMessageBox::warning(this, tr("Open"), error);
}

void MainWindow::openExample(const QString &resourcePath)
{
    if (!maybeSave())
        return;
    QString error;
    if (!loadExample(resourcePath, &error))
        QMessageBox::warning(this, tr("Open Example"), error);
}

bool MainWindow::save()
{
    if (m_document.isUntitled())
        return saveAs();
    QString error;
    if (saveFile(m_document.filePath(), &error))
        return true;
    QMessageBox::warning(this, tr("Save"), error);
    return false;
}

bool MainWindow::saveAs()
{
    const QString suggested =
        m_document.isUntitled() ? QDir::current().filePath(m_document.displayName()) : m_document.filePath();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"), suggested, kFileFilter);
    if (path.isEmpty())
        return false;
    QString error;
    if (saveFile(path, &error))
        return true;
    QMessageBox::warning(this, tr("Save As"), error);
    return false;
}

bool MainWindow::maybeSave()
{
    if (!m_editor->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved Changes"), tr("%1 has unsaved changes. Save them?").arg(m_document.displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
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
    if (!restoreGeometry(settings.value(u"mainWindow/geometry"_s).toByteArray()))
        placeOnFirstRun();
    restoreState(settings.value(u"mainWindow/state"_s).toByteArray());
}

void MainWindow::placeOnFirstRun()
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    if (!screen) {
        resize(kFirstRunSize);
        return;
    }
    const QRect available = screen->availableGeometry();
    QRect frame(QPoint(), kFirstRunSize.boundedTo(available.size()));
    frame.moveCenter(available.center());
    setGeometry(frame);
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(u"mainWindow/geometry"_s, saveGeometry());
    settings.setValue(u"mainWindow/state"_s, saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    saveSettings();
    event->accept();
}
