#include "passes/passstepper.h"

#include "fromstd.h"

#include "passes/passfiltermodel.h"
#include "passes/passlistmodel.h"
#include "passes/targetselector.h"
#include "scrollbar/cachedscrollbar.h"

#include "target/target.h"
#include "transform/registry.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QScopedValueRollback>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

PassStepper::PassStepper(QWidget* parent)
    : QWidget(parent), m_model(new PassListModel(this)), m_filter(new PassFilterModel(this)),
      m_view(new QListView(this)), m_preset(new QComboBox(this)), m_target(new TargetSelector(this)),
      m_capacity(new QLabel(this)), m_hideUnchanged(new QCheckBox(tr("Hide unchanged"), this)),
      m_nameFilter(new QLineEdit(this)), m_back(new QToolButton(this)), m_forward(new QToolButton(this)),
      m_stale(new QLabel(tr("Showing the last module that parsed"), this))
{
    m_view->setVerticalScrollBar(new CachedScrollBar(Qt::Vertical, m_view));
    m_filter->setSourceModel(m_model);
    m_view->setModel(m_filter);
    m_view->setUniformItemSizes(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);

    for (const tirx::PipelinePreset& preset : tirx::pipelinePresets()) {
        m_preset->addItem(fromStd(preset.name), fromStd(preset.name));
        m_preset->setItemData(m_preset->count() - 1, fromStd(preset.description), Qt::ToolTipRole);
    }
    m_preset->setToolTip(tr("Pipeline preset"));
    m_view->installEventFilter(this);

    auto* back = new QAction(tr("Previous Pass"), this);
    back->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    back->setShortcutContext(Qt::WindowShortcut);
    back->setToolTip(tr("Previous pass (Alt+Left)"));
    auto* forward = new QAction(tr("Next Pass"), this);
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
    // Arrows alone do not say what they step through.
    back->setIconText(tr("Prev"));
    forward->setIconText(tr("Next"));
    m_back->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_forward->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    m_stale->setWordWrap(true);
    // The stale note in the palette's link colour: readable on light and dark alike.
    m_stale->setForegroundRole(QPalette::Link);
    m_stale->hide();

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    // The preset names are short; the target ("Module: aws/trn1/trn1.2xlarge") takes the rest.
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(m_preset);
    bar->addWidget(m_target, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    auto* options = new QHBoxLayout;
    options->setContentsMargins(0, 0, 0, 0);
    options->addWidget(m_hideUnchanged);
    options->addStretch(1);
    options->addWidget(m_capacity);
    layout->addLayout(options);
    layout->addWidget(m_nameFilter);
    layout->addWidget(m_stale);
    layout->addWidget(m_view, 1);

    connect(back, &QAction::triggered, this, &PassStepper::stepBack);
    connect(forward, &QAction::triggered, this, &PassStepper::stepForward);
    connect(m_hideUnchanged, &QCheckBox::toggled, this, &PassStepper::setHideUnchanged);
    m_nameFilter->setPlaceholderText(tr("Filter passes by name"));
    m_nameFilter->setClearButtonEnabled(true);
    connect(m_nameFilter, &QLineEdit::textChanged, this, &PassStepper::setNameFilter);
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        applyPreset();
        emit presetChanged(m_preset->currentData().toString());
    });
    connect(m_model, &PassListModel::enabledPassesChanged, this, &PassStepper::enabledPassesChanged);
    applyPreset();
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &PassStepper::onViewCurrentChanged);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QListView::customContextMenuRequested, this, &PassStepper::showContextMenu);
    updateButtons();
}

void PassStepper::setTrace(std::shared_ptr<const tirx::Trace> trace)
{
    {
        const QScopedValueRollback guard(m_selecting, true);
        m_model->setTrace(std::move(trace));
    }
    int entry = m_chosenName.isEmpty() ? -1 : m_model->entryOf(m_model->rowOf(m_chosenName));
    if (entry < 0) entry = m_model->defaultEntry();
    const bool sameIndex = entry == m_current;
    setCurrentEntry(entry);
    // The same index may now hold a different module, or there is none any
    // more: always tell the views, once.
    if (sameIndex) emit currentEntryChanged(m_current);
    updateButtons();
}

