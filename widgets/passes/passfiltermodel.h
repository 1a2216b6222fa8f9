#pragma once

#include <QSortFilterProxyModel>

// Hides the passes that left the module unchanged (the input row and passes
// with warnings or errors always stay), so a long pipeline shows only what
// did something, and the passes whose name does not contain the filter text.
class PassFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit PassFilterModel(QObject* parent = nullptr);

    [[nodiscard]] bool hideUnchanged() const { return m_hideUnchanged; }
    void setHideUnchanged(bool hide);
    // Case-insensitive part of a pass name; empty shows every pass.
    [[nodiscard]] QString nameFilter() const { return m_nameFilter; }
    void setNameFilter(const QString& text);

protected:
    [[nodiscard]] bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool m_hideUnchanged = false;
    QString m_nameFilter;
};
