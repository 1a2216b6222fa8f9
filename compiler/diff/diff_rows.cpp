#include "diff/diff_rows.h"

#include "diff/line_diff.h"

#include <algorithm>

namespace tirx {

namespace {

// Blocks with more candidate pairs than this are paired in order without
// looking for similar lines (the search costs one intra-line diff per pair).
constexpr size_t kMaxPairings = 400;

size_t nonBlank(std::string_view text)
{
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return c != ' ' && c != '\t'; }));
}

size_t nonBlankIn(std::string_view text, const std::vector<TextRange>& ranges)
{
    size_t n = 0;
    for (const TextRange& r : ranges) n += nonBlank(text.substr(r.begin, r.length));
    return n;
}

// How much of two lines survives their intra-line diff, 0..1. Blanks do not
// count: indentation alone makes any two statements look alike.
double similarity(std::string_view a, std::string_view b, const IntraLineDiff& intra)
{
    const size_t total = nonBlank(a) + nonBlank(b);
    if (total == 0) return 1.0;
    const size_t changed = nonBlankIn(a, intra.removed) + nonBlankIn(b, intra.added);
    return 1.0 - static_cast<double>(changed) / static_cast<double>(total);
}

bool similar(double s) { return s >= 0.5; }

DiffRow lineRow(const DiffLine* removed, const DiffLine* added)
{
    DiffRow row;
    if (removed) {
        row.oldLine = removed->oldLine;
        row.oldText = removed->text;
    }
    if (added) {
        row.newLine = added->newLine;
        row.newText = added->text;
    }
    if (!removed || !added) {
        row.kind = removed ? DiffRow::Kind::Removed : DiffRow::Kind::Added;
        return row;
    }
    row.kind = DiffRow::Kind::Changed;
    IntraLineDiff intra = intraLineDiff(row.oldText, row.newText);
    // Marking characters only helps when the lines are alike; two different
    // statements side by side are changed as wholes.
    if (similar(similarity(row.oldText, row.newText, intra))) {
        row.oldChanges = std::move(intra.removed);
        row.newChanges = std::move(intra.added);
    }
    return row;
}

// Rows for removed[r0, r1) and added[a0, a1), side by side in order.
void zip(const std::vector<const DiffLine*>& removed, size_t r0, size_t r1, const std::vector<const DiffLine*>& added,
         size_t a0, size_t a1, std::vector<DiffRow>& rows)
{
    for (size_t k = 0; r0 + k < r1 || a0 + k < a1; ++k)
        rows.push_back(lineRow(r0 + k < r1 ? removed[r0 + k] : nullptr, a0 + k < a1 ? added[a0 + k] : nullptr));
}

// Rows for one block of removed and added lines. A removed line shares its
// row with the first later added line that is like it (a statement that
// only moved in or out a level stays next to itself); the lines between such
// pairs are set side by side in order.
void pairBlock(const std::vector<const DiffLine*>& removed, const std::vector<const DiffLine*>& added,
               std::vector<DiffRow>& rows)
{
    const bool search = removed.size() > 1 || added.size() > 1;
    if (!search || removed.size() * added.size() > kMaxPairings) {
        zip(removed, 0, removed.size(), added, 0, added.size(), rows);
        return;
    }
    size_t r0 = 0;
    size_t a0 = 0;
    for (size_t r = 0; r < removed.size(); ++r) {
        for (size_t a = a0; a < added.size(); ++a) {
            const IntraLineDiff intra = intraLineDiff(removed[r]->text, added[a]->text);
            if (!similar(similarity(removed[r]->text, added[a]->text, intra))) continue;
            zip(removed, r0, r, added, a0, a, rows);
            rows.push_back(lineRow(removed[r], added[a]));
            r0 = r + 1;
            a0 = a + 1;
            break;
        }
    }
    zip(removed, r0, removed.size(), added, a0, added.size(), rows);
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
