// MainWindow's memory dock: the maps and the allocation table follow the
// pass stepper, and a click on a tensor goes to its source line.
#include "mainwindow.h"

#include "irview/irview.h"
#include "memmap/memorypanel.h"
#include "refresh/refreshwhenshown.h"

#include <QDockWidget>

using namespace Qt::StringLiterals;

void MainWindow::createMemoryDock()
{
    m_memory = new MemoryPanel(this);
    m_memoryDock = new QDockWidget(tr("Memory"), this);
    m_memoryDock->setObjectName(u"MemoryDock"_s);
    m_memoryDock->setWidget(m_memory);
    // The plan is built for the pass the stepper shows only while the maps
    // can be seen (a memory plan per keystroke for a background tab is waste).
    m_memoryRefresh = new RefreshWhenShown(m_memoryDock, [this] { refreshMemory(); });
    addDockWidget(Qt::RightDockWidgetArea, m_memoryDock);
    tabifyDockWidget(m_irDock, m_memoryDock);
    m_diffDock->raise();
    connect(m_memory, &MemoryPanel::sourceSpanActivated, this, [this](const tirx::Span& span) {
        jumpTo(static_cast<int>(span.line), static_cast<int>(span.column), true);
        m_ir->revealSourceLine(static_cast<int>(span.line));
    });
}

void MainWindow::showMemory(int entry)
{
    m_memoryEntry = entry;
    m_memoryRefresh->request();
}

void MainWindow::refreshMemory()
{
    const int entry = m_memoryEntry;
    if (!m_trace || entry < 0 || entry >= static_cast<int>(m_trace->entries.size())) {
        m_memory->clear();
        return;
    }
    m_memory->setEntry(*m_trace, static_cast<size_t>(entry));
}

bool MainWindow::raiseMemoryView(const QString& view)
{
    if (view == u"sbuf"_s)
        m_memory->showTab(MemoryPanel::Tab::Sbuf);
    else if (view == u"psum"_s)
        m_memory->showTab(MemoryPanel::Tab::Psum);
    else if (view == u"alloc"_s)
        m_memory->showTab(MemoryPanel::Tab::Allocations);
    else
        return false;
    m_memoryDock->raise();
    return true;
}
