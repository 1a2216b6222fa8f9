#pragma once

#include <QPalette>
#include <QPixmap>
#include <QScrollBar>

class QStyle;

// A scroll bar that keeps its last drawing and blits it while nothing it
// shows has changed. The Fusion style fills a scroll bar's groove and lines
// span by span, and the raster engine hands a tall bar's spans to a thread
// pool and waits for it: a few milliseconds per vertical bar, each time the
// window is painted, on a busy machine. The editor's and the diff's bars
// stay the same while the user types, so a repaint of the window is a
// blit for them. bench_workbench fixed:2: the scroll bars took a fifth of
// the main thread's time per edit; with this, almost none.
// While the pointer is over the bar, or its slider is held, it is drawn by
// QScrollBar itself, which knows the part being hovered or pressed.
class CachedScrollBar : public QScrollBar {
    Q_OBJECT

public:
    explicit CachedScrollBar(Qt::Orientation orientation, QWidget* parent = nullptr);

    // How many times the style has drawn the bar (tests).
    [[nodiscard]] int styleDraws() const { return m_styleDraws; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    // Everything the style's drawing depends on.
    struct Key {
        QSize size;
        qreal ratio = 0;
        const QStyle* style = nullptr;
        qint64 palette = 0;
        int state = 0;
        int direction = 0;
        int minimum = 0;
        int maximum = 0;
        int position = 0;
        int value = 0;
        int singleStep = 0;
        int pageStep = 0;
        bool upsideDown = false;

        bool operator==(const Key&) const = default;
    };

    Key m_key;
    QPixmap m_pixmap;
    int m_styleDraws = 0;
};
