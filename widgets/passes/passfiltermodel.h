#pragma once

#include <QSortFilterProxyModel>

// Hides the passes that left the module unchanged (the input row and passes
// with warnings or errors always stay), so a long pipeline shows only what
// did something.
class PassFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit PassFilterModel(QObject* parent = nullptr);

    [[nodiscard]] bool hideUnchanged() const { return m_hideUnchanged; }
    void setHideUnchanged(bool hide);

protected:
    [[nodiscard]] bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool m_hideUnchanged = false;
};
