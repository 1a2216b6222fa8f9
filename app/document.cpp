#include "document.h"

#include "files/checked_read.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
// Large enough not to slow a save down, small enough to report progress.
constexpr qint64 kSaveChunkBytes = 256 * 1024;
} // namespace

void Document::setFilePath(const QString& path)
{
    m_filePath = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    m_exampleName.clear();
}

void Document::setExample(const QString& exampleName)
{
    m_filePath.clear();
    m_exampleName = exampleName;
}

QString Document::displayName() const
{
    if (!m_filePath.isEmpty()) return QFileInfo(m_filePath).fileName();
    if (!m_exampleName.isEmpty()) return m_exampleName;
    return u"untitled.py"_s;
}

std::optional<QString> Document::readText(const QString& path, QString* error)
{
    // Examples and templates are built into the program; every file on disk
    // goes through the reader the CLI uses, so a FIFO or a device cannot
    // block the window and a huge file is refused with its reason.
    if (path.startsWith(u':')) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            if (error) *error = u"cannot read '%1': %2"_s.arg(path, file.errorString());
            return std::nullopt;
        }
        return QString::fromUtf8(file.readAll());
    }
    const auto read = tirx::files::readCheckedFile(QFile::encodeName(path).toStdString());
    if (!read.bytes) {
        if (error) *error = u"cannot read '%1': %2"_s.arg(path, QString::fromStdString(read.reason));
        return std::nullopt;
    }
    return QString::fromUtf8(read.bytes->data(), static_cast<qsizetype>(read.bytes->size()));
}

bool Document::writeText(const QString& path, const QString& text, QString* error, const SaveProgress& progress)
{
    QSaveFile file(path);
    const auto fail = [&](const QString& reason) {
        file.cancelWriting();
        if (error) *error = u"cannot write '%1': %2"_s.arg(path, reason);
        return false;
    };
    if (!file.open(QIODevice::WriteOnly)) return fail(file.errorString());
    const QByteArray bytes = text.toUtf8();
    const qint64 total = bytes.size();
    qint64 written = 0;
    while (written < total) {
        const qint64 chunk = std::min(kSaveChunkBytes, total - written);
        if (file.write(bytes.constData() + written, chunk) != chunk) return fail(file.errorString());
        written += chunk;
        if (progress && !progress(written, total)) return fail(u"the save was cancelled"_s);
    }
    if (!file.commit()) return fail(file.errorString());
    return true;
}
