#include "recovery.h"

#include "files/checked_read.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace {
const QString kSuffix = u".json"_s;
constexpr int kFormatVersion = 1;

// A lock is stale only when its process is gone, never because it is old:
// a session may run for days.
std::unique_ptr<QLockFile> makeLock(const QString& path)
{
    auto lock = std::make_unique<QLockFile>(path);
    lock->setStaleLockTime(0);
    return lock;
}
} // namespace

QString RecoveryStore::defaultDirectory()
{
    const QString overridden = qEnvironmentVariable(kDirectoryVariable);
    if (!overridden.isEmpty()) return overridden;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/recovery"_s;
}

RecoveryStore::RecoveryStore(const QString& directory)
    : m_directory(QDir::cleanPath(directory)), m_session(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
}

RecoveryStore::~RecoveryStore() = default; // locks are released, files stay

QString RecoveryStore::sessionFile() const { return m_directory + u'/' + m_session + kSuffix; }

QString RecoveryStore::lockPath(const QString& session) const { return m_directory + u'/' + session + u".lock"_s; }

bool RecoveryStore::ensureSessionLock(QString* error)
{
    if (m_lock) return true;
    if (!QDir().mkpath(m_directory)) {
        *error = u"cannot create the recovery folder '%1'"_s.arg(m_directory);
        return false;
    }
    auto lock = makeLock(lockPath(m_session));
    if (!lock->tryLock(0)) {
        *error = u"cannot lock '%1'"_s.arg(lockPath(m_session));
        return false;
    }
    m_lock = std::move(lock);
    return true;
}

bool RecoveryStore::save(const QString& filePath, const QString& displayName, const QString& text, QString* error)
{
    QString ignored;
    if (!error) error = &ignored;
    if (!ensureSessionLock(error)) return false;
    const QJsonObject object{
        {u"version"_s, kFormatVersion},
        {u"filePath"_s, filePath},
        {u"displayName"_s, displayName},
        {u"savedAt"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {u"text"_s, text},
    };
    QSaveFile file(sessionFile());
    if (!file.open(QIODevice::WriteOnly)) {
        *error = u"cannot write '%1': %2"_s.arg(sessionFile(), file.errorString());
        return false;
    }
    file.write(QJsonDocument(object).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        *error = u"cannot write '%1': %2"_s.arg(sessionFile(), file.errorString());
        return false;
    }
    return true;
}

void RecoveryStore::discard() { QFile::remove(sessionFile()); }

std::optional<RecoveredBuffer> RecoveryStore::read(const QString& recoveryFile)
{
    const auto read = tirx::files::readCheckedFile(QFile::encodeName(recoveryFile).toStdString());
    if (!read.bytes) return std::nullopt;
    const QJsonDocument document =
        QJsonDocument::fromJson(QByteArray(read.bytes->data(), static_cast<qsizetype>(read.bytes->size())));
    const QJsonObject object = document.object();
    if (!document.isObject() || object.value(u"version"_s).toInt() != kFormatVersion ||
        !object.value(u"text"_s).isString())
        return std::nullopt;
    RecoveredBuffer buffer;
    buffer.recoveryFile = QFileInfo(recoveryFile).absoluteFilePath();
    buffer.filePath = object.value(u"filePath"_s).toString();
    buffer.displayName = object.value(u"displayName"_s).toString();
    buffer.text = object.value(u"text"_s).toString();
    buffer.savedAt = QDateTime::fromString(object.value(u"savedAt"_s).toString(), Qt::ISODateWithMs);
    return buffer;
}

QList<RecoveredBuffer> RecoveryStore::orphans()
{
    QList<RecoveredBuffer> found;
    const QDir dir(m_directory);
    const QStringList files = dir.entryList({u"*"_s + kSuffix}, QDir::Files, QDir::Name);
    for (const QString& name : files) {
        const QString session = name.chopped(kSuffix.size());
        if (session == m_session) continue;
        if (!m_claimed.contains(session)) {
            auto lock = makeLock(lockPath(session));
            if (!lock->tryLock(0)) continue; // its session is still running
            m_claimed.emplace(session, std::move(lock));
        }
        if (std::optional<RecoveredBuffer> buffer = read(dir.filePath(name))) found.append(*buffer);
    }
    std::sort(found.begin(), found.end(),
              [](const RecoveredBuffer& a, const RecoveredBuffer& b) { return a.savedAt > b.savedAt; });
    return found;
}

void RecoveryStore::remove(const RecoveredBuffer& buffer)
{
    const QString session = QFileInfo(buffer.recoveryFile).completeBaseName();
    QFile::remove(buffer.recoveryFile);
    m_claimed.erase(session); // unlocking deletes the lock file
}
