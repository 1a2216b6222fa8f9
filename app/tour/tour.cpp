#include "tour.h"

#include "dockhighlight.h"
#include "tourpanel.h"

#include "mainwindow.h"
#include "rundock.h"
#include "screenshot.h"
#include "session/workbenchsession.h"

#include "editor/codeeditor.h"
#include "passes/passstepper.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

Tour::Tour(MainWindow* window)
    : QObject(window), m_window(window), m_panel(new TourPanel(window)), m_highlight(new DockHighlight(window))
{
    connect(m_panel, &TourPanel::nextClicked, this, &Tour::next);
    connect(m_panel, &TourPanel::backClicked, this, &Tour::back);
    connect(m_panel, &TourPanel::skipClicked, this, &Tour::skip);
    WorkbenchSession* session = window->session();
    connect(session, &WorkbenchSession::entrySelected, this, &Tour::updateNote);
    connect(session, &WorkbenchSession::busyChanged, this, &Tour::updateNote);
    // The framed view may change size when its contents arrive.
    connect(session, &WorkbenchSession::memoryPlansChanged, this,
            [this] { QTimer::singleShot(0, this, &Tour::place); });
    window->installEventFilter(this);
}

Tour::~Tour() = default;

bool Tour::seen() { return QSettings().value(kSeenKey, false).toBool(); }

int Tour::stepCount() const { return static_cast<int>(tourSteps().size()); }

QWidget* Tour::framed() const { return isRunning() ? m_highlight->target() : nullptr; }

void Tour::start()
{
    if (isRunning()) return;
    m_docksBefore.clear();
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>())
        m_docksBefore.push_back({dock, dock->toggleViewAction()->isChecked(), dock->isVisible()});
    show(0);
}

void Tour::next()
{
    if (!isRunning()) return;
    if (m_step + 1 >= stepCount())
        end(true);
    else
        show(m_step + 1);
}

void Tour::back()
{
    if (isRunning() && m_step > 0) show(m_step - 1);
}

void Tour::skip()
{
    if (isRunning()) end(false);
}

void Tour::goTo(int index)
{
    if (isRunning() && index >= 0 && index < stepCount()) show(index);
}

void Tour::show(int index)
{
    m_step = index;
    const TourStep& step = tourSteps()[static_cast<size_t>(index)];
    const QString pass = QString::fromUtf8(step.pass);
    if (!pass.isEmpty()) m_window->passStepper()->selectPass(pass);
    QWidget* view = m_window->showTourView(QString::fromUtf8(step.view));
    // After the view is shown, so that a view that follows the caret has its module.
    if (*step.caretOn) {
        CodeEditor* editor = m_window->editor();
        const QString word = QString::fromUtf8(step.caretOn);
        // The first line that assigns the word: its allocation.
        for (int line = 0; line < editor->lines(); ++line) {
            const qsizetype column = editor->text(line).indexOf(word + u" ="_s);
            if (column < 0) continue;
            editor->setCursorPosition(line, static_cast<int>(column));
            // Near the top, clear of the panel low in the window.
            editor->setFirstVisibleLine(std::max(0, line - 4));
            break;
        }
    }
    m_highlight->setTarget(view);
    m_panel->setStep(index, stepCount(), tourTitle(step), tourText(step));
    updateNote();
    place();
    if (step.runs && !m_window->runDock()->isRunning()) m_window->runDock()->run();
    m_panel->nextButton()->setFocus();
    emit stepShown(index);
}

void Tour::place()
{
    if (!isRunning()) return;
    QWidget* view = m_highlight->target();
    const bool inWindow = view && view->window() == m_window;
    m_panel->placeAwayFrom(inWindow ? QRect(view->mapTo(m_window, QPoint(0, 0)), view->size()) : QRect());
}

void Tour::updateNote()
{
    if (!isRunning()) return;
    const WorkbenchSession* session = m_window->session();
    if (session->isBusy()) {
        m_panel->setNote(tr("Lowering…"));
        return;
    }
    const auto trace = session->shownTrace();
    const int entry = session->currentEntry();
    if (!trace || entry < 0 || entry >= static_cast<int>(trace->entries.size())) {
        m_panel->setNote({});
        return;
    }
    m_panel->setNote(tr("Showing the module after %1.")
                         .arg(QString::fromStdString(trace->entries[static_cast<size_t>(entry)]->passName)));
}

void Tour::end(bool completed)
{
    m_step = -1;
    m_highlight->setTarget(nullptr);
    m_panel->hide();
    // Not restoreState: that would also put back the sizes of the moment
    // the tour started, before a window manager settled the window's.
    for (const DockBefore& before : m_docksBefore) {
        if (before.dock && !before.open) before.dock->close();
    }
    for (const DockBefore& before : m_docksBefore) {
        if (before.dock && before.inFront) before.dock->raise();
    }
    QSettings().setValue(kSeenKey, true);
    emit finished(completed);
}

bool Tour::eventFilter(QObject* watched, QEvent* event)
{
    // Closing the window in the middle ends the tour, which then counts as seen.
    if (watched == m_window && event->type() == QEvent::Close && isRunning()) end(false);
    if (watched == m_window && event->type() == QEvent::Resize) QTimer::singleShot(0, this, &Tour::place);
    return QObject::eventFilter(watched, event);
}

MainWindow* openTourWindow()
{
    auto* window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setKeepsSettings(false);
    window->passStepper()->setPreset(tourPreset());
    QString error;
    if (!window->loadExample(tourExample(), &error)) {
        QMessageBox::warning(nullptr, QObject::tr("Tour"), error);
        window->close();
        return nullptr;
    }
    window->setWindowTitle(QObject::tr("Tour: %1").arg(window->windowTitle()));
    window->show();
    auto* tour = new Tour(window);
    tour->start();
    return window;
}

bool writeTourScreenshot(MainWindow* window, int index, const QSize& size, const QString& png, QString* error)
{
    window->setKeepsSettings(false);
    window->passStepper()->setPreset(tourPreset());
    if (!window->loadExample(tourExample(), error)) return false;
    window->resize(size);
    window->show();
    auto* tour = new Tour(window);
    tour->start();
    tour->goTo(index);
    window->session()->waitForIdle();
    while (window->runDock()->isRunning()) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return writeScreenshot(window, size, png, error);
}
