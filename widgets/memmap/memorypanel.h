#pragma once

#include "memmap/memorymap.h"
#include "transform/pipeline.h"

#include <QWidget>

class AllocationModel;
class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

// The memory views of one pass's output, as tabs: the SBUF map, the PSUM map
// and the allocation table with the what-if allocator's comparison. The
// plan is MemoryPlan's, built once per entry shown; the views only draw it.
class MemoryPanel : public QWidget {
    Q_OBJECT

public:
    enum class Tab { Sbuf, Psum, Allocations };

    explicit MemoryPanel(QWidget* parent = nullptr);

    // Shows the module after `entry` of `trace`, against the trace's target.
    void setEntry(const tirx::Trace& trace, size_t entry);
    void clear();
    void showTab(Tab tab);

    [[nodiscard]] MemoryMap* sbufMap() const { return m_sbuf; }
    [[nodiscard]] MemoryMap* psumMap() const { return m_psum; }
    [[nodiscard]] AllocationModel* allocationModel() const { return m_model; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QString whatIfSummary() const;

signals:
    void sourceSpanActivated(const tirx::Span& span);

private:
    QTabWidget* m_tabs;
    MemoryMap* m_sbuf;
    MemoryMap* m_psum;
    AllocationModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QLabel* m_whatIf;
};
