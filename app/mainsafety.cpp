// MainWindow's safety net for the user's text: autosave to the recovery
// folder, the offer to restore what a crashed session left, and the question
// when another program changes the open file.
#include "mainwindow.h"

#include "filewatch.h"
#include "recoverydialog.h"

#include "editor/codeeditor.h"

#include <QDir>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

using namespace Qt::StringLiterals;

void MainWindow::connectSafety()
{
    m_autosaveTimer->setInterval(kAutosaveIntervalMs);
    connect(m_autosaveTimer, &QTimer::timeout, this, &MainWindow::autosaveNow);
    m_autosaveTimer->start();
    connect(m_editor, &CodeEditor::textChanged, this, [this] { m_autosavePending = true; });
    connect(m_fileWatch, &FileWatch::changedOnDisk, this, &MainWindow::onChangedOnDisk);
    connect(m_fileWatch, &FileWatch::removedFromDisk, this, &MainWindow::onRemovedFromDisk);
}

int MainWindow::autosaveInterval() const { return m_autosaveTimer->interval(); }

void MainWindow::setAutosaveInterval(int ms) { m_autosaveTimer->start(std::max(1, ms)); }

void MainWindow::setRecoveryDirectory(const QString& directory)
{
    m_recovery->discard();
    m_recovery = std::make_unique<RecoveryStore>(directory);
    m_autosavePending = m_editor->isModified();
}

void MainWindow::autosaveNow()
{
    if (!m_editor->isModified()) {
        m_recovery->discard();
        m_autosavePending = false;
        return;
    }
    if (!m_autosavePending) return;
    QString error;
    if (!m_recovery->save(m_document.filePath(), m_document.displayName(), m_editor->text(), &error)) {
        // Keep trying at the next tick; say so once, without interrupting.
        statusBar()->showMessage(tr("Autosave failed: %1").arg(error));
        return;
    }
    m_autosavePending = false;
    emit autosaved(m_recovery->sessionFile());
}

int MainWindow::offerRecovery()
{
    const QList<RecoveredBuffer> buffers = m_recovery->orphans();
    if (buffers.isEmpty()) return 0;
    emit recoveryAvailable(buffers);
    delete m_recoveryDialog;
    m_recoveryDialog = new RecoveryDialog(buffers, this);
    connect(m_recoveryDialog, &RecoveryDialog::restoreRequested, this, &MainWindow::restoreBuffer);
    connect(m_recoveryDialog, &RecoveryDialog::discardRequested, this, [this](const QList<RecoveredBuffer>& discarded) {
        for (const RecoveredBuffer& buffer : discarded) m_recovery->remove(buffer);
    });
    m_recoveryDialog->open();
    return static_cast<int>(buffers.size());
}

void MainWindow::restoreBuffer(const RecoveredBuffer& buffer)
{
    // The file as it is on disk becomes the saved state and the recovered
    // text an edit on top of it: the buffer shows as unsaved, and Undo goes
    // back to the file.
    std::optional<QString> onDisk;
    if (buffer.filePath.isEmpty()) {
        m_document = Document();
        m_fileWatch->stop();
    } else {
        m_document.setFilePath(buffer.filePath);
        QString ignored;
        onDisk = Document::readText(buffer.filePath, &ignored);
        if (onDisk)
            watchDocument(onDisk->toUtf8());
        else
            m_fileWatch->stop();
    }
    setEditorText(onDisk.value_or(QString()));
    m_editor->replaceText(buffer.text);
    m_editor->markModified(); // even when it matches the file
    updateTitle();
    m_autosavePending = true;
    autosaveNow();
    if (!m_autosavePending) m_recovery->remove(buffer);
    statusBar()->showMessage(tr("Restored unsaved changes to %1").arg(m_document.displayName()));
}

void MainWindow::watchDocument(const QByteArray& contents) { m_fileWatch->watch(m_document.filePath(), contents); }

void MainWindow::onChangedOnDisk(const QString& path)
{
    emit fileChangedOnDisk(path);
    if (!m_reloadPrompt) {
        m_reloadPrompt =
            new QMessageBox(QMessageBox::Question, tr("File Changed on Disk"), QString(), QMessageBox::NoButton, this);
        m_reloadPrompt->setObjectName(u"ReloadPrompt"_s);
        QPushButton* reload = m_reloadPrompt->addButton(tr("&Reload"), QMessageBox::AcceptRole);
        QPushButton* keep = m_reloadPrompt->addButton(tr("&Keep My Version"), QMessageBox::RejectRole);
        reload->setObjectName(u"reload"_s);
        keep->setObjectName(u"keep"_s);
        connect(reload, &QPushButton::clicked, this, [this] { answerReload(true); });
        connect(keep, &QPushButton::clicked, this, [this] { answerReload(false); });
    }
    const QString name = QDir::toNativeSeparators(path);
    m_reloadPrompt->setText(m_editor->isModified()
                                ? tr("%1 was changed by another program, and you have unsaved changes. "
                                     "Reload it and lose your changes?")
                                      .arg(name)
                                : tr("%1 was changed by another program. Reload it?").arg(name));
    m_reloadPrompt->open();
}

void MainWindow::answerReload(bool reload)
{
    m_reloadPrompt->hide();
    m_reloadPrompt->deleteLater();
    m_reloadPrompt = nullptr;
    if (!reload) {
        // The editor no longer matches the file: saving must write it.
        m_editor->markModified();
        return;
    }
    QString error;
    if (!loadFile(m_document.filePath(), &error)) QMessageBox::warning(this, tr("Reload"), error);
}

void MainWindow::onRemovedFromDisk(const QString& path)
{
    emit fileChangedOnDisk(path);
    // The text is still in the editor; marking it unsaved makes Save write it back.
    m_editor->markModified();
    statusBar()->showMessage(tr("%1 was deleted or moved by another program; saving will write it again")
                                 .arg(QDir::toNativeSeparators(path)));
}
