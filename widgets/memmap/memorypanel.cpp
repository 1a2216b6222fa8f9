#include "memmap/memorypanel.h"

#include "memmap/allocationmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

MemoryPanel::MemoryPanel(QWidget* parent)
    : QWidget(parent), m_tabs(new QTabWidget(this)), m_sbuf(new MemoryMap(MemoryMap::Scope::Sbuf, this)),
      m_psum(new MemoryMap(MemoryMap::Scope::Psum, this)), m_model(new AllocationModel(this)),
      m_sorted(new QSortFilterProxyModel(this)), m_table(new QTableView(this)), m_whatIf(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(AllocationModel::kSortRole);
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // program order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);

    auto* allocations = new QWidget(this);
    auto* column = new QVBoxLayout(allocations);
    column->setContentsMargins(4, 4, 4, 4);
    m_whatIf->setWordWrap(true);
    m_whatIf->setTextFormat(Qt::RichText);
    column->addWidget(m_whatIf);
    column->addWidget(m_table);

    m_tabs->addTab(m_sbuf, tr("SBUF"));
    m_tabs->addTab(m_psum, tr("PSUM"));
    m_tabs->addTab(allocations, tr("Allocations"));

    connect(m_sbuf, &MemoryMap::sourceSpanActivated, this, &MemoryPanel::sourceSpanActivated);
    connect(m_psum, &MemoryMap::sourceSpanActivated, this, &MemoryPanel::sourceSpanActivated);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        const int line = m_sorted->data(index, AllocationModel::kLineRole).toInt();
        if (line > 0) emit sourceSpanActivated(tirx::Span{static_cast<uint32_t>(line), 1, 0, 0});
    });
}

void MemoryPanel::setEntry(const tirx::Trace& trace, size_t entry)
{
    if (entry >= trace.entries.size() || !trace.entries[entry]->module) {
        clear();
        return;
    }
    const tirx::Target* target = tirx::findTarget(trace.targetTag);
    if (!target) target = &tirx::defaultTarget();
    const auto& e = trace.entries[entry];
    auto plan = std::make_shared<const tirx::MemoryPlan>(tirx::buildMemoryPlan(*e->module, *target, e->passName));
    m_sbuf->setPlan(plan, target);
    m_psum->setPlan(plan, target);
    m_model->setPlan(plan);
    m_table->resizeColumnsToContents();
    m_whatIf->setText(whatIfSummary());
}

void MemoryPanel::clear()
{
    m_sbuf->setPlan(nullptr, nullptr);
    m_psum->setPlan(nullptr, nullptr);
    m_model->setPlan(nullptr);
    m_whatIf->clear();
}

void MemoryPanel::showTab(Tab tab) { m_tabs->setCurrentIndex(static_cast<int>(tab)); }

QString MemoryPanel::whatIfSummary() const
{
    const auto& w = m_model->whatIf();
    if (w.placements.empty()) return tr("No SBUF tensor of known size to compare.");
    int sharing = 0;
    for (const auto& p : w.placements) sharing += p.reuses ? 1 : 0;
    return tr("<b>What-if (a comparison; the pipeline's output is unchanged):</b> a lifetime-based linear scan, "
              "which gives a tensor bytes at its first use and takes them back after its last, would need "
              "%1 bytes per partition where the allocator reserves %2: %3 bytes saved, %4 tensor(s) reusing the "
              "bytes of one no longer live. Its offsets are the last column.")
        .arg(w.allocatedBytesPerPartition)
        .arg(w.naiveBytesPerPartition)
        .arg(w.savedBytesPerPartition)
        .arg(sharing);
}
