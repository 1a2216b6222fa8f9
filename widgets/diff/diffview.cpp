#include "diff/diffview.h"

#include "fromstd.h"

#include "diff/difflinedelegate.h"
#include "diff/diffmodel.h"
#include "diff/diffpane.h"
#include "diff/unifieddiffhighlighter.h"
#include "irview/codepane.h"
#include "irview/tracesourcemap.h"

#include "diff/line_diff.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QToolButton* toolButton(QAction* action, QWidget* parent)
{
    auto* button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setAutoRaise(true);
    return button;
}

// Keeps two scroll bars at the same value.
void syncScrollBars(QScrollBar* a, QScrollBar* b)
{
    QObject::connect(a, &QScrollBar::valueChanged, b, &QScrollBar::setValue);
    QObject::connect(b, &QScrollBar::valueChanged, a, &QScrollBar::setValue);
}

} // namespace

DiffView::DiffView(QWidget* parent)
    : QWidget(parent), m_model(new DiffModel(this)), m_title(new QLabel(this)),
      m_previousChange(new QAction(tr("Previous Change"), this)), m_nextChange(new QAction(tr("Next Change"), this)),
      m_wrap(new QAction(tr("&Wrap Diff Lines"), this)), m_stack(new QStackedWidget(this)),
      m_sides(new QSplitter(Qt::Horizontal, this)), m_oldPane(new DiffPane(DiffPane::Side::Old, m_model, m_sides)),
      m_newPane(new DiffPane(DiffPane::Side::New, m_model, m_sides)), m_oldLabel(new QLabel(this)),
      m_newLabel(new QLabel(this)), m_unified(new QPlainTextEdit(this))
{
    m_title->setTextFormat(Qt::PlainText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The title is cut on a narrow dock rather than widening it; the tooltip has it whole.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    m_previousChange->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    m_previousChange->setToolTip(tr("Previous change (Alt+Up)"));
    m_previousChange->setText(u"↑"_s);
    m_nextChange->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    m_nextChange->setToolTip(tr("Next change (Alt+Down)"));
    m_nextChange->setText(u"↓"_s);
    for (QAction* action : {m_previousChange, m_nextChange}) {
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
    }
    m_wrap->setCheckable(true);
    m_wrap->setToolTip(tr("Wrap long lines at the width of the diff instead of scrolling sideways"));
    m_previousButton = toolButton(m_previousChange, this);
    m_nextButton = toolButton(m_nextChange, this);

    m_foldButton = new QToolButton(this);
    m_foldButton->setText(tr("Fold"));
    m_foldButton->setCheckable(true);
    m_foldButton->setChecked(true);
    m_foldButton->setToolTip(tr("Collapse unchanged lines far from any change"));
    m_unifiedButton = new QToolButton(this);
    m_unifiedButton->setText(tr("Unified"));
    m_unifiedButton->setCheckable(true);
    m_unifiedButton->setToolTip(tr("Show a unified diff instead of side by side"));

    const QFont font = codepane::codeFont();
    for (DiffPane* pane : {m_oldPane, m_newPane}) {
        pane->setFont(font);
        pane->fitColumns();
        connect(pane, &DiffPane::clicked, this, &DiffView::onClicked);
        connect(pane, &DiffPane::activated, this, &DiffView::onClicked);
        connect(pane, &DiffPane::textWidthChanged, this, &DiffView::fitRowHeights);
    }
    // One selection for both sides: a row is one place in the diff.
    QItemSelectionModel* own = m_oldPane->selectionModel();
    m_oldPane->setSelectionModel(m_newPane->selectionModel());
    delete own;
    m_oldPane->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    syncScrollBars(m_oldPane->verticalScrollBar(), m_newPane->verticalScrollBar());
    syncScrollBars(m_oldPane->horizontalScrollBar(), m_newPane->horizontalScrollBar());
    for (auto [pane, label] : {std::pair{m_oldPane, m_oldLabel}, std::pair{m_newPane, m_newLabel}}) {
        label->setTextFormat(Qt::PlainText);
        // A long pass name is cut, not allowed to widen the dock.
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        auto* side = new QWidget(m_sides);
        auto* column = new QVBoxLayout(side);
        column->setContentsMargins(0, 0, 0, 0);
        column->setSpacing(1);
        column->addWidget(label);
        column->addWidget(pane, 1);
        m_sides->addWidget(side);
    }
    m_sides->setChildrenCollapsible(false);
    m_sides->setStretchFactor(0, 1);
    m_sides->setStretchFactor(1, 1);

    m_unified->setReadOnly(true);
    m_unified->setFont(font);
    m_unified->setLineWrapMode(QPlainTextEdit::NoWrap);
    new UnifiedDiffHighlighter(m_unified->document());

    m_stack->addWidget(m_sides);
    m_stack->addWidget(m_unified);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->setSpacing(2);
    bar->addWidget(m_title, 1);
    bar->addWidget(m_previousButton);
    bar->addWidget(m_nextButton);
    bar->addWidget(m_foldButton);
    bar->addWidget(m_unifiedButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_stack, 1);

    setFocusProxy(m_newPane);
    connect(m_unifiedButton, &QToolButton::toggled, this, &DiffView::setUnified);
    connect(m_foldButton, &QToolButton::toggled, this, &DiffView::setFolding);
    connect(m_wrap, &QAction::toggled, this, &DiffView::setWrapping);
    connect(m_nextChange, &QAction::triggered, this, &DiffView::nextChange);
    connect(m_previousChange, &QAction::triggered, this, &DiffView::previousChange);
    connect(m_newPane->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &DiffView::onCurrentRowChanged);
    connect(m_model, &DiffModel::modelReset, this, [this] {
        m_oldPane->fitColumns();
        m_newPane->fitColumns();
        fitRowHeights();
    });
    // Expanding a fold inserts rows of the default height.
    connect(m_model, &DiffModel::rowsInserted, this, &DiffView::fitRowHeights);
    clear();
}

void DiffView::setEntries(const tirx::TraceEntry& previous, const tirx::TraceEntry& current)
{
    setEntries(previous, current, previous.text, current.text);
}

void DiffView::setEntries(const tirx::TraceEntry& previous, const tirx::TraceEntry& current,
                          const std::string& previousText, const std::string& currentText)
{
    m_oldMap.setEntry(previous);
    m_newMap.setEntry(current);
    showTexts(fromStd(previous.passName), previousText, fromStd(current.passName), currentText);
}

void DiffView::setTexts(const QString& oldName, const std::string& oldText, const QString& newName,
                        const std::string& newText)
{
    m_oldMap.clear();
    m_newMap.clear();
    showTexts(oldName, oldText, newName, newText);
}

void DiffView::showTexts(const QString& oldName, const std::string& oldText, const QString& newName,
                         const std::string& newText)
{
    // The same diff again (an edit this pass's output does not show): the
    // rows, the folds opened, the selection and the scroll position stay.
    if (!m_model->setTexts(oldText, newText) && oldName == m_oldName && newName == m_newName) return;
    const int changes = m_model->changeCount();
    const int lines = m_model->changedRowCount();
    if (changes == 0)
        m_title->setText(tr("%1 → %2: no change").arg(oldName, newName));
    else
        m_title->setText(tr("%1 → %2: %3 %4, %5 %6")
                             .arg(oldName, newName, QString::number(changes),
                                  changes == 1 ? tr("change") : tr("changes"), QString::number(lines),
                                  lines == 1 ? tr("line") : tr("lines")));
    m_oldName = oldName;
    m_newName = newName;
    m_oldLabel->setText(tr("Before: %1").arg(oldName));
    m_newLabel->setText(tr("After: %1").arg(newName));
    for (QLabel* label : {m_oldLabel, m_newLabel}) label->setToolTip(label->text());
    m_title->setToolTip(m_title->text());
    m_unifiedStale = true;
    if (isUnified()) fillUnified();
    // Open where the first change is.
    const int first = m_model->nextChange(-1);
    if (first >= 0)
        m_newPane->scrollTo(m_model->index(std::max(0, first - DiffModel::kContext), 0),
                            QAbstractItemView::PositionAtTop);
    updateActions();
}

void DiffView::clear()
{
    m_model->clear();
    m_oldMap.clear();
    m_newMap.clear();
    m_title->setText(tr("No pass selected"));
    m_oldLabel->setText(tr("Before"));
    m_newLabel->setText(tr("After"));
    m_unified->clear();
    m_unifiedStale = false;
    updateActions();
}

void DiffView::setZoom(int steps)
{
    m_zoom = steps;
    QFont font = codepane::codeFont();
    font.setPointSize(std::max(4, font.pointSize() + steps));
    for (DiffPane* pane : {m_oldPane, m_newPane}) {
        pane->setFont(font);
        pane->fitColumns();
    }
    fitRowHeights();
    m_unified->setFont(font);
}

bool DiffView::isUnified() const { return m_stack->currentWidget() == m_unified; }

// The unified text is a second diff of the same texts: made when first shown.
void DiffView::fillUnified()
{
    if (!m_unifiedStale) return;
    m_unifiedStale = false;
    const std::string unified =
        tirx::unifiedDiff(m_model->oldText(), m_model->newText(), m_oldName.toStdString(), m_newName.toStdString());
    m_unified->setPlainText(unified.empty() ? tr("(no change)") : fromStd(unified));
}

void DiffView::setUnified(bool unified)
{
    if (unified) fillUnified();
    m_stack->setCurrentWidget(unified ? static_cast<QWidget*>(m_unified) : m_sides);
    setFocusProxy(unified ? static_cast<QWidget*>(m_unified) : m_newPane);
    if (m_unifiedButton->isChecked() != unified) m_unifiedButton->setChecked(unified);
}

bool DiffView::folding() const { return m_model->folding(); }

void DiffView::setFolding(bool folding)
{
    m_model->setFolding(folding);
    if (m_foldButton->isChecked() != folding) m_foldButton->setChecked(folding);
}

bool DiffView::wrapping() const { return m_newPane->wrapping(); }

void DiffView::setWrapping(bool wrapping)
{
    if (m_wrap->isChecked() != wrapping) m_wrap->setChecked(wrapping);
    m_unified->setLineWrapMode(wrapping ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
    if (m_newPane->wrapping() == wrapping) return;
    {
        // Rows are fitted once both sides have switched.
        const QScopedValueRollback guard(m_switchingWrap, true);
        m_oldPane->setWrapping(wrapping);
        m_newPane->setWrapping(wrapping);
    }
    fitRowHeights();
}

void DiffView::fitRowHeights()
{
    if (m_switchingWrap) return;
    const int lineHeight = DiffLineDelegate::lineHeight(QFontMetrics(m_newPane->font()));
    const int rows = m_model->rowCount();
    // Nothing wraps and nothing did: every row already has the one height.
    if (!wrapping() && m_newPane->verticalHeader()->length() == rows * lineHeight &&
        m_oldPane->verticalHeader()->length() == rows * lineHeight)
        return;
    for (int row = 0; row < rows; ++row) {
        const int lines = std::max(m_oldPane->linesOfRow(row), m_newPane->linesOfRow(row));
        for (DiffPane* pane : {m_oldPane, m_newPane})
            if (pane->rowHeight(row) != lines * lineHeight) pane->setRowHeight(row, lines * lineHeight);
    }
}

int DiffView::currentRow() const
{
    const QModelIndex current = m_newPane->selectionModel()->currentIndex();
    return current.isValid() ? current.row() : -1;
}

QList<int> DiffView::selectedRows() const
{
    QList<int> rows;
    for (const QModelIndex& index : m_newPane->selectionModel()->selectedRows(DiffModel::NewTextColumn))
        rows << index.row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

tirx::Span DiffView::spanOfRow(int row) const
{
    if (row < 0 || row >= m_model->rowCount()) return {};
    if (const int line = m_model->newLine(row)) return m_newMap.map().spanOfLine(line);
    return m_oldMap.map().spanOfLine(m_model->oldLine(row));
}

void DiffView::goToRow(int row)
{
    const QModelIndex index = m_model->index(row, DiffModel::NewTextColumn);
    m_newPane->selectionModel()->setCurrentIndex(index,
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_newPane->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void DiffView::nextChange()
{
    if (isUnified()) {
        stepUnified(true);
        return;
    }
    const int row = m_model->nextChange(currentRow());
    if (row >= 0) goToRow(row);
    updateActions();
}

void DiffView::previousChange()
{
    if (isUnified()) {
        stepUnified(false);
        return;
    }
    const int row = m_model->previousChange(currentRow() < 0 ? m_model->rowCount() : currentRow());
    if (row >= 0) goToRow(row);
    updateActions();
}

// In the unified text a change is a hunk: move the cursor to the next or previous "@@" line.
void DiffView::stepUnified(bool forward)
{
    QTextBlock block = m_unified->textCursor().block();
    block = forward ? block.next() : block.previous();
    while (block.isValid() && !block.text().startsWith(u"@@"_s)) block = forward ? block.next() : block.previous();
    if (!block.isValid()) return;
    QTextCursor cursor(block);
    m_unified->setTextCursor(cursor);
    m_unified->centerCursor();
}

void DiffView::revealSourceLine(int line)
{
    const bool selecting = std::exchange(m_selecting, true);
    QItemSelectionModel* selection = m_newPane->selectionModel();
    selection->clear();
    const auto source = static_cast<uint32_t>(std::max(line, 0));
    std::vector<int> lines = line > 0 ? m_newMap.map().linesForSourceLine(source) : std::vector<int>{};
    const std::vector<int> oldLines = line > 0 ? m_oldMap.map().linesForSourceLine(source) : std::vector<int>{};
    // The side with the tighter statement wins: a statement the pass removed
    // is found in the old module rather than as the loop around it in the new.
    const auto height = [](const tirx::PrintedModule& map, const std::vector<int>& found) {
        const tirx::Span span = map.spanOfLine(found.front());
        return std::max(span.line, span.endLine) - span.line;
    };
    const bool oldSide =
        !oldLines.empty() && (lines.empty() || height(m_oldMap.map(), oldLines) < height(m_newMap.map(), lines));
    if (oldSide) lines = oldLines;
    // Unfold first: expanding a fold moves the rows after it.
    for (int irLine : lines) {
        if (oldSide)
            m_model->revealOldLine(irLine);
        else
            m_model->revealNewLine(irLine);
    }
    std::vector<int> rows;
    for (int irLine : lines) {
        const int row = oldSide ? m_model->revealOldLine(irLine) : m_model->revealNewLine(irLine);
        if (row >= 0) rows.push_back(row);
    }
    for (int row : rows)
        selection->select(m_model->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    if (!rows.empty()) {
        selection->setCurrentIndex(m_model->index(rows.front(), DiffModel::NewTextColumn),
                                   QItemSelectionModel::NoUpdate);
        m_newPane->scrollTo(m_model->index(rows.back(), 0));
        m_newPane->scrollTo(m_model->index(rows.front(), 0));
    }
    m_selecting = selecting;
    updateActions();
}

void DiffView::onCurrentRowChanged(const QModelIndex& current)
{
    updateActions();
    if (m_selecting || !current.isValid()) return;
    // The side the user is looking at decides which module's line is meant.
    const int row = current.row();
    tirx::Span span;
    if (m_oldPane->hasFocus() && m_model->oldLine(row))
        span = m_oldMap.map().spanOfLine(m_model->oldLine(row));
    else
        span = spanOfRow(row);
    if (span.valid()) emit sourceSpanActivated(span);
}

void DiffView::onClicked(const QModelIndex& index)
{
    if (index.isValid() && m_model->kind(index.row()) == DiffModel::Kind::Fold) m_model->expandFold(index.row());
}

void DiffView::updateActions()
{
    const bool any = m_model->changeCount() > 0;
    m_nextChange->setEnabled(any);
    m_previousChange->setEnabled(any);
}
