#pragma once

#include <QColor>
#include <QTableView>

class DiffLineDelegate;
class DiffModel;
class QRegularExpression;

// One side of the side-by-side diff: the line numbers and text of the old
// or the new module. Rows have one fixed height and lines never wrap or
// elide; the text column is as wide as the longest line, so long lines
// scroll sideways. Both panes share one model and one selection model.
class DiffPane : public QTableView {
    Q_OBJECT

public:
    enum class Side { Old, New };

    DiffPane(Side side, DiffModel* model, QWidget* parent = nullptr);

    [[nodiscard]] Side side() const { return m_side; }
    [[nodiscard]] int textColumn() const;
    // Resizes the columns for the model's current contents.
    void fitColumns();
    // Scrolls vertically only: a row is a whole line, and jumping sideways to
    // a cell would hide the line numbers.
    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;
    // This side's lines of the selected rows, in order, one a line; rows
    // with no line on this side (the other side's additions, folds) give none.
    [[nodiscard]] QString selectedText() const;

    // Tints the matches of `pattern` (none when it is empty) in findColor().
    void setFindPattern(const QRegularExpression& pattern);
    // The editor's find tint for this pane's palette, translucent.
    [[nodiscard]] QColor findColor() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    // Copy takes the selected lines, not only the current cell.
    void keyPressEvent(QKeyEvent* event) override;

private:
    Side m_side;
    DiffModel* m_model;
    DiffLineDelegate* m_delegate;
};
