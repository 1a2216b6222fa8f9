#include "document.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

using namespace Qt::StringLiterals;

void Document::setFilePath(const QString &path)
{
    m_filePath = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    m_exampleName.clear();
}

void Document::setExample(const QString &exampleName)
{
    m_filePath.clear();
    m_exampleName = exampleName;
}

QString Document::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    if (!m_exampleName.isEmpty())
        return m_exampleName;
    return u"untitled.py"_s;
}

std::optional<QString> Document::readText(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = u"cannot read '%1': %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    return QString::fromUtf8(file.readAll());
}

bool Document::writeText(const QString &path, const QString &text, QString *error)
{
    QSaveFile file(path);
    const auto fail = [&] {
        if (error)
            *error = u"cannot write '%1': %2"_s.arg(path, file.errorString());
        return false;
    };
    if (!file.open(QIODevice::WriteOnly))
        return fail();
    const QByteArray bytes = text.toUtf8();
    if (file.write(bytes) != bytes.size()) {
        file.cancelWriting();
        return fail();
    }
    if (!file.commit())
        return fail();
    return true;
}
