// MainWindow's File > Export: the shown pass's module, the shown diff, and
// the whole dump that `tirx-cli lower --dump-dir` writes.
#include "mainwindow.h"

#include "document.h"
#include "fromstd.h"
#include "session/workbenchsession.h"

#include "diff/diffmodel.h"
#include "diff/diffview.h"
#include "passes/passstepper.h"

#include "diff/line_diff.h"
#include "transform/trace_dump.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace {
const QString kLastFolderKey = u"files/lastFolder"_s;
constexpr int kStatusTimeoutMs = 3000;
} // namespace

QString MainWindow::dialogFolder() const
{
    const QString last = QSettings().value(kLastFolderKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir()) return last;
    if (!m_document.isUntitled()) return QFileInfo(m_document.filePath()).absolutePath();
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

void MainWindow::rememberFolder(const QString& path)
{
    const QFileInfo info(path);
    QSettings().setValue(kLastFolderKey, info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

void MainWindow::createExportMenu(QMenu* file)
{
    QMenu* menu = file->addMenu(tr("E&xport"));
    menu->addAction(tr("Pass &IR…"), this, [this] {
        const QString base = QFileInfo(m_document.displayName()).completeBaseName();
        exportWithDialog(tr("Export Pass IR"), u"%1.%2.py"_s.arg(base, shownPassName()),
                         [this](const QString& path, QString* error) { return exportPassIr(path, error); });
    });
    menu->addAction(tr("&Diff…"), this, [this] {
        const QString base = QFileInfo(m_document.displayName()).completeBaseName();
        exportWithDialog(tr("Export Diff"), u"%1.%2.diff"_s.arg(base, shownPassName()),
                         [this](const QString& path, QString* error) { return exportDiff(path, error); });
    });
    menu->addAction(tr("&Whole Dump…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export Dump Into"), dialogFolder());
        if (dir.isEmpty()) return;
        rememberFolder(dir);
        QString error;
        if (!exportDump(dir, &error)) QMessageBox::warning(this, tr("Export Dump"), error);
    });
}

void MainWindow::exportWithDialog(const QString& title, const QString& name,
                                  const std::function<bool(const QString&, QString*)>& write)
{
    const QString path = QFileDialog::getSaveFileName(this, title, QDir(dialogFolder()).filePath(name));
    if (path.isEmpty()) return;
    rememberFolder(path);
    QString error;
    if (!write(path, &error)) QMessageBox::warning(this, title, error);
}

QString MainWindow::shownPassName() const
{
    const int entry = m_stepper->currentEntry();
    const auto trace = m_session->shownTrace();
    if (!trace || entry < 0 || entry >= static_cast<int>(trace->entries.size())) return u"input"_s;
    return fromStd(trace->entries[static_cast<size_t>(entry)]->passName);
}

bool MainWindow::exportPassIr(const QString& path, QString* error)
{
    const int entry = m_stepper->currentEntry();
    const auto trace = m_session->shownTrace();
    if (!trace || entry < 0 || entry >= static_cast<int>(trace->entries.size())) {
        *error = tr("no pass is shown");
        return false;
    }
    if (!Document::writeText(path, fromStd(trace->entries[static_cast<size_t>(entry)]->text), error)) return false;
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), kStatusTimeoutMs);
    return true;
}

bool MainWindow::exportDiff(const QString& path, QString* error)
{
    const DiffModel& model = *m_diff->model();
    if (!m_session->shownTrace() || m_stepper->currentEntry() < 0) {
        *error = tr("no pass is shown");
        return false;
    }
    const std::string diff = tirx::unifiedDiff(model.oldText(), model.newText(), m_diff->oldName().toStdString(),
                                               m_diff->newName().toStdString());
    if (!Document::writeText(path, fromStd(diff), error)) return false;
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), kStatusTimeoutMs);
    return true;
}

bool MainWindow::exportDump(const QString& directory, QString* error)
{
    const auto trace = m_session->shownTrace();
    if (!trace) {
        *error = tr("nothing has been lowered");
        return false;
    }
    if (const auto failed = tirx::writeTraceDump(*trace, directory.toStdString())) {
        *error = fromStd(*failed);
        return false;
    }
    statusBar()->showMessage(tr("Exported the dump into %1").arg(QDir::toNativeSeparators(directory)),
                             kStatusTimeoutMs);
    return true;
}
