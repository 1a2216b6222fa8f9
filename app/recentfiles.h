#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

// The "Open Recent" list: most recent first, at most kMaxEntries, kept in
// QSettings. Owns the contents of the menu it is given and rebuilds it on
// every change; a missing file is dropped when it is chosen.
class RecentFiles : public QObject {
    Q_OBJECT

public:
    static constexpr int kMaxEntries = 8;

    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);

    [[nodiscard]] QStringList files() const;
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

signals:
    void fileChosen(const QString& path);

private:
    void store(const QStringList& files);
    void rebuildMenu();

    QMenu* m_menu;
};
