#include "diff/diffview.h"

#include "diff/diffmodel.h"

#include "diff/line_diff.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
QFont codeFont()
{
    QFont font(u"DejaVu Sans Mono"_s, 9);
    font.setStyleHint(QFont::Monospace);
    font.setFixedPitch(true);
    return font;
}
} // namespace

DiffView::DiffView(QWidget *parent)
    : QWidget(parent)
    , m_model(new DiffModel(this))
    , m_title(new QLabel(this))
    , m_unifiedButton(new QToolButton(this))
    , m_stack(new QStackedWidget(this))
    , m_table(new QTableView(this))
    , m_unified(new QPlainTextEdit(this))
{
    m_title->setTextFormat(Qt::PlainText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_unifiedButton->setText(tr("Unified"));
    m_unifiedButton->setCheckable(true);
    m_unifiedButton->setToolTip(tr("Show a unified diff instead of side by side"));

    const QFont font = codeFont();
    m_table->setModel(m_model);
    m_table->setFont(font);
    m_table->setShowGrid(false);
    // Long lines wrap rather than elide: a pass often changes the end of a
    // line, and an ellipsis would hide exactly that.
    m_table->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setMinimumSectionSize(QFontMetrics(font).height() + 2);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(DiffModel::OldLineColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(DiffModel::NewLineColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(DiffModel::OldTextColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(DiffModel::NewTextColumn, QHeaderView::Stretch);
    header->setHighlightSections(false);

    m_unified->setReadOnly(true);
    m_unified->setFont(font);
    m_unified->setLineWrapMode(QPlainTextEdit::NoWrap);

    m_stack->addWidget(m_table);
    m_stack->addWidget(m_unified);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_title, 1);
    bar->addWidget(m_unifiedButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_stack, 1);

    connect(m_unifiedButton, &QToolButton::toggled, this, &DiffView::setUnified);
    clear();
}

void DiffView::setTexts(const QString &oldName, const std::string &oldText, const QString &newName,
                        const std::string &newText)
{
    m_model->setTexts(oldText, newText);
    const int changed = m_model->changedRowCount();
    m_title->setText(changed == 0 ? tr("%1 → %2: no change").arg(oldName, newName)
                                  : tr("%1 → %2: %n line(s) differ", nullptr, changed).arg(oldName, newName));
    const std::string unified =
        tirx::unifiedDiff(oldText, newText, oldName.toStdString(), newName.toStdString());
    m_unified->setPlainText(unified.empty() ? tr("(no change)") : QString::fromStdString(unified));
    // Open where the first change is.
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->kind(row) != DiffModel::Kind::Same) {
            m_table->scrollTo(m_model->index(std::max(0, row - 3), 0), QAbstractItemView::PositionAtTop);
            break;
        }
    }
}

void DiffView::clear()
{
    m_model->clear();
    m_title->setText(tr("No pass selected"));
    m_unified->clear();
}

bool DiffView::isUnified() const
{
    return m_stack->currentWidget() == m_unified;
}

void DiffView::setUnified(bool unified)
{
    m_stack->setCurrentWidget(unified ? static_cast<QWidget *>(m_unified) : m_table);
    if (m_unifiedButton->isChecked() != unified)
        m_unifiedButton->setChecked(unified);
}
