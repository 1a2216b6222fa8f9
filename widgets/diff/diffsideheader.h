#pragma once

#include <QHeaderView>

// The "Before" / "After" header over one side of the side-by-side diff. The
// section is as wide as the longest line, so the label is drawn at the
// visible left edge rather than the section's: it stays in view while the
// lines scroll sideways.
class DiffSideHeader : public QHeaderView {
    Q_OBJECT

public:
    explicit DiffSideHeader(QWidget* parent = nullptr);

    // Where the label of `logicalIndex` is drawn, in viewport coordinates.
    [[nodiscard]] QRect labelRect(int logicalIndex) const;

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;
};