void PassStepper::setPartialTrace(std::shared_ptr<const tirx::Trace> partial)
{
    // Entries are shared between a run's partial Traces: the module shown,
    // to tell whether the chosen pass now holds another.
    const auto entryPointer = [this](int entry) -> const tirx::TraceEntry* {
        const auto& trace = m_model->trace();
        return trace && entry >= 0 && size_t(entry) < trace->entries.size() ? trace->entries[size_t(entry)].get()
                                                                            : nullptr;
    };
    const tirx::TraceEntry* before = entryPointer(m_current);
    {
        const QScopedValueRollback guard(m_selecting, true);
        m_model->setTrace(std::move(partial));
    }
    const int entry = m_chosenName.isEmpty() ? -1 : m_model->entryOf(m_model->rowOf(m_chosenName));
    if (entry < 0) {
        // The pass to show has not run yet: keep the list's selection on the
        // row shown, if the run has reached it, and the views as they are.
        selectVisible(m_model->rowOfEntry(m_current) >= 0 ? m_current : -1);
        updateButtons();
        return;
    }
    if (entry == m_current && entryPointer(entry) == before) { // the same module again: no repaint
        selectVisible(entry);
        updateButtons();
        return;
    }
    const bool sameIndex = entry == m_current;
    setCurrentEntry(entry);
    if (sameIndex) emit currentEntryChanged(m_current);
    updateButtons();
}

void PassStepper::setStale(bool stale)
{
    m_model->setStale(stale);
    m_stale->setVisible(stale);
}

int PassStepper::visibleRow(int entry) const
{
    const int row = m_model->rowOfEntry(entry);
    return row < 0 ? -1 : m_filter->mapFromSource(m_model->index(row)).row();
}

int PassStepper::entryFrom(int row, int step) const
{
    for (int r = row + step; r >= 0 && r < m_filter->rowCount(); r += step) {
        const int entry = m_filter->index(r, 0).data(PassListModel::EntryRole).toInt();
        if (entry >= 0) return entry;
    }
    return -1;
}

void PassStepper::selectVisible(int entry)
{
    const int row = m_model->rowOfEntry(entry);
    const QModelIndex index = row < 0 ? QModelIndex() : m_filter->mapFromSource(m_model->index(row));
    // The selection model's signals must reach the view, which repaints the
    // rows they name; the guard only keeps our own handler out.
    const QScopedValueRollback guard(m_selecting, true);
    if (!index.isValid()) {
        m_view->selectionModel()->clear();
        return;
    }
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
    m_view->scrollTo(index);
}

void PassStepper::setCurrentEntry(int entry)
{
    if (entry < -1 || (entry >= 0 && m_model->rowOfEntry(entry) < 0)) return;
    selectVisible(entry);
    m_currentName =
        entry >= 0 ? m_model->index(m_model->rowOfEntry(entry)).data(PassListModel::LabelRole).toString() : QString();
    if (entry != m_current) {
        m_current = entry;
        emit currentEntryChanged(entry);
    }
    updateButtons();
}

bool PassStepper::selectPass(const QString& passName)
{
    const int entry = m_model->entryOf(m_model->rowOf(passName));
    if (entry < 0) return false;
    choose(entry);
    return true;
}

void PassStepper::choose(int entry)
{
    setCurrentEntry(entry);
    m_chosenName = m_currentName;
}

void PassStepper::forgetChoice()
{
    m_chosenName.clear();
    const int entry = m_model->defaultEntry();
    if (entry >= 0) setCurrentEntry(entry);
}

void PassStepper::setBasePass(const QString& passName)
{
    if (passName == m_baseName) return;
    m_baseName = passName;
    emit basePassChanged(passName);
}

int PassStepper::baseEntryFor(int entry) const
{
    const int base = m_baseName.isEmpty() ? -1 : m_model->entryOf(m_model->rowOf(m_baseName));
    if (base >= 0 && base != entry) return base;
    return std::max(0, entry - 1);
}

