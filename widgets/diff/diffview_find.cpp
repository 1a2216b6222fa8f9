// DiffView's find, apart from the views and the navigation in diffview.cpp:
// matches are searched in the rows shown, both sides, and in the unified text.
#include "diff/diffview.h"

#include "diff/diffmodel.h"
#include "diff/diffpane.h"

#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>

#include <algorithm>

using namespace Qt::StringLiterals;
#include <tuple>

namespace {

QRegularExpression findPattern(const QString& text, FindOptions options)
{
    QString pattern = QRegularExpression::escape(text);
    if (options.wholeWord) pattern = u"\\b"_s + pattern + u"\\b"_s;
    return QRegularExpression(pattern, options.caseSensitive ? QRegularExpression::NoPatternOption
                                                             : QRegularExpression::CaseInsensitiveOption);
}

} // namespace

QString DiffView::findSeed() const
{
    if (!isUnified()) return {};
    const QString selected = m_unified->textCursor().selectedText();
    return selected.contains(QChar::ParagraphSeparator) ? QString() : selected;
}

std::vector<DiffView::Match> DiffView::matches(const QRegularExpression& pattern) const
{
    std::vector<Match> found;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->kind(row) == DiffModel::Kind::Fold) continue;
        for (const int column : {int(DiffModel::OldTextColumn), int(DiffModel::NewTextColumn)}) {
            const QString text = m_model->index(row, column).data().toString();
            for (auto it = pattern.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch match = it.next();
                if (match.capturedLength() > 0)
                    found.push_back({row, column, int(match.capturedStart()), int(match.capturedLength())});
            }
        }
    }
    return found;
}

bool DiffView::findText(const QString& text, bool forward, FindOptions options)
{
    if (text.isEmpty()) return false;
    const QRegularExpression pattern = findPattern(text, options);
    if (isUnified()) return findInUnified(pattern, forward);
    const std::vector<Match> found = matches(pattern);
    if (found.empty()) return false;
    // From the last match while the user stayed on its row, else from the selected row.
    const int row = currentRow();
    const auto key = [](const Match& m) { return std::tie(m.row, m.column, m.start); };
    Match from = m_match;
    if (row != m_match.row) from = {row, forward ? -1 : DiffModel::ColumnCount, 0, 0};
    const Match* next = nullptr;
    if (forward) {
        const auto it = std::find_if(found.begin(), found.end(), [&](const Match& m) { return key(m) > key(from); });
        next = it != found.end() ? &*it : &found.front();
    } else {
        const auto it = std::find_if(found.rbegin(), found.rend(), [&](const Match& m) { return key(m) < key(from); });
        next = it != found.rend() ? &*it : &found.back();
    }
    showMatch(*next);
    return true;
}

void DiffView::showMatch(const Match& match)
{
    m_match = match;
    DiffPane* pane = match.column == DiffModel::OldTextColumn ? m_oldPane : m_newPane;
    const QModelIndex index = m_model->index(match.row, match.column);
    pane->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    pane->scrollTo(index, QAbstractItemView::PositionAtCenter);
    // Sideways too, when the match lies beyond the visible part of the line.
    const QFontMetrics metrics(pane->font());
    const QString text = index.data().toString();
    const int left = pane->columnViewportPosition(match.column) + pane->horizontalScrollBar()->value();
    const int x = left + metrics.horizontalAdvance(text.left(match.start));
    const int width = metrics.horizontalAdvance(text.mid(match.start, match.length));
    QScrollBar* bar = pane->horizontalScrollBar();
    if (x < bar->value() || x + width > bar->value() + pane->viewport()->width())
        bar->setValue(std::max(0, x - pane->viewport()->width() / 3));
}

bool DiffView::findInUnified(const QRegularExpression& pattern, bool forward)
{
    const QTextDocument::FindFlags flags = forward ? QTextDocument::FindFlags() : QTextDocument::FindBackward;
    if (m_unified->find(pattern, flags)) return true;
    QTextCursor cursor = m_unified->textCursor();
    cursor.movePosition(forward ? QTextCursor::Start : QTextCursor::End);
    m_unified->setTextCursor(cursor);
    return m_unified->find(pattern, flags);
}

int DiffView::highlightMatches(const QString& text, FindOptions options)
{
    const QRegularExpression pattern = text.isEmpty() ? QRegularExpression() : findPattern(text, options);
    for (DiffPane* pane : {m_oldPane, m_newPane}) pane->setFindPattern(pattern);
    QList<QTextEdit::ExtraSelection> selections;
    if (!text.isEmpty() && isUnified()) {
        QTextCharFormat format;
        format.setBackground(m_oldPane->findColor());
        for (QTextCursor cursor = m_unified->document()->find(pattern); !cursor.isNull() && cursor.hasSelection();
             cursor = m_unified->document()->find(pattern, cursor))
            selections.append({cursor, format});
    }
    m_unified->setExtraSelections(selections);
    if (text.isEmpty()) return 0;
    return isUnified() ? int(selections.size()) : int(matches(pattern).size());
}
