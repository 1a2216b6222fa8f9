#pragma once

#include "sim/access_map.h"

#include <QWidget>

#include <vector>

// SBUF (partitions down, bytes across) above PSUM (partitions down, the
// eight banks across), with the current instruction's accesses lit: reads
// in blue, writes in red. The rectangles come from sim::accessRects; this
// view only scales and paints them.
class AccessMapView : public QWidget {
    Q_OBJECT

public:
    explicit AccessMapView(QWidget* parent = nullptr);

    void setRects(std::vector<tirx::sim::MapRect> rects, int psumBanks);
    [[nodiscard]] const std::vector<tirx::sim::MapRect>& rects() const { return m_rects; }
    [[nodiscard]] QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<tirx::sim::MapRect> m_rects;
    int m_psumBanks = 8;
};
