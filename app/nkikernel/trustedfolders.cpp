#include "nkikernel/trustedfolders.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace trustedfolders {

namespace {
const QString kKey = u"nki/trustedFolders"_s;

QString canonical(const QString& folder)
{
    const QString c = QFileInfo(folder).canonicalFilePath();
    return c.isEmpty() ? QDir::cleanPath(QFileInfo(folder).absoluteFilePath()) : c;
}
} // namespace

QString folderOf(const QString& kernelPath) { return canonical(QFileInfo(kernelPath).absolutePath()); }

QStringList all() { return QSettings().value(kKey).toStringList(); }

bool isTrusted(const QString& folder) { return !folder.isEmpty() && all().contains(canonical(folder)); }

void trust(const QString& folder)
{
    QStringList folders = all();
    const QString c = canonical(folder);
    if (folders.contains(c)) return;
    folders.append(c);
    QSettings().setValue(kKey, folders);
}

} // namespace trustedfolders
