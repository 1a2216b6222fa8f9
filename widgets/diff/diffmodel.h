#pragma once

#include <QAbstractTableModel>
#include <QString>

#include <vector>

// The line diff of two printed modules, side by side: the removed and added
// lines of one changed block share rows, so a changed line sits next to its
// replacement. The diff itself comes from the compiler (diffLines).
class DiffModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { OldLineColumn, OldTextColumn, NewLineColumn, NewTextColumn, ColumnCount };
    enum class Kind { Same, Removed, Added, Changed };
    Q_ENUM(Kind)
    static constexpr int KindRole = Qt::UserRole + 1;

    explicit DiffModel(QObject *parent = nullptr);

    // Diffs `oldText` against `newText` (printed modules, UTF-8).
    void setTexts(const std::string &oldText, const std::string &newText);
    void clear();

    [[nodiscard]] Kind kind(int row) const { return m_rows[static_cast<size_t>(row)].kind; }
    // Rows whose kind is not Same.
    [[nodiscard]] int changedRowCount() const;

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

private:
    struct Row {
        Kind kind = Kind::Same;
        int oldLine = 0; // 0: no line on this side
        int newLine = 0;
        QString oldText;
        QString newText;
    };

    [[nodiscard]] QVariant background(const Row &row, int column) const;

    std::vector<Row> m_rows;
};
