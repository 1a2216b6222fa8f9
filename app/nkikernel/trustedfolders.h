#pragma once

#include <QString>
#include <QStringList>

// The folders whose kernels the user agreed to run (spec 08 §3: running a
// kernel file runs its Python, so the window asks once per folder). Kept in
// the settings as canonical paths; a folder's subfolders are not covered,
// since a repository's folders may hold code of different origins.
namespace trustedfolders {

// The canonical form of the folder holding `kernelPath`.
[[nodiscard]] QString folderOf(const QString& kernelPath);
[[nodiscard]] bool isTrusted(const QString& folder);
void trust(const QString& folder);
[[nodiscard]] QStringList all();

} // namespace trustedfolders
