#include "passes/passstepper.h"

#include "passes/passfiltermodel.h"
#include "passes/passlistmodel.h"

#include "transform/registry.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}
} // namespace

PassStepper::PassStepper(QWidget *parent)
    : QWidget(parent)
    , m_model(new PassListModel(this))
    , m_filter(new PassFilterModel(this))
    , m_view(new QListView(this))
    , m_preset(new QComboBox(this))
    , m_hideUnchanged(new QCheckBox(tr("Hide unchanged"), this))
    , m_back(new QToolButton(this))
    , m_forward(new QToolButton(this))
    , m_stale(new QLabel(tr("Showing the last module that parsed"), this))
{
    m_filter->setSourceModel(m_model);
    m_view->setModel(m_filter);
    m_view->setUniformItemSizes(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);

    for (const tirx::PipelinePreset &preset : tirx::pipelinePresets()) {
        m_preset->addItem(fromStd(preset.name), fromStd(preset.name));
        m_preset->setItemData(m_preset->count() - 1, fromStd(preset.description), Qt::ToolTipRole);
    }
    m_preset->setToolTip(tr("Pipeline preset"));

    auto *back = new QAction(tr("Previous Pass"), this);
    back->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    back->setShortcutContext(Qt::WindowShortcut);
    back->setToolTip(tr("Previous pass (Alt+Left)"));
    auto *forward = new QAction(tr("Next Pass"), this);
    forward->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    forward->setShortcutContext(Qt::WindowShortcut);
    forward->setToolTip(tr("Next pass (Alt+Right)"));
    addAction(back);
    addAction(forward);
    m_back->setDefaultAction(back);
    m_forward->setDefaultAction(forward);
    m_back->setArrowType(Qt::LeftArrow);
    m_forward->setArrowType(Qt::RightArrow);
    m_back->setAutoRaise(true);
    m_forward->setAutoRaise(true);
    m_back->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_forward->setToolButtonStyle(Qt::ToolButtonIconOnly);

    m_stale->setWordWrap(true);
    m_stale->setStyleSheet(u"color: #b26a00;"_s);
    m_stale->hide();

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addWidget(m_preset, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_hideUnchanged);
    layout->addWidget(m_stale);
    layout->addWidget(m_view, 1);

    connect(back, &QAction::triggered, this, &PassStepper::stepBack);
    connect(forward, &QAction::triggered, this, &PassStepper::stepForward);
    connect(m_hideUnchanged, &QCheckBox::toggled, this, &PassStepper::setHideUnchanged);
    connect(m_preset, &QComboBox::currentIndexChanged, this,
            [this] { emit presetChanged(m_preset->currentData().toString()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &PassStepper::onViewCurrentChanged);
    updateButtons();
}

void PassStepper::setTrace(std::shared_ptr<const tirx::Trace> trace)
{
    const QString previous = m_currentName;
    const int previousEntry = m_current;
    {
        const QSignalBlocker blocker(m_view->selectionModel());
        m_model->setTrace(std::move(trace));
    }
    m_current = -1;
    int entry = previous.isEmpty() ? -1 : m_model->rowOf(previous);
    if (entry < 0 && m_model->rowCount() > 0)
        entry =
            previousEntry >= 0 ? std::min(previousEntry, m_model->rowCount() - 1) : m_model->rowCount() - 1;
    setCurrentEntry(entry);
    // The same index may now hold a different module: always tell the views.
    if (m_current == entry && entry >= 0)
        emit currentEntryChanged(m_current);
    updateButtons();
}

void PassStepper::setStale(bool stale)
{
    m_model->setStale(stale);
    m_stale->setVisible(stale);
}

int PassStepper::visibleRow(int entry) const
{
    return m_filter->mapFromSource(m_model->index(entry)).row();
}

void PassStepper::selectVisible(int entry)
{
    const QModelIndex index = m_filter->mapFromSource(m_model->index(entry));
    const QSignalBlocker blocker(m_view->selectionModel());
    if (!index.isValid()) {
        m_view->selectionModel()->clear();
        return;
    }
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
    m_view->scrollTo(index);
}

void PassStepper::setCurrentEntry(int entry)
{
    if (entry < -1 || entry >= m_model->rowCount())
        return;
    selectVisible(entry);
    m_currentName = entry >= 0 ? m_model->index(entry).data(PassListModel::NameRole).toString() : QString();
    if (entry != m_current) {
        m_current = entry;
        emit currentEntryChanged(entry);
    }
    updateButtons();
}

bool PassStepper::selectPass(const QString &passName)
{
    const int entry = m_model->rowOf(passName);
    if (entry < 0)
        return false;
    setCurrentEntry(entry);
    return true;
}

void PassStepper::onViewCurrentChanged()
{
    const QModelIndex current = m_filter->mapToSource(m_view->currentIndex());
    if (current.isValid())
        setCurrentEntry(current.row());
}

void PassStepper::stepBack()
{
    const int row = visibleRow(m_current);
    if (row > 0)
        setCurrentEntry(m_filter->mapToSource(m_filter->index(row - 1, 0)).row());
}

void PassStepper::stepForward()
{
    const int row = visibleRow(m_current);
    if (row >= 0 && row + 1 < m_filter->rowCount())
        setCurrentEntry(m_filter->mapToSource(m_filter->index(row + 1, 0)).row());
}

void PassStepper::updateButtons()
{
    const int row = visibleRow(m_current);
    m_back->defaultAction()->setEnabled(row > 0);
    m_forward->defaultAction()->setEnabled(row >= 0 && row + 1 < m_filter->rowCount());
}

QString PassStepper::preset() const
{
    return m_preset->currentData().toString();
}

void PassStepper::setPreset(const QString &preset)
{
    const int index = m_preset->findData(preset);
    if (index >= 0)
        m_preset->setCurrentIndex(index);
}

void PassStepper::setHideUnchanged(bool hide)
{
    if (m_hideUnchanged->isChecked() != hide)
        m_hideUnchanged->setChecked(hide);
    m_filter->setHideUnchanged(hide);
    // The input row is never hidden, so walking back always ends somewhere.
    int entry = m_current;
    while (entry > 0 && visibleRow(entry) < 0)
        --entry;
    setCurrentEntry(entry);
    selectVisible(m_current);
    updateButtons();
}
