#pragma once

#include <QHeaderView>

class DiffModel;

// The line numbers of one side of the side-by-side diff, as the pane's
// vertical header: outside the scrolled viewport, so the numbers stay in
// place while long lines scroll sideways. A row with no line on this side
// (the other side's additions, folds) shows none; each number sits on its
// row's tint so a changed line reads as one band across the gutter.
class DiffGutter : public QHeaderView {
    Q_OBJECT

public:
    DiffGutter(bool oldSide, DiffModel* model, QWidget* parent = nullptr);

    // Room for the largest line number of the model in the current font.
    [[nodiscard]] QSize sizeHint() const override;

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;

private:
    bool m_oldSide;
    DiffModel* m_model;
};
