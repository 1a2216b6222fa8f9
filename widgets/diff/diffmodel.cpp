#include "diff/diffmodel.h"

#include "diff/line_diff.h"

#include <QColor>

#include <algorithm>

namespace {

QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// Translucent, so they tint whatever base colour the palette has: pale on a
// light theme, deep on a dark one, and the text colour stays legible on both.
const QColor kRemoved(0xe5, 0x39, 0x35, 0x48);
const QColor kAdded(0x43, 0xa0, 0x47, 0x48);
const QColor kEmptySide(0x80, 0x80, 0x80, 0x20);

} // namespace

DiffModel::DiffModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void DiffModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void DiffModel::setTexts(const std::string &oldText, const std::string &newText)
{
    const std::vector<tirx::DiffLine> lines = tirx::diffLines(oldText, newText);
    std::vector<Row> rows;
    rows.reserve(lines.size());
    size_t i = 0;
    while (i < lines.size()) {
        if (lines[i].kind == tirx::DiffLine::Kind::Same) {
            const QString text = fromStd(lines[i].text);
            rows.push_back({Kind::Same, lines[i].oldLine, lines[i].newLine, text, text});
            ++i;
            continue;
        }
        // Pair the removed and added lines of one changed block, whichever
        // order the diff lists them in.
        std::vector<const tirx::DiffLine *> removed;
        std::vector<const tirx::DiffLine *> added;
        for (; i < lines.size() && lines[i].kind != tirx::DiffLine::Kind::Same; ++i)
            (lines[i].kind == tirx::DiffLine::Kind::Removed ? removed : added).push_back(&lines[i]);
        const size_t n = std::max(removed.size(), added.size());
        for (size_t k = 0; k < n; ++k) {
            Row row;
            if (k < removed.size()) {
                row.oldLine = removed[k]->oldLine;
                row.oldText = fromStd(removed[k]->text);
            }
            if (k < added.size()) {
                row.newLine = added[k]->newLine;
                row.newText = fromStd(added[k]->text);
            }
            row.kind =
                row.oldLine && row.newLine ? Kind::Changed : (row.oldLine ? Kind::Removed : Kind::Added);
            rows.push_back(std::move(row));
        }
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int DiffModel::changedRowCount() const
{
    return static_cast<int>(
        std::count_if(m_rows.begin(), m_rows.end(), [](const Row &row) { return row.kind != Kind::Same; }));
}

int DiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int DiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffModel::background(const Row &row, int column) const
{
    const bool oldSide = column == OldLineColumn || column == OldTextColumn;
    switch (row.kind) {
    case Kind::Same:
        return {};
    case Kind::Removed:
        return oldSide ? kRemoved : kEmptySide;
    case Kind::Added:
        return oldSide ? kEmptySide : kAdded;
    case Kind::Changed:
        return oldSide ? kRemoved : kAdded;
    }
    return {};
}

QVariant DiffModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (static_cast<Column>(column)) {
        case OldLineColumn:
            return row.oldLine ? QVariant(row.oldLine) : QVariant();
        case OldTextColumn:
            return row.oldText;
        case NewLineColumn:
            return row.newLine ? QVariant(row.newLine) : QVariant();
        case NewTextColumn:
            return row.newText;
        case ColumnCount:
            return {};
        }
        return {};
    case Qt::ToolTipRole:
        if (column == OldTextColumn && !row.oldText.isEmpty())
            return row.oldText;
        if (column == NewTextColumn && !row.newText.isEmpty())
            return row.newText;
        return {};
    case Qt::BackgroundRole:
        return background(row, column);
    case Qt::TextAlignmentRole:
        if (column == OldLineColumn || column == NewLineColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignTop);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignTop);
    case KindRole:
        return QVariant::fromValue(row.kind);
    default:
        return {};
    }
}

QVariant DiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case OldLineColumn:
        return tr("Old");
    case OldTextColumn:
        return tr("Before");
    case NewLineColumn:
        return tr("New");
    case NewTextColumn:
        return tr("After");
    case ColumnCount:
        return {};
    }
    return {};
}
