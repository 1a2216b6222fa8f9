#pragma once

#include <QPointer>
#include <QWidget>

// A coloured frame drawn over one widget of the window (a dock, the
// editor) to say "look here". It is a child of the window, on top of
// everything, lets every click through, and follows the widget as it
// moves or resizes. The frame is drawn inside the widget's rectangle, so
// it is never cut off by the window's edge.
class DockHighlight : public QWidget {
    Q_OBJECT

public:
    static constexpr int kPenWidth = 4;

    explicit DockHighlight(QWidget* window);

    // Frames `target` (a descendant of the window); null hides the frame.
    void setTarget(QWidget* target);
    [[nodiscard]] QWidget* target() const { return m_target; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    void follow();

    QPointer<QWidget> m_target;
};
