#pragma once

#include "memmap/memorymap.h"
#include "transform/pipeline.h"

#include <QWidget>

class AllocationModel;
class LifetimeChartView;
class MemoryChangeModel;
class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QToolButton;

// The memory views of one pass's output, as tabs: the SBUF map, the PSUM map,
// the allocation table with the what-if allocator's comparison, the
// lifetime charts, and what changed in memory since the pass the diff
// compares with. The plans are MemoryPlan's, built once per entry shown; the
// views only draw them. The maps and the charts export as PNG or SVG.
class MemoryPanel : public QWidget {
    Q_OBJECT

public:
    enum class Tab { Sbuf, Psum, Allocations, Lifetimes, Changes };

    explicit MemoryPanel(QWidget* parent = nullptr);

    // Shows the module after `entry` of `trace`, against the trace's target,
    // and the memory changes from entry `base` (the pass the diff shows
    // before it) to `entry`.
    void setEntry(const tirx::Trace& trace, size_t entry, size_t base);
    // setEntry in two steps: the plans alone (what the IR's placement notes
    // read, needed on every edit), then drawing them (only when the panel can
    // be seen). showPlans draws the plans the last buildPlans made.
    void buildPlans(const tirx::Trace& trace, size_t entry, size_t base);
    void showPlans();
    void clear();
    void showTab(Tab tab);
    [[nodiscard]] Tab currentTab() const;

    // The plans of the entry and its base, null when none is shown.
    [[nodiscard]] std::shared_ptr<const tirx::MemoryPlan> plan() const { return m_plan; }
    [[nodiscard]] std::shared_ptr<const tirx::MemoryPlan> basePlan() const { return m_basePlan; }

    // Writes the picture of `tab` (a map or the lifetimes) at its shown size
    // to `path`: SVG when the name ends in .svg, else PNG. False, with
    // *error set, for another tab or a file that cannot be written.
    [[nodiscard]] bool exportPicture(Tab tab, const QString& path, QString* error) const;

    [[nodiscard]] MemoryMap* sbufMap() const { return m_sbuf; }
    [[nodiscard]] MemoryMap* psumMap() const { return m_psum; }
    [[nodiscard]] LifetimeChartView* lifetimes() const { return m_lifetimes; }
    [[nodiscard]] AllocationModel* allocationModel() const { return m_model; }
    [[nodiscard]] MemoryChangeModel* changeModel() const { return m_changes; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QString whatIfSummary() const;
    [[nodiscard]] QString changesTitle() const;

signals:
    void sourceSpanActivated(const tirx::Span& span);

private:
    void askExport();
    void updateExportButton();

    QTabWidget* m_tabs;
    MemoryMap* m_sbuf;
    MemoryMap* m_psum;
    LifetimeChartView* m_lifetimes;
    AllocationModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QLabel* m_whatIf;
    MemoryChangeModel* m_changes;
    QTableView* m_changeTable;
    QLabel* m_changeTitle;
    QToolButton* m_export;
    std::shared_ptr<const tirx::MemoryPlan> m_plan;
    std::shared_ptr<const tirx::MemoryPlan> m_basePlan;
    const tirx::Target* m_target = nullptr;
};
