#include "filewatch.h"

#include "files/checked_read.h"

#include <QFile>
#include <QFileSystemWatcher>

FileWatch::FileWatch(QObject* parent) : QObject(parent), m_watcher(new QFileSystemWatcher(this))
{
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString& path) {
        if (path == m_path) check();
    });
}

void FileWatch::watch(const QString& path, const QByteArray& contents)
{
    stop();
    m_path = path;
    m_known = contents;
    m_missing = false;
    rewatch();
}

void FileWatch::stop()
{
    if (!m_watcher->files().isEmpty()) m_watcher->removePaths(m_watcher->files());
    m_path.clear();
    m_known.clear();
}

void FileWatch::rewatch()
{
    // A file replaced by a rename is dropped from the watcher.
    if (!m_path.isEmpty() && !m_watcher->files().contains(m_path) && QFile::exists(m_path)) m_watcher->addPath(m_path);
}

void FileWatch::check()
{
    if (m_path.isEmpty()) return;
    // The checked reader: a FIFO or a device put in the file's place is
    // not read (it would block the window) but counts as the file gone.
    const auto read = tirx::files::readCheckedFile(QFile::encodeName(m_path).toStdString());
    if (!read.bytes) {
        if (!m_missing) {
            m_missing = true;
            emit removedFromDisk(m_path);
        }
        return;
    }
    m_missing = false;
    const QByteArray contents(read.bytes->data(), static_cast<qsizetype>(read.bytes->size()));
    rewatch();
    if (contents == m_known) return;
    // Reported once per change: asking again needs another change.
    m_known = contents;
    emit changedOnDisk(m_path);
}
