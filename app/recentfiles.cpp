#include "recentfiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace {
const QString kSettingsKey = u"recentFiles"_s;
} // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu) { rebuildMenu(); }

QStringList RecentFiles::files() const { return QSettings().value(kSettingsKey).toStringList(); }

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxEntries) list.removeLast();
    store(list);
}

void RecentFiles::remove(const QString& path)
{
    QStringList list = files();
    list.removeAll(path);
    store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::store(const QStringList& files)
{
    QSettings().setValue(kSettingsKey, files);
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    // The menu is rebuilt from inside its own actions' signals, so old
    // actions are deleted later rather than by QMenu::clear().
    const QList<QAction*> old = m_menu->actions();
    for (QAction* action : old) {
        m_menu->removeAction(action);
        action->deleteLater();
    }
    const QStringList list = files();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString& path = list.at(i);
        // Mnemonics 1..8; the full path sits in the tooltip and status bar.
        const QString text = u"&%1 %2"_s.arg(i + 1).arg(QFileInfo(path).fileName());
        QAction* action = m_menu->addAction(text);
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { emit fileChosen(path); });
    }
    if (!list.isEmpty()) m_menu->addSeparator();
    QAction* clearAction = m_menu->addAction(tr("Clear Menu"));
    clearAction->setEnabled(!list.isEmpty());
    connect(clearAction, &QAction::triggered, this, &RecentFiles::clear);
    m_menu->setEnabled(!list.isEmpty());
}
