// MainWindow's memory dock: the maps, the allocation table, the lifetimes
// and the memory changes follow the pass stepper, and a click on a tensor
// goes to its source line. View > Placement Notes adds where each tensor
// sits to its allocation line in the IR and the diff.
#include "mainwindow.h"
#include "nkikernel/kernelsession.h"
#include "session/workbenchsession.h"

#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "irview/irview.h"
#include "memmap/memorypanel.h"
#include "memory/memory_notes.h"
#include "passes/passstepper.h"
#include "refresh/refreshwhenshown.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace {

const QString kPlacementNotesKey = u"view/placementNotes"_s;

std::string annotated(const tirx::TraceEntry& entry, const tirx::MemoryPlan* plan)
{
    if (!plan) return entry.text;
    return tirx::annotatePrinted(entry.text, tirx::placementNotes(*plan, entry.text));
}

} // namespace

void MainWindow::createMemoryDock()
{
    m_memory = new MemoryPanel(this);
    m_memoryDock = new QDockWidget(tr("Memory"), this);
    m_memoryDock->setObjectName(u"MemoryDock"_s);
    m_memoryDock->setWidget(m_memory);
    // The maps, tables and charts are drawn only while they can be seen:
    // redrawing them per keystroke for a background tab is waste.
    m_memoryRefresh = new RefreshWhenShown(m_memoryDock, [this] { m_memory->showPlans(); });
    addDockWidget(Qt::RightDockWidgetArea, m_memoryDock);
    tabifyDockWidget(m_irDock, m_memoryDock);
    m_diffDock->raise();
    connect(m_memory, &MemoryPanel::sourceSpanActivated, this, [this](const tirx::Span& span) {
        jumpTo(static_cast<int>(span.line), static_cast<int>(span.column), true);
        m_ir->revealSourceLine(static_cast<int>(span.line));
        // The kernel line stays marked while the focus is back in the map.
        if (m_kernel->isOpen()) m_editor->markSourceLines(static_cast<int>(span.line), static_cast<int>(span.line));
    });

    m_placementNotes = new QAction(tr("&Placement Notes in the IR"), this);
    m_placementNotes->setCheckable(true);
    m_placementNotes->setChecked(QSettings().value(kPlacementNotesKey, true).toBool());
    m_placementNotes->setToolTip(tr("End each allocation line of the IR and the diff with where the tensor sits"));
    if (m_viewMenu) m_viewMenu->addAction(m_placementNotes);
    connect(m_placementNotes, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(kPlacementNotesKey, on);
        showPassTexts(on ? &m_session->memoryPlans() : nullptr);
    });
}

void MainWindow::showMemoryPlans()
{
    // The plans are the session's (built once per pass, off this thread);
    // drawing them waits until the memory dock can be seen.
    const MemoryPlans& plans = m_session->memoryPlans();
    m_memory->setPlans(plans.plan, plans.base, plans.target);
    m_memoryRefresh->request();
    if (m_kernel->isOpen()) {
        highlightCaretTensors();
        return;
    }
    if (m_placementNotes->isChecked()) showPassTexts(&plans);
}

void MainWindow::showPassTexts(const MemoryPlans* plans)
{
    const auto trace = m_session->shownTrace();
    const int entry = m_session->currentEntry();
    if (!trace || entry < 0 || entry >= static_cast<int>(trace->entries.size())) {
        m_diff->clear();
        m_ir->clear();
        return;
    }
    const tirx::TraceEntry& current = *trace->entries[static_cast<size_t>(entry)];
    const tirx::TraceEntry& previous = *trace->entries[static_cast<size_t>(m_session->baseEntry())];
    if (!plans) {
        m_diff->setEntries(previous, current);
        m_ir->setEntry(current);
        return;
    }
    const std::string currentText = annotated(current, plans->plan.get());
    m_diff->setEntries(previous, current, annotated(previous, plans->base.get()), currentText);
    m_ir->setEntry(current, currentText);
}

bool MainWindow::raiseMemoryView(const QString& view)
{
    if (view == u"sbuf"_s)
        m_memory->showTab(MemoryPanel::Tab::Sbuf);
    else if (view == u"psum"_s)
        m_memory->showTab(MemoryPanel::Tab::Psum);
    else if (view == u"alloc"_s)
        m_memory->showTab(MemoryPanel::Tab::Allocations);
    else if (view == u"lifetimes"_s)
        m_memory->showTab(MemoryPanel::Tab::Lifetimes);
    else if (view == u"memdiff"_s)
        m_memory->showTab(MemoryPanel::Tab::Changes);
    else
        return false;
    m_memoryDock->raise();
    return true;
}
