#include "memmap/memorypanel.h"

#include "export/pictureexport.h"
#include "memmap/allocationmodel.h"
#include "memmap/lifetimechartview.h"
#include "memmap/memorychangemodel.h"

#include <QFileDialog>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setAlternatingRowColors(true);
    return table;
}

// A label above a table, in a page of its own.
QWidget* page(QLabel* label, QTableView* table, QWidget* parent)
{
    auto* widget = new QWidget(parent);
    // A wrapped label asks for more height the narrower the dock: ignored,
    // so the page never pushes the dock past the window.
    widget->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    auto* column = new QVBoxLayout(widget);
    column->setContentsMargins(4, 4, 4, 4);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    column->addWidget(label);
    column->addWidget(table);
    return widget;
}

} // namespace

MemoryPanel::MemoryPanel(QWidget* parent)
    : QWidget(parent), m_tabs(new QTabWidget(this)), m_sbuf(new MemoryMap(MemoryMap::Scope::Sbuf, this)),
      m_psum(new MemoryMap(MemoryMap::Scope::Psum, this)), m_lifetimes(new LifetimeChartView(this)),
      m_model(new AllocationModel(this)), m_sorted(new QSortFilterProxyModel(this)), m_table(makeTable(m_sorted, this)),
      m_whatIf(new QLabel(this)), m_changes(new MemoryChangeModel(this)), m_changeTable(makeTable(m_changes, this)),
      m_changeTitle(new QLabel(this)), m_export(new QToolButton(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(AllocationModel::kSortRole);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // program order until a header is clicked

    auto* lifetimes = new QScrollArea(this);
    lifetimes->setWidget(m_lifetimes);
    lifetimes->setWidgetResizable(true);
    lifetimes->setFrameShape(QFrame::NoFrame);
    lifetimes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);

    m_tabs->addTab(m_sbuf, tr("SBUF"));
    m_tabs->addTab(m_psum, tr("PSUM"));
    m_tabs->addTab(page(m_whatIf, m_table, this), tr("Allocations"));
    m_tabs->addTab(lifetimes, tr("Lifetimes"));
    m_tabs->addTab(page(m_changeTitle, m_changeTable, this), tr("Changes"));

    m_export->setText(tr("Export…"));
    m_export->setToolTip(tr("Save this view as a PNG image or an SVG picture"));
    m_export->setAutoRaise(true);
    m_tabs->setCornerWidget(m_export, Qt::TopRightCorner);
    connect(m_export, &QToolButton::clicked, this, &MemoryPanel::askExport);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MemoryPanel::updateExportButton);
    updateExportButton();

    connect(m_sbuf, &MemoryMap::sourceSpanActivated, this, &MemoryPanel::sourceSpanActivated);
    connect(m_psum, &MemoryMap::sourceSpanActivated, this, &MemoryPanel::sourceSpanActivated);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        const int line = m_sorted->data(index, AllocationModel::kLineRole).toInt();
        if (line > 0) emit sourceSpanActivated(tirx::Span{static_cast<uint32_t>(line), 1, 0, 0});
    });
}

void MemoryPanel::setPlans(std::shared_ptr<const tirx::MemoryPlan> plan, std::shared_ptr<const tirx::MemoryPlan> base,
                           const tirx::Target* target)
{
    // A plan without its target cannot be drawn to scale: nothing is shown.
    m_plan = target ? std::move(plan) : nullptr;
    m_basePlan = target ? std::move(base) : nullptr;
    m_target = target;
    m_highlighted.clear();
}

void MemoryPanel::highlightAllocations(const std::vector<size_t>& indices)
{
    m_highlighted = indices;
    if (!m_plan || m_model->plan() != m_plan.get()) return; // drawn by showPlans
    m_sbuf->setHighlighted(indices);
    m_psum->setHighlighted(indices);
    QItemSelection selection;
    for (size_t i : indices) {
        const QModelIndex row = m_sorted->mapFromSource(m_model->index(static_cast<int>(i), 0));
        if (row.isValid()) selection.select(row, row.siblingAtColumn(m_sorted->columnCount() - 1));
    }
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!selection.isEmpty()) m_table->scrollTo(selection.first().topLeft());
}

void MemoryPanel::showPlans()
{
    if (!m_plan || !m_target) {
        clear();
        return;
    }
    m_sbuf->setPlan(m_plan, m_target);
    m_psum->setPlan(m_plan, m_target);
    m_lifetimes->setPlan(m_plan, m_target);
    m_model->setPlan(m_plan);
    m_table->resizeColumnsToContents();
    m_whatIf->setText(whatIfSummary());
    m_changes->setPlans(m_basePlan.get(), m_plan.get());
    m_changeTable->resizeColumnToContents(MemoryChangeModel::Change);
    m_changeTitle->setText(changesTitle());
    m_tabs->setTabText(static_cast<int>(Tab::Changes),
                       m_changes->rowCount() > 0 ? tr("Changes (%1)").arg(m_changes->rowCount()) : tr("Changes"));
    highlightAllocations(m_highlighted);
}

