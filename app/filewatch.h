#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

class QFileSystemWatcher;

// Notices when another program changes or removes the document's file. It
// knows the bytes the editor last read or wrote, so the editor's own saves
// (and touches that change nothing) are not reported, and it follows a file
// that another editor replaced by renaming a new one over it.
class FileWatch : public QObject {
    Q_OBJECT

public:
    explicit FileWatch(QObject* parent = nullptr);

    [[nodiscard]] QString path() const { return m_path; }
    // Starts watching path, whose contents are now `contents`.
    void watch(const QString& path, const QByteArray& contents);
    // The file now holds `contents` (after a save, or a change the user kept).
    void setKnownContents(const QByteArray& contents) { m_known = contents; }
    void stop();

    // Compares the file with the known contents now, as the watcher would.
    void check();

signals:
    void changedOnDisk(const QString& path);
    void removedFromDisk(const QString& path);

private:
    void rewatch();

    QFileSystemWatcher* m_watcher;
    QString m_path;
    QByteArray m_known;
    bool m_missing = false;
};
