#include "diff/diffmodel.h"

#include "fromstd.h"

#include "diff/diffcolors.h"

#include <QGuiApplication>
#include <QPalette>

#include <algorithm>

namespace {

bool isChange(DiffModel::Kind kind) { return kind != DiffModel::Kind::Same && kind != DiffModel::Kind::Fold; }

DiffModel::Kind kindOf(tirx::DiffRow::Kind kind)
{
    switch (kind) {
    case tirx::DiffRow::Kind::Same: return DiffModel::Kind::Same;
    case tirx::DiffRow::Kind::Removed: return DiffModel::Kind::Removed;
    case tirx::DiffRow::Kind::Added: return DiffModel::Kind::Added;
    case tirx::DiffRow::Kind::Changed: return DiffModel::Kind::Changed;
    }
    return DiffModel::Kind::Same;
}

// UTF-16 length of the first `bytes` bytes of `text`: offsets from the
// compiler count bytes, Qt counts UTF-16 units.
int utf16Offset(std::string_view text, size_t bytes) { return static_cast<int>(fromStd(text.substr(0, bytes)).size()); }

} // namespace

QString DiffModel::foldText(int lines) { return tr("⋯ %1 unchanged lines").arg(lines); }

DiffModel::DiffModel(QObject* parent) : QAbstractTableModel(parent) {}

void DiffModel::clear()
{
    beginResetModel();
    m_lines.clear();
    m_shown.clear();
    m_oldText.clear();
    m_newText.clear();
    m_hasTexts = false;
    m_longestLine = 0;
    endResetModel();
}

bool DiffModel::setTexts(const std::string& oldText, const std::string& newText)
{
    if (m_hasTexts && oldText == m_oldText && newText == m_newText) return false;
    beginResetModel();
    m_hasTexts = true;
    // The rows view into the model's own copies, which live as long as they do.
    m_oldText = oldText;
    m_newText = newText;
    m_lines = tirx::sideBySideRows(m_oldText, m_newText);
    size_t longest = 0;
    for (const tirx::DiffRow& row : m_lines) longest = std::max({longest, row.oldText.size(), row.newText.size()});
    m_longestLine = static_cast<int>(longest);
    rebuildShown();
    endResetModel();
    return true;
}

void DiffModel::rebuildShown()
{
    m_shown.clear();
    m_shown.reserve(m_lines.size());
    const std::vector<tirx::FoldRun> runs =
        m_folding ? tirx::foldRuns(m_lines, kContext) : std::vector<tirx::FoldRun>{};
    auto run = runs.begin();
    for (size_t i = 0; i < m_lines.size();) {
        if (run != runs.end() && run->first == i) {
            m_shown.push_back({i, run->count});
            i += run->count;
            ++run;
            continue;
        }
        m_shown.push_back({i, 0});
        ++i;
    }
}

void DiffModel::setFolding(bool folding)
{
    if (folding == m_folding) return;
    beginResetModel();
    m_folding = folding;
    rebuildShown();
    endResetModel();
}

bool DiffModel::expandFold(int row)
{
    if (row < 0 || row >= rowCount() || m_shown[static_cast<size_t>(row)].folded == 0) return false;
    const Shown fold = m_shown[static_cast<size_t>(row)];
    m_shown[static_cast<size_t>(row)].folded = 0;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    if (fold.folded > 1) {
        beginInsertRows({}, row + 1, row + static_cast<int>(fold.folded) - 1);
        std::vector<Shown> lines;
        lines.reserve(fold.folded - 1);
        for (size_t k = 1; k < fold.folded; ++k) lines.push_back({fold.line + k, 0});
        m_shown.insert(m_shown.begin() + row + 1, lines.begin(), lines.end());
        endInsertRows();
    }
    return true;
}

DiffModel::Kind DiffModel::kind(int row) const
{
    if (row < 0 || row >= rowCount()) return Kind::Same;
    const Shown& shown = m_shown[static_cast<size_t>(row)];
    return shown.folded ? Kind::Fold : kindOf(m_lines[shown.line].kind);
}

int DiffModel::oldLine(int row) const
{
    if (row < 0 || row >= rowCount()) return 0;
    const Shown& shown = m_shown[static_cast<size_t>(row)];
    return shown.folded ? 0 : m_lines[shown.line].oldLine;
}

int DiffModel::newLine(int row) const
{
    if (row < 0 || row >= rowCount()) return 0;
    const Shown& shown = m_shown[static_cast<size_t>(row)];
    return shown.folded ? 0 : m_lines[shown.line].newLine;
}

int DiffModel::revealOldLine(int line) { return reveal(true, line); }

int DiffModel::revealNewLine(int line) { return reveal(false, line); }