void MemoryPanel::clear()
{
    m_plan.reset();
    m_basePlan.reset();
    m_sbuf->setPlan(nullptr, nullptr);
    m_psum->setPlan(nullptr, nullptr);
    m_lifetimes->setPlan(nullptr, nullptr);
    m_model->setPlan(nullptr);
    m_changes->setPlans(nullptr, nullptr);
    m_whatIf->clear();
    m_changeTitle->clear();
    m_tabs->setTabText(static_cast<int>(Tab::Changes), tr("Changes"));
}

void MemoryPanel::showTab(Tab tab) { m_tabs->setCurrentIndex(static_cast<int>(tab)); }

MemoryPanel::Tab MemoryPanel::currentTab() const { return static_cast<Tab>(m_tabs->currentIndex()); }

QString MemoryPanel::whatIfSummary() const
{
    const auto& w = m_model->whatIf();
    if (w.placements.empty()) return tr("No SBUF tensor of known size to compare.");
    int sharing = 0;
    for (const auto& p : w.placements) sharing += p.reuses.empty() ? 0 : 1;
    if (m_plan && m_plan->after == "trace")
        return tr("<b>What-if (a comparison; the kernel is unchanged):</b> a lifetime-based linear scan would need "
                  "%1 bytes per partition where the kernel's placement reaches %2: %3 bytes saved, %4 tensor(s) "
                  "reusing the bytes of one no longer live. An offset marked * is a <i>modelled placement</i>: the "
                  "tensor has no address=, the same scan placed it, and the compiler may place it elsewhere.")
            .arg(w.allocatedBytesPerPartition)
            .arg(w.naiveBytesPerPartition)
            .arg(w.savedBytesPerPartition)
            .arg(sharing);
    return tr("<b>What-if (a comparison; the pipeline's output is unchanged):</b> a lifetime-based linear scan, "
              "which gives a tensor bytes at its first use and takes them back after its last, would need "
              "%1 bytes per partition where the allocator reserves %2: %3 bytes saved, %4 tensor(s) reusing the "
              "bytes of one no longer live. Its offsets are the last column.")
        .arg(w.allocatedBytesPerPartition)
        .arg(w.naiveBytesPerPartition)
        .arg(w.savedBytesPerPartition)
        .arg(sharing);
}

QString MemoryPanel::changesTitle() const
{
    if (!m_plan || !m_basePlan) return {};
    const QString from = QString::fromStdString(m_basePlan->after);
    const QString to = QString::fromStdString(m_plan->after);
    if (m_plan == m_basePlan) return tr("<b>%1</b> is the first pass: nothing to compare with.").arg(to);
    if (m_changes->rowCount() == 0)
        return tr("<b>%1 → %2</b>: no tensor added, moved, removed or resized.").arg(from, to);
    return tr("<b>%1 → %2</b>: tensors added, removed, placed, moved, resized or reshaped.").arg(from, to);
}

bool MemoryPanel::exportPicture(Tab tab, const QString& path, QString* error) const
{
    std::function<void(QPainter&)> paint;
    QSize size;
    switch (tab) {
    case Tab::Sbuf:
    case Tab::Psum: {
        const MemoryMap* map = tab == Tab::Sbuf ? m_sbuf : m_psum;
        paint = [map](QPainter& p) { map->paintMap(p); };
        size = map->size();
        break;
    }
    case Tab::Lifetimes:
        paint = [this](QPainter& p) { m_lifetimes->paintCharts(p); };
        size = m_lifetimes->size();
        break;
    case Tab::Allocations:
    case Tab::Changes: *error = tr("only the maps and the lifetimes are pictures"); return false;
    }
    return ::exportPicture(path, size, paint, error);
}

void MemoryPanel::updateExportButton()
{
    const Tab tab = currentTab();
    m_export->setEnabled(tab == Tab::Sbuf || tab == Tab::Psum || tab == Tab::Lifetimes);
}

void MemoryPanel::askExport()
{
    const QString name = m_tabs->tabText(m_tabs->currentIndex()).section(u' ', 0, 0).toLower();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export %1").arg(m_tabs->tabText(m_tabs->currentIndex())),
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + u'/' + name + u".png"_s,
        tr("PNG image (*.png);;SVG picture (*.svg)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportPicture(currentTab(), path, &error)) QMessageBox::warning(this, tr("Export"), error);
}
