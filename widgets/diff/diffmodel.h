#pragma once

#include "diff/diff_rows.h"

#include <QAbstractTableModel>
#include <QList>
#include <QString>

#include <string>
#include <vector>

// The side-by-side diff of two printed modules. The rows come from the
// compiler (sideBySideRows: changed lines paired, intra-line ranges);
// this model adds folding: unchanged stretches far from any change collapse
// into one "⋯ N unchanged lines" row that expands on request.
class DiffModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { OldLineColumn, OldTextColumn, NewLineColumn, NewTextColumn, ColumnCount };
    enum class Kind { Same, Removed, Added, Changed, Fold };
    Q_ENUM(Kind)

    // A run of changed characters in a text column: UTF-16 offsets into the
    // displayed line, as QString and QFontMetrics count.
    struct CharRange {
        int begin = 0;
        int length = 0;
    };

    static constexpr int KindRole = Qt::UserRole + 1;      // Kind
    static constexpr int ChangesRole = Qt::UserRole + 2;   // QList<CharRange>, text columns of Changed rows
    static constexpr int FoldCountRole = Qt::UserRole + 3; // int, lines hidden by a fold row
    static constexpr int kContext = 3;                     // unchanged lines kept around each change

    explicit DiffModel(QObject* parent = nullptr);

    // The text of a fold row hiding `lines` lines (also for sizing columns).
    [[nodiscard]] static QString foldText(int lines);

    // Diffs `oldText` against `newText` (printed modules, UTF-8); copies both.
    // False, leaving the rows and their folds as they are, when these are the
    // texts already shown (an edit that did not change this pass's output).
    bool setTexts(const std::string& oldText, const std::string& newText);
    void clear();
    // The texts last diffed, as given.
    [[nodiscard]] const std::string& oldText() const { return m_oldText; }
    [[nodiscard]] const std::string& newText() const { return m_newText; }

    // Whether far unchanged stretches are collapsed (the default).
    [[nodiscard]] bool folding() const { return m_folding; }
    void setFolding(bool folding);
    // Replaces the fold row `row` by the lines it hid; false if `row` is no fold.
    bool expandFold(int row);

    // Kind of `row` (Same for a row out of range).
    [[nodiscard]] Kind kind(int row) const;
    // 1-based line numbers shown in `row`, 0 for none (fold rows, rows out of range).
    [[nodiscard]] int oldLine(int row) const;
    [[nodiscard]] int newLine(int row) const;
    // The row showing new (old) line `line`, expanding a fold that hides it; -1 if none.
    int revealNewLine(int line);
    int revealOldLine(int line);

    // Changed lines: rows of any kind but Same, folded or not.
    [[nodiscard]] int changedRowCount() const;
    // Changes: blocks of adjacent changed rows.
    [[nodiscard]] int changeCount() const;
    // First row of the next (previous) change after (before) `row`; -1 when
    // there is none. `row` -1 finds the first change.
    [[nodiscard]] int nextChange(int row) const;
    [[nodiscard]] int previousChange(int row) const;
    // The longest line, in characters, for sizing the text columns.
    [[nodiscard]] int longestLine() const { return m_longestLine; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

private:
    // A shown row: line row m_lines[line], or a fold of `folded` lines from it.
    struct Shown {
        size_t line = 0;
        size_t folded = 0;
    };

    void rebuildShown();
    [[nodiscard]] bool isChangeStart(int row) const;
    [[nodiscard]] QVariant textData(const Shown& shown, bool oldSide) const;
    [[nodiscard]] QVariant background(const Shown& shown, int column) const;
    [[nodiscard]] QList<CharRange> changes(const tirx::DiffRow& row, bool oldSide) const;
    int reveal(bool oldSide, int line);

    std::string m_oldText;
    std::string m_newText;
    std::vector<tirx::DiffRow> m_lines; // views into m_oldText / m_newText
    std::vector<Shown> m_shown;
    bool m_folding = true;
    bool m_hasTexts = false; // set by setTexts, dropped by clear
    int m_longestLine = 0;
};

Q_DECLARE_METATYPE(DiffModel::CharRange)
