#pragma once

#include "toursteps.h"

#include <QObject>
#include <QPointer>

#include <vector>

class DockHighlight;
class QDockWidget;
class MainWindow;
class TourPanel;

// Help > Tour: walks a window through tourSteps(). Each step brings its
// view forward (MainWindow::showTourView), frames it and shows the panel
// with the step's sentences; Next, Back and Skip move through the list.
// The window's docks are put back as they were when the tour ends, however
// it ends (the tabs in front again, a dock the tour opened closed; sizes
// are never touched), and the only setting written is kSeenKey.
//
// The Tour follows the window's WorkbenchSession for what the views show
// (the chosen pass, a lowering under way) rather than reaching into the
// views: the panel names the pass the session shows.
class Tour : public QObject {
    Q_OBJECT

public:
    static inline const QString kSeenKey = QStringLiteral("tour/seen");

    // The window should already hold the tour's example (openTourWindow).
    explicit Tour(MainWindow* window);
    ~Tour() override;

    [[nodiscard]] static bool seen();

    [[nodiscard]] int step() const { return m_step; }
    [[nodiscard]] int stepCount() const;
    [[nodiscard]] bool isRunning() const { return m_step >= 0; }
    // The widget the current step frames (a dock or the editor); null when
    // the tour is not running.
    [[nodiscard]] QWidget* framed() const;
    [[nodiscard]] TourPanel* panel() const { return m_panel; }
    [[nodiscard]] DockHighlight* highlight() const { return m_highlight; }

public slots:
    void start();
    void next();
    void back();
    // Ends the tour early; the same as finishing, but says so.
    void skip();
    // Jumps to step `index` (the screenshot of one step); out of range is ignored.
    void goTo(int index);

signals:
    void stepShown(int index);
    // The tour ended: `completed` when Finish was pressed on the last step.
    void finished(bool completed);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void show(int index);
    void end(bool completed);
    void updateNote();
    void place();

    MainWindow* m_window;
    TourPanel* m_panel;
    DockHighlight* m_highlight;
    // Each dock before the tour: open (not closed by the user) and in front
    // of its tab group.
    struct DockBefore {
        QPointer<QDockWidget> dock;
        bool open = false;
        bool inFront = false;
    };
    std::vector<DockBefore> m_docksBefore;
    int m_step = -1;
};

// Opens a window of its own on the tour's example, lowered with the tour's
// preset, and starts the tour in it: the user's window, files and settings
// are left as they are (the new window writes no settings when closed).
// The window deletes itself when closed; returns it.
MainWindow* openTourWindow();

// For `tirx-explorer --screenshot PNG --tour-step N`: puts `window` (fresh,
// not shown) on the tour's example, shows tour step `index` with
// everything it starts finished, and writes the window at `size` to `png`.
[[nodiscard]] bool writeTourScreenshot(MainWindow* window, int index, const QSize& size, const QString& png,
                                       QString* error);
