#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

#include <map>
#include <memory>
#include <optional>

class QLockFile;

// One unsaved buffer kept by autosave: what the user had typed and which
// document it belonged to.
struct RecoveredBuffer {
    QString recoveryFile; // the .json in the recovery folder
    QString filePath;     // the document's file; empty for an untitled one
    QString displayName;
    QString text;
    QDateTime savedAt;
};

// The recovery folder: every session writes its unsaved buffer to
// "<session>.json" there and holds "<session>.lock" while it runs. A buffer
// whose lock nobody holds belongs to a session that ended without a clean
// save or close (a crash, a kill, a power cut) and is offered on the next
// start. The folder is AppDataLocation/recovery unless TIRX_RECOVERY_DIR
// names another (tests, several installations side by side).
class RecoveryStore {
public:
    static constexpr const char* kDirectoryVariable = "TIRX_RECOVERY_DIR";

    [[nodiscard]] static QString defaultDirectory();

    explicit RecoveryStore(const QString& directory = defaultDirectory());
    ~RecoveryStore();
    RecoveryStore(const RecoveryStore&) = delete;
    RecoveryStore& operator=(const RecoveryStore&) = delete;

    [[nodiscard]] QString directory() const { return m_directory; }
    // This session's recovery file (it exists only while there is something
    // unsaved).
    [[nodiscard]] QString sessionFile() const;

    // Writes this session's buffer atomically; false and *error on failure.
    [[nodiscard]] bool save(const QString& filePath, const QString& displayName, const QString& text, QString* error);
    // Removes this session's file: the buffer was saved or deliberately dropped.
    void discard();

    // Buffers left behind by sessions that are no longer running, newest
    // first. Their locks are taken, so a second instance starting at the same
    // time does not offer them too.
    [[nodiscard]] QList<RecoveredBuffer> orphans();
    // Deletes an orphan's file and lock once it was restored or declined.
    void remove(const RecoveredBuffer& buffer);

    // Reads one recovery file; nothing for a missing or malformed one.
    [[nodiscard]] static std::optional<RecoveredBuffer> read(const QString& recoveryFile);

private:
    [[nodiscard]] QString lockPath(const QString& session) const;
    [[nodiscard]] bool ensureSessionLock(QString* error);

    QString m_directory;
    QString m_session;
    std::unique_ptr<QLockFile> m_lock;
    std::map<QString, std::unique_ptr<QLockFile>> m_claimed; // orphan session -> its lock
};
