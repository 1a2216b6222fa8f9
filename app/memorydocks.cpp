// MainWindow's memory dock: the maps, the allocation table, the lifetimes
// and the memory changes follow the pass stepper, and a click on a tensor
// goes to its source line. View > Placement Notes adds where each tensor
// sits to its allocation line in the IR and the diff.
#include "mainwindow.h"

#include "diff/diffview.h"
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
    });

    m_placementNotes = new QAction(tr("&Placement Notes in the IR"), this);
    m_placementNotes->setCheckable(true);
    m_placementNotes->setChecked(QSettings().value(kPlacementNotesKey, true).toBool());
    m_placementNotes->setToolTip(tr("End each allocation line of the IR and the diff with where the tensor sits"));
    if (m_viewMenu) m_viewMenu->addAction(m_placementNotes);
    connect(m_placementNotes, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(kPlacementNotesKey, on);
        showEntry(m_stepper->currentEntry());
    });
}

void MainWindow::showMemory(int entry)
{
    // The plans are built at once (the placement notes in the IR read them);
    // drawing them waits until the memory dock can be seen.
    if (!m_trace || entry < 0 || entry >= static_cast<int>(m_trace->entries.size())) {
        m_memory->clear();
        return;
    }
    const int base = m_stepper->baseEntryFor(entry);
    m_memory->buildPlans(*m_trace, static_cast<size_t>(entry), static_cast<size_t>(base >= 0 ? base : entry));
    m_memoryRefresh->request();
}

void MainWindow::showPassTexts(const tirx::TraceEntry& previous, const tirx::TraceEntry& current)
{
    if (!m_placementNotes->isChecked()) {
        m_diff->setEntries(previous, current);
        m_ir->setEntry(current);
        return;
    }
    // The panel has just built both plans for this step (showMemory).
    const std::string currentText = annotated(current, m_memory->plan().get());
    m_diff->setEntries(previous, current, annotated(previous, m_memory->basePlan().get()), currentText);
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
