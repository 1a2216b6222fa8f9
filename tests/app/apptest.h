#pragma once

// What the app tests share: the bundled examples in the source tree, file
// contents, and settings kept apart from the user's.

#include <QApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

namespace apptest {

inline QString examplePath(const QString& name)
{
    return QStringLiteral(TIRX_SOURCE_DIR "/resources/examples/") + name;
}

inline QByteArray readBytes(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

inline bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// The application's names as tirx-explorer sets them, with QSettings and
// QStandardPaths in their test locations, emptied.
inline void useTestSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    // A settings folder of this test program's own: ctest runs several at
    // once, and one clearing a shared file would pull, say, a trusted folder
    // from under another.
    static const QTemporaryDir folder;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, folder.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder.path());
    QApplication::setOrganizationName(QStringLiteral("TIRx Explorer"));
    QApplication::setApplicationName(QStringLiteral("tirx-explorer"));
    QSettings().clear();
}

} // namespace apptest
