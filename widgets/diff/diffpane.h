#pragma once

#include <QColor>
#include <QTableView>

class DiffGutter;
class DiffLineDelegate;
class DiffModel;
class QRegularExpression;

// One side of the side-by-side diff: the line numbers and text of the old
// or the new module. The numbers are a gutter beside the viewport, so they
// stay put while long lines scroll sideways (the diff view labels the side
// above the pane). Lines never elide: unwrapped, the text column is as wide
// as the longest line; wrapped, it is as wide as the pane and the diff view
// sets each row's height. Both panes share one model and one selection model.
class DiffPane : public QTableView {
    Q_OBJECT

public:
    enum class Side { Old, New };

    DiffPane(Side side, DiffModel* model, QWidget* parent = nullptr);

    [[nodiscard]] Side side() const { return m_side; }
    [[nodiscard]] int textColumn() const;
    [[nodiscard]] DiffGutter* gutter() const { return m_gutter; }
    // Resizes the columns for the model's current contents.
    void fitColumns();
    // Whether long lines wrap at the pane's width instead of scrolling sideways.
    void setWrapping(bool wrapping);
    [[nodiscard]] bool wrapping() const;
    // How many lines of text row `row`'s line takes at the current width.
    [[nodiscard]] int linesOfRow(int row) const;
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

signals:
    // The text column took a new width: wrapped rows need new heights.
    void textWidthChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;
    // Copy takes the selected lines, not only the current cell.
    void keyPressEvent(QKeyEvent* event) override;

private:
    Side m_side;
    DiffModel* m_model;
    DiffLineDelegate* m_delegate;
    DiffGutter* m_gutter;
};