int DiffModel::reveal(bool oldSide, int line)
{
    if (line <= 0) return -1;
    const auto found = std::find_if(m_lines.begin(), m_lines.end(), [&](const tirx::DiffRow& row) {
        return (oldSide ? row.oldLine : row.newLine) == line;
    });
    if (found == m_lines.end()) return -1;
    const auto target = static_cast<size_t>(found - m_lines.begin());
    // The last shown row starting at or before the line: the line itself or the fold hiding it.
    const auto after = std::upper_bound(m_shown.begin(), m_shown.end(), target,
                                        [](size_t value, const Shown& shown) { return value < shown.line; });
    const auto row = static_cast<int>(after - m_shown.begin()) - 1;
    const Shown shown = m_shown[static_cast<size_t>(row)];
    if (shown.folded) expandFold(row);
    return row + static_cast<int>(target - shown.line);
}

int DiffModel::changedRowCount() const
{
    return static_cast<int>(std::count_if(m_lines.begin(), m_lines.end(), [](const tirx::DiffRow& row) {
        return row.kind != tirx::DiffRow::Kind::Same;
    }));
}

int DiffModel::changeCount() const
{
    int count = 0;
    bool inChange = false;
    for (const tirx::DiffRow& row : m_lines) {
        const bool changed = row.kind != tirx::DiffRow::Kind::Same;
        count += changed && !inChange ? 1 : 0;
        inChange = changed;
    }
    return count;
}

bool DiffModel::isChangeStart(int row) const { return isChange(kind(row)) && (row == 0 || !isChange(kind(row - 1))); }

int DiffModel::nextChange(int row) const
{
    for (int r = std::max(0, row + 1); r < rowCount(); ++r) {
        if (isChangeStart(r)) return r;
    }
    return -1;
}

int DiffModel::previousChange(int row) const
{
    for (int r = std::min(row, rowCount()) - 1; r >= 0; --r) {
        if (isChangeStart(r)) return r;
    }
    return -1;
}

int DiffModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_shown.size());
}

int DiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QList<DiffModel::CharRange> DiffModel::changes(const tirx::DiffRow& row, bool oldSide) const
{
    const std::string_view text = oldSide ? row.oldText : row.newText;
    QList<CharRange> out;
    for (const tirx::TextRange& range : oldSide ? row.oldChanges : row.newChanges) {
        const int begin = utf16Offset(text, range.begin);
        out.push_back({begin, utf16Offset(text, range.begin + range.length) - begin});
    }
    return out;
}

QVariant DiffModel::textData(const Shown& shown, bool oldSide) const
{
    if (shown.folded) return foldText(static_cast<int>(shown.folded));
    const tirx::DiffRow& row = m_lines[shown.line];
    return fromStd(oldSide ? row.oldText : row.newText);
}

QVariant DiffModel::background(const Shown& shown, int column) const
{
    const DiffColors colors = DiffColors::forPalette(QGuiApplication::palette());
    if (shown.folded) return colors.foldRow;
    const bool oldSide = column == OldLineColumn || column == OldTextColumn;
    switch (m_lines[shown.line].kind) {
    case tirx::DiffRow::Kind::Same: return {};
    case tirx::DiffRow::Kind::Removed: return oldSide ? colors.removedLine : colors.emptySide;
    case tirx::DiffRow::Kind::Added: return oldSide ? colors.emptySide : colors.addedLine;
    case tirx::DiffRow::Kind::Changed: return oldSide ? colors.removedLine : colors.addedLine;
    }
    return {};
}

QVariant DiffModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Shown& shown = m_shown[static_cast<size_t>(index.row())];
    const tirx::DiffRow& row = m_lines[shown.line];
    const auto column = static_cast<Column>(index.column());
    const bool oldSide = column == OldLineColumn || column == OldTextColumn;
    const bool textColumn = column == OldTextColumn || column == NewTextColumn;
    switch (role) {
    case Qt::DisplayRole:
        if (textColumn) return textData(shown, oldSide);
        if (shown.folded) return {};
        if (const int line = oldSide ? row.oldLine : row.newLine) return line;
        return {};
    case Qt::ToolTipRole:
        if (shown.folded) return tr("Click to show the %1 hidden lines").arg(shown.folded);
        return {};
    case Qt::BackgroundRole: return background(shown, column);
    case Qt::ForegroundRole:
        if (shown.folded) return DiffColors::forPalette(QGuiApplication::palette()).foldText;
        if (!textColumn) return QGuiApplication::palette().color(QPalette::PlaceholderText);
        return {};
    case Qt::TextAlignmentRole:
        if (!textColumn) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case KindRole: return QVariant::fromValue(kind(index.row()));
    case ChangesRole:
        if (!textColumn || shown.folded || row.kind != tirx::DiffRow::Kind::Changed) return {};
        return QVariant::fromValue(changes(row, oldSide));
    case FoldCountRole: return static_cast<int>(shown.folded);
    default: return {};
    }
}

QVariant DiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case OldLineColumn: return tr("Old");
    case OldTextColumn: return tr("Before");
    case NewLineColumn: return tr("New");
    case NewTextColumn: return tr("After");
    case ColumnCount: return {};
    }
    return {};
}
