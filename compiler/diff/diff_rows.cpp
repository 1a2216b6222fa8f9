#include "diff/diff_rows.h"

#include "diff/line_diff.h"

#include <algorithm>

namespace tirx {

namespace {

// Rows for one block of removed and added lines, paired in order.
void pairBlock(const std::vector<const DiffLine*>& removed, const std::vector<const DiffLine*>& added,
               std::vector<DiffRow>& rows)
{
    const size_t n = std::max(removed.size(), added.size());
    for (size_t k = 0; k < n; ++k) {
        DiffRow row;
        if (k < removed.size()) {
            row.oldLine = removed[k]->oldLine;
            row.oldText = removed[k]->text;
        }
        if (k < added.size()) {
            row.newLine = added[k]->newLine;
            row.newText = added[k]->text;
        }
        if (row.oldLine && row.newLine) {
            row.kind = DiffRow::Kind::Changed;
            IntraLineDiff intra = intraLineDiff(row.oldText, row.newText);
            row.oldChanges = std::move(intra.removed);
            row.newChanges = std::move(intra.added);
        } else {
            row.kind = row.oldLine ? DiffRow::Kind::Removed : DiffRow::Kind::Added;
        }
        rows.push_back(std::move(row));
    }
}

} // namespace

std::vector<DiffRow> sideBySideRows(std::string_view oldText, std::string_view newText)
{
    const std::vector<DiffLine> lines = diffLines(oldText, newText);
    std::vector<DiffRow> rows;
    rows.reserve(lines.size());
    std::vector<const DiffLine*> removed;
    std::vector<const DiffLine*> added;
    size_t i = 0;
    while (i < lines.size()) {
        if (lines[i].kind == DiffLine::Kind::Same) {
            DiffRow row;
            row.oldLine = lines[i].oldLine;
            row.newLine = lines[i].newLine;
            row.oldText = lines[i].text;
            row.newText = lines[i].text;
            rows.push_back(std::move(row));
            ++i;
            continue;
        }
        // One block: diffLines lists its removed lines, then its added ones.
        removed.clear();
        added.clear();
        for (; i < lines.size() && lines[i].kind != DiffLine::Kind::Same; ++i)
            (lines[i].kind == DiffLine::Kind::Removed ? removed : added).push_back(&lines[i]);
        pairBlock(removed, added, rows);
    }
    return rows;
}

std::vector<FoldRun> foldRuns(const std::vector<DiffRow>& rows, size_t context)
{
    std::vector<FoldRun> runs;
    const bool anyChange =
        std::any_of(rows.begin(), rows.end(), [](const DiffRow& r) { return r.kind != DiffRow::Kind::Same; });
    if (!anyChange) return runs;
    size_t i = 0;
    while (i < rows.size()) {
        if (rows[i].kind != DiffRow::Kind::Same) {
            ++i;
            continue;
        }
        const size_t begin = i;
        while (i < rows.size() && rows[i].kind == DiffRow::Kind::Same) ++i;
        // Keep `context` rows next to the change before and after the stretch.
        const size_t first = begin == 0 ? 0 : begin + context;
        const size_t last = i == rows.size() ? i : i - std::min(context, i - begin);
        if (last > first && last - first >= 2) runs.push_back({first, last - first});
    }
    return runs;
}

} // namespace tirx
