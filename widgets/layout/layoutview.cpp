#include "layout/layoutview.h"

#include "export/pictureexport.h"
#include "layout/layoutgridview.h"
#include "layout/tensorlistmodel.h"

#include "ir/tensor_type.h"
#include "layout/layout_algebra.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

LayoutView::LayoutView(QWidget* parent)
    : QWidget(parent), m_model(new TensorListModel(this)), m_tensors(new QComboBox(this)),
      m_colorBy(new QComboBox(this)), m_sliceBar(new QHBoxLayout), m_grid(new LayoutGridView(this)),
      m_status(new QLabel(this))
{
    m_tensors->setModel(m_model);
    m_tensors->setMinimumContentsLength(12);
    m_colorBy->addItem(tr("colour by partition"), static_cast<int>(tirx::LayoutColorBy::Partition));
    m_colorBy->addItem(tr("colour by free offset"), static_cast<int>(tirx::LayoutColorBy::Free));
    m_colorBy->addItem(tr("colour by logical row"), static_cast<int>(tirx::LayoutColorBy::Row));
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export…"));
    exportButton->setToolTip(tr("Save the picture as PNG or SVG"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Tensor"), this));
    bar->addWidget(m_tensors);
    bar->addWidget(m_colorBy);
    bar->addLayout(m_sliceBar);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setMinimumWidth(100);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_grid, 1);
    layout->addWidget(m_status);

    connect(m_tensors, &QComboBox::currentIndexChanged, this, &LayoutView::showRow);
    connect(m_colorBy, &QComboBox::currentIndexChanged, this,
            [this] { m_grid->setColorBy(static_cast<tirx::LayoutColorBy>(m_colorBy->currentData().toInt())); });
    connect(m_grid, &LayoutGridView::hoverChanged, this,
            [this](const QString& text) { m_status->setText(text.isEmpty() ? m_message : text); });
    connect(exportButton, &QToolButton::clicked, this, &LayoutView::exportDialog);
}

void LayoutView::setModule(tirx::ModuleRef module, const QString& pass)
{
    const std::vector<tirx::NamedTensor> before = m_model->tensors();
    const int chosen = m_tensors->currentIndex();
    m_module = std::move(module);
    m_pass = pass;
    const QSignalBlocker block(m_tensors);
    m_model->setModule(m_module);
    const auto same =
        chosen < 0 ? std::nullopt : tirx::findSameTensor(before, static_cast<size_t>(chosen), m_model->tensors());
    int row = same ? static_cast<int>(*same) : -1;
    if (row < 0) {
        const auto& all = m_model->tensors();
        // A Trainium layout teaches the most; then an SBUF or PSUM tensor
        // (after LowerTrainiumLayout they have no layout but are stored
        // over partitions); then any layout; then the first tensor.
        auto it = std::find_if(all.begin(), all.end(),
                               [](const auto& t) { return tirx::isTrainiumLayout(t.type->layout().get()); });
        if (it == all.end())
            it = std::find_if(all.begin(), all.end(),
                              [](const auto& t) { return t.type->isSbuf() || t.type->isPsum(); });
        if (it == all.end())
            it = std::find_if(all.begin(), all.end(), [](const auto& t) { return t.type->layout() != nullptr; });
        row = it == all.end() ? (all.empty() ? -1 : 0) : static_cast<int>(it - all.begin());
    }
    m_tensors->setCurrentIndex(row);
    showRow(row);
}

bool LayoutView::showTensor(const QString& name, int line)
{
    const int row = m_model->rowOf(name, line);
    if (row < 0) return false;
    if (row != m_tensors->currentIndex()) m_tensors->setCurrentIndex(row);
    return true;
}

QString LayoutView::tensor() const
{
    const int row = m_tensors->currentIndex();
    if (row < 0 || row >= static_cast<int>(m_model->tensors().size())) return {};
    return QString::fromStdString(m_model->tensors()[static_cast<size_t>(row)].name);
}

QString LayoutView::message() const { return m_message; }

QString LayoutView::title() const
{
    if (tensor().isEmpty()) return tr("Layout");
    return m_pass == u"input"_s ? tr("Layout of %1 as written").arg(tensor())
                                : tr("Layout of %1 after %2").arg(tensor(), m_pass);
}

void LayoutView::showRow(int row)
{
    m_message.clear();
    if (row < 0 || row >= static_cast<int>(m_model->tensors().size())) {
        m_grid->clear();
        rebuildSliceBar();
        m_status->clear();
        return;
    }
    const auto& t = m_model->tensors()[static_cast<size_t>(row)];
    auto built = m_grids.build(*t.type);
    if (!built.grid) {
        m_message =
            tr("%1 cannot be drawn: %2").arg(QString::fromStdString(t.name), QString::fromStdString(built.error));
        m_grid->clear();
    } else {
        m_grid->setGrid(std::move(built.grid), QString::fromStdString(t.name));
        m_message = tr("Hover a cell to see where it goes; the other grid outlines it.");
    }
    rebuildSliceBar();
    m_status->setText(m_message);
}

void LayoutView::rebuildSliceBar()
{
    for (QSpinBox* spin : m_sliceSpins) spin->deleteLater();
    m_sliceSpins.clear();
    while (QLayoutItem* item = m_sliceBar->takeAt(0)) {
        if (item->widget()) item->widget()->deleteLater();
        delete item;
    }
    const auto& grid = m_grid->grid();
    if (!grid) return;
    const auto& slice = m_grid->slice();
    if (slice.firstRowDim == 0) return;
    m_sliceBar->addWidget(new QLabel(tr("slice"), this));
    for (size_t d = 0; d < slice.firstRowDim; ++d) {
        auto* spin = new QSpinBox(this);
        spin->setRange(0, static_cast<int>(grid->shape()[d] - 1));
        spin->setValue(static_cast<int>(slice.fixed[d]));
        spin->setPrefix(tr("dim %1 = ").arg(d));
        connect(spin, &QSpinBox::valueChanged, this, &LayoutView::applySlice);
        m_sliceBar->addWidget(spin);
        m_sliceSpins.push_back(spin);
    }
}

void LayoutView::applySlice()
{
    const auto& grid = m_grid->grid();
    if (!grid) return;
    std::vector<int64_t> fixed;
    for (QSpinBox* spin : m_sliceSpins) fixed.push_back(spin->value());
    m_grid->setSlice(tirx::defaultSlice(*grid, fixed));
}

bool LayoutView::exportTo(const QString& path, QString* error) const
{
    return exportPicture(
        path, m_grid->size(), [this](QPainter& p) { m_grid->paintPicture(p, m_grid->size()); }, error);
}

void LayoutView::exportDialog()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export layout"), tensor() + u".svg"_s, tr("SVG (*.svg);;PNG (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportTo(path, &error)) QMessageBox::warning(this, tr("Export layout"), error);
}
