#include "problems/problemsview.h"

#include "problems/problemsmodel.h"

#include <QCheckBox>
#include <QListView>
#include <QSortFilterProxyModel>
#include <QVBoxLayout>

namespace {

// Hides the notes while they are not asked for.
class NotesFilter : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setShowNotes(bool show)
    {
        m_showNotes = show;
        invalidateFilter();
    }

protected:
    [[nodiscard]] bool filterAcceptsRow(int row, const QModelIndex& parent) const override
    {
        const QModelIndex index = sourceModel()->index(row, 0, parent);
        return m_showNotes ||
               index.data(ProblemsModel::SeverityRole).toInt() != static_cast<int>(tirx::Diagnostic::Severity::Note);
    }

private:
    bool m_showNotes = false;
};

} // namespace

ProblemsView::ProblemsView(QWidget* parent)
    : QWidget(parent), m_model(new ProblemsModel(this)), m_shown(new NotesFilter(this)), m_view(new QListView(this)),
      m_notes(new QCheckBox(this))
{
    m_shown->setSourceModel(m_model);
    m_view->setModel(m_shown);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(true);
    m_view->setTextElideMode(Qt::ElideNone);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_notes->setToolTip(tr("Show the compiler's notes, such as the passes it skipped"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_notes);

    connect(m_view, &QListView::activated, this, &ProblemsView::onActivated);
    connect(m_notes, &QCheckBox::toggled, this, &ProblemsView::setShowNotes);
    connect(m_model, &ProblemsModel::modelReset, this, &ProblemsView::updateNotesLabel);
    setShowNotes(false);
}

bool ProblemsView::showNotes() const { return m_notes->isChecked(); }

void ProblemsView::setShowNotes(bool show)
{
    if (m_notes->isChecked() != show) m_notes->setChecked(show);
    static_cast<NotesFilter*>(m_shown)->setShowNotes(show);
}

void ProblemsView::activateRow(int row) { onActivated(m_shown->index(row, 0)); }

void ProblemsView::onActivated(const QModelIndex& index)
{
    if (!index.isValid()) return;
    emit problemActivated(index.data(ProblemsModel::LineRole).toInt(), index.data(ProblemsModel::ColumnRole).toInt());
}

void ProblemsView::updateNotesLabel()
{
    const int notes = m_model->count(tirx::Diagnostic::Severity::Note);
    m_notes->setText(tr("Show notes (%1)").arg(notes));
    m_notes->setVisible(notes > 0);
}
