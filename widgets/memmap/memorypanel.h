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

    // Keeps the plans of the pass shown and of the pass the diff starts
    // from (the memory changes go from `base` to `plan`), placed for
    // `target`, to be drawn by showPlans when the panel can be seen. The
    // plans are built elsewhere (the workbench session); the panel only
    // draws them, against the target it is given.
    void setPlans(std::shared_ptr<const tirx::MemoryPlan> plan, std::shared_ptr<const tirx::MemoryPlan> base,
                  const tirx::Target* target);
    // Draws the plans setPlans kept.
    void showPlans();
    void clear();
    void showTab(Tab tab);
    // Marks allocations `indices` of the plan (the tensors of the source line
    // the caret is on): outlined in the maps, selected in the table. A new
    // plan clears them.
    void highlightAllocations(const std::vector<size_t>& indices);
    [[nodiscard]] const std::vector<size_t>& highlightedAllocations() const { return m_highlighted; }
    [[nodiscard]] Tab currentTab() const;

    // The plans of the entry and its base, null when none is shown.
    [[nodiscard]] std::shared_ptr<const tirx::MemoryPlan> plan() const { return m_plan; }
    [[nodiscard]] std::shared_ptr<const tirx::MemoryPlan> basePlan() const { return m_basePlan; }
    [[nodiscard]] const tirx::Target* target() const { return m_target; }

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
    std::vector<size_t> m_highlighted;
};