void PassStepper::showContextMenu(const QPoint& position)
{
    const QModelIndex index = m_filter->mapToSource(m_view->indexAt(position));
    const QString name = index.data(PassListModel::LabelRole).toString();
    QMenu menu(this);
    QAction* from = menu.addAction(tr("Diff From %1").arg(name));
    from->setEnabled(index.isValid() && m_model->entryOf(index.row()) >= 0 && name != m_baseName);
    connect(from, &QAction::triggered, this, [this, name] { setBasePass(name); });
    QAction* previous = menu.addAction(tr("Diff From the Previous Pass"));
    previous->setEnabled(!m_baseName.isEmpty());
    connect(previous, &QAction::triggered, this, [this] { setBasePass(QString()); });
    menu.exec(m_view->viewport()->mapToGlobal(position));
}

void PassStepper::onViewCurrentChanged()
{
    if (m_selecting) return;
    const QModelIndex current = m_filter->mapToSource(m_view->currentIndex());
    const int entry = m_model->entryOf(current.row());
    if (current.isValid() && entry >= 0) choose(entry);
}

void PassStepper::stepBack()
{
    const int row = visibleRow(m_current);
    const int entry = row < 0 ? -1 : entryFrom(row, -1);
    if (entry >= 0) choose(entry);
}

void PassStepper::stepForward()
{
    const int row = visibleRow(m_current);
    const int entry = row < 0 ? -1 : entryFrom(row, +1);
    if (entry >= 0) choose(entry);
}

void PassStepper::updateButtons()
{
    const int row = visibleRow(m_current);
    m_back->defaultAction()->setEnabled(row >= 0 && entryFrom(row, -1) >= 0);
    m_forward->defaultAction()->setEnabled(row >= 0 && entryFrom(row, +1) >= 0);
}

bool PassStepper::eventFilter(QObject* watched, QEvent* event)
{
    // j / k step like the arrows, as in a pager, while the list has focus.
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() == Qt::NoModifier && (key->key() == Qt::Key_J || key->key() == Qt::Key_K)) {
            if (key->key() == Qt::Key_J)
                stepForward();
            else
                stepBack();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PassStepper::applyPreset()
{
    QStringList passes;
    if (const tirx::PipelinePreset* preset = tirx::findPreset(m_preset->currentData().toString().toStdString())) {
        for (std::string_view pass : preset->passes) passes << fromStd(pass);
    }
    {
        const QScopedValueRollback guard(m_selecting, true);
        m_model->setPipeline(passes);
    }
    selectVisible(m_current);
    updateButtons();
}

QStringList PassStepper::enabledPasses() const { return m_model->enabledPasses(); }

void PassStepper::setTarget(const tirx::Target* target)
{
    m_target->setActiveTarget(target ? fromStd(target->tag) : QString());
    m_capacity->setText(target ? TargetSelector::capacityText(*target) : QString());
    m_capacity->setToolTip(target ? tr("%1: %2 bytes of SBUF per partition, %3 PSUM banks of %4 bytes")
                                        .arg(fromStd(target->tag))
                                        .arg(target->maxSbufBytesPerPartition)
                                        .arg(target->psumBanks)
                                        .arg(target->psumBankBytes)
                                  : QString());
}

QString PassStepper::preset() const { return m_preset->currentData().toString(); }

void PassStepper::setPreset(const QString& preset)
{
    const int index = m_preset->findData(preset);
    if (index >= 0) m_preset->setCurrentIndex(index);
}

void PassStepper::setNameFilter(const QString& text)
{
    if (m_nameFilter->text() != text) m_nameFilter->setText(text);
    m_filter->setNameFilter(text);
    keepCurrentVisible();
}

void PassStepper::setHideUnchanged(bool hide)
{
    if (m_hideUnchanged->isChecked() != hide) m_hideUnchanged->setChecked(hide);
    m_filter->setHideUnchanged(hide);
    keepCurrentVisible();
}

void PassStepper::keepCurrentVisible()
{
    // The input row is never hidden, so walking back always ends somewhere.
    int entry = m_current;
    while (entry > 0 && visibleRow(entry) < 0) --entry;
    setCurrentEntry(entry);
    selectVisible(m_current);
    updateButtons();
}

QString PassStepper::capacityText() const { return m_capacity->text(); }
