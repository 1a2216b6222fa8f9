#include "diff/line_diff.h"

#include <dtl/dtl.hpp>

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace tirx {

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    size_t begin = 0;
    while (begin < text.size()) {
        auto nl = text.find('\n', begin);
        if (nl == std::string_view::npos) nl = text.size();
        lines.push_back(text.substr(begin, nl - begin));
        begin = nl + 1;
    }
    return lines;
}

namespace {

// Above this many lines (both sides) a stretch is first cut at anchors.
constexpr size_t kAnchorThreshold = 2000;

// The line diff proper. Lines are numbered first (each distinct line a small
// integer), so every comparison is between ints. A stretch of lines loses
// its common head and tail; a short remainder goes to dtl, which finds the
// shortest edit script (Wu's O(NP) algorithm). A long one is first cut at
// anchors, lines that occur once on each side, in order (the longest
// increasing run of them, as patience diff does), and each piece between
// anchors is diffed the same way. A printed module has such lines every few
// dozen (function names, allocations), so a 100k-line module with scattered
// edits costs near-linear time instead of dtl's N times the edit count.
class LineDiffer {
public:
    LineDiffer(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
               std::vector<DiffLine>& out)
        : m_a(a), m_b(b), m_out(out)
    {
        std::unordered_map<std::string_view, int> ids;
        ids.reserve(a.size() + b.size());
        auto number = [&ids](const std::vector<std::string_view>& lines, std::vector<int>& numbers) {
            numbers.reserve(lines.size());
            for (std::string_view line : lines)
                numbers.push_back(ids.try_emplace(line, static_cast<int>(ids.size())).first->second);
        };
        number(a, m_idsA);
        number(b, m_idsB);
        m_countA.assign(ids.size(), 0);
        m_countB.assign(ids.size(), 0);
        m_whereB.assign(ids.size(), 0);
    }

    void diff(size_t aBegin, size_t aEnd, size_t bBegin, size_t bEnd)
    {
        size_t head = 0;
        while (aBegin + head < aEnd && bBegin + head < bEnd && m_idsA[aBegin + head] == m_idsB[bBegin + head]) ++head;
        for (size_t k = 0; k < head; ++k) same(aBegin + k, bBegin + k);
        aBegin += head;
        bBegin += head;
        size_t tail = 0;
        while (aEnd - tail > aBegin && bEnd - tail > bBegin && m_idsA[aEnd - 1 - tail] == m_idsB[bEnd - 1 - tail])
            ++tail;
        aEnd -= tail;
        bEnd -= tail;
        if (aBegin < aEnd || bBegin < bEnd) {
            if ((aEnd - aBegin) + (bEnd - bBegin) <= kAnchorThreshold || !cutAtAnchors(aBegin, aEnd, bBegin, bEnd))
                shortestEdit(aBegin, aEnd, bBegin, bEnd);
        }
        for (size_t k = tail; k > 0; --k) same(aEnd + tail - k, bEnd + tail - k);
    }

private:
    void same(size_t i, size_t j)
    {
        m_out.push_back({DiffLine::Kind::Same, static_cast<int>(i + 1), static_cast<int>(j + 1), m_a[i]});
    }

    void shortestEdit(size_t aBegin, size_t aEnd, size_t bBegin, size_t bEnd)
    {
        const std::vector<int> a(m_idsA.begin() + static_cast<std::ptrdiff_t>(aBegin),
                                 m_idsA.begin() + static_cast<std::ptrdiff_t>(aEnd));
        const std::vector<int> b(m_idsB.begin() + static_cast<std::ptrdiff_t>(bBegin),
                                 m_idsB.begin() + static_cast<std::ptrdiff_t>(bEnd));
        dtl::Diff<int, std::vector<int>> diff(a, b);
        diff.compose();
        for (const auto& step : diff.getSes().getSequence()) {
            const auto& info = step.second;
            const size_t i = aBegin + static_cast<size_t>(info.beforeIdx - 1);
            const size_t j = bBegin + static_cast<size_t>(info.afterIdx - 1);
            switch (info.type) {
            case dtl::SES_COMMON: same(i, j); break;
            case dtl::SES_DELETE: m_out.push_back({DiffLine::Kind::Removed, static_cast<int>(i + 1), 0, m_a[i]}); break;
            case dtl::SES_ADD: m_out.push_back({DiffLine::Kind::Added, 0, static_cast<int>(j + 1), m_b[j]}); break;
            }
        }
    }

    // False when the stretch has no anchor.
    bool cutAtAnchors(size_t aBegin, size_t aEnd, size_t bBegin, size_t bEnd)
    {
        for (size_t i = aBegin; i < aEnd; ++i) ++m_countA[static_cast<size_t>(m_idsA[i])];
        for (size_t j = bBegin; j < bEnd; ++j) {
            const auto id = static_cast<size_t>(m_idsB[j]);
            ++m_countB[id];
            m_whereB[id] = j;
        }
        // Lines unique on both sides, in old order, with their new position.
        std::vector<std::pair<size_t, size_t>> unique;
        for (size_t i = aBegin; i < aEnd; ++i) {
            const auto id = static_cast<size_t>(m_idsA[i]);
            if (m_countA[id] == 1 && m_countB[id] == 1) unique.emplace_back(i, m_whereB[id]);
        }
        for (size_t i = aBegin; i < aEnd; ++i) m_countA[static_cast<size_t>(m_idsA[i])] = 0;
        for (size_t j = bBegin; j < bEnd; ++j) m_countB[static_cast<size_t>(m_idsB[j])] = 0;
        const std::vector<std::pair<size_t, size_t>> anchors = longestIncreasing(unique);
        if (anchors.empty()) return false;
        size_t i = aBegin;
        size_t j = bBegin;
        for (const auto& [ai, bj] : anchors) {
            diff(i, ai, j, bj);
            same(ai, bj);
            i = ai + 1;
            j = bj + 1;
        }
        diff(i, aEnd, j, bEnd);
        return true;
    }

    // The longest run of pairs whose second members increase (patience sorting).
    static std::vector<std::pair<size_t, size_t>> longestIncreasing(const std::vector<std::pair<size_t, size_t>>& pairs)
    {
        std::vector<size_t> tops; // index into pairs of the top of each pile
        std::vector<size_t> before(pairs.size(), SIZE_MAX);
        for (size_t k = 0; k < pairs.size(); ++k) {
            const auto pile = std::lower_bound(tops.begin(), tops.end(), pairs[k].second,
                                               [&](size_t top, size_t value) { return pairs[top].second < value; });
            if (pile != tops.begin()) before[k] = *(pile - 1);
            if (pile == tops.end())
                tops.push_back(k);
            else
                *pile = k;
        }
        std::vector<std::pair<size_t, size_t>> run;
        for (size_t k = tops.empty() ? SIZE_MAX : tops.back(); k != SIZE_MAX; k = before[k]) run.push_back(pairs[k]);
        std::reverse(run.begin(), run.end());
        return run;
    }

    const std::vector<std::string_view>& m_a;
    const std::vector<std::string_view>& m_b;
    std::vector<DiffLine>& m_out;
    std::vector<int> m_idsA;
    std::vector<int> m_idsB;
    std::vector<uint32_t> m_countA; // per line number, reset after each use
    std::vector<uint32_t> m_countB;
    std::vector<size_t> m_whereB;
};

} // namespace

std::vector<DiffLine> diffLines(std::string_view oldText, std::string_view newText)
{
    const auto a = splitLines(oldText);
    const auto b = splitLines(newText);
    std::vector<DiffLine> out;
    out.reserve(std::max(a.size(), b.size()));
    LineDiffer differ(a, b, out);
    differ.diff(0, a.size(), 0, b.size());

    // The edit script may interleave a block's removals and additions; a
    // reader expects the old lines of a block first, then the new ones.
    for (auto it = out.begin(); it != out.end();) {
        if (it->kind == DiffLine::Kind::Same) {
            ++it;
            continue;
        }
        const auto end = std::find_if(it, out.end(), [](const DiffLine& l) { return l.kind == DiffLine::Kind::Same; });
        std::stable_partition(it, end, [](const DiffLine& l) { return l.kind == DiffLine::Kind::Removed; });
        it = end;
    }
    return out;
}
std::string unifiedDiff(std::string_view oldText, std::string_view newText, std::string_view oldName,
                        std::string_view newName, int context)
{
    const auto lines = diffLines(oldText, newText);
    const auto n = static_cast<int>(lines.size());
    std::string out;
    int i = 0;
    while (i < n) {
        while (i < n && lines[i].kind == DiffLine::Kind::Same) ++i;
        if (i == n) break;
        // Grow a hunk from this change until `2 * context` unchanged lines separate it from the next.
        const int start = std::max(0, i - context);
        int end = i;
        int same = 0;
        for (int j = i; j < n; ++j) {
            if (lines[j].kind == DiffLine::Kind::Same) {
                if (++same > 2 * context) break;
            } else {
                same = 0;
                end = j;
            }
        }
        const int stop = std::min(n, end + context + 1);
        int oldStart = 0, newStart = 0, oldCount = 0, newCount = 0;
        int oldBefore = 0, newBefore = 0;
        for (int j = 0; j < start; ++j) {
            if (lines[j].kind != DiffLine::Kind::Added) ++oldBefore;
            if (lines[j].kind != DiffLine::Kind::Removed) ++newBefore;
        }
        for (int j = start; j < stop; ++j) {
            if (lines[j].kind != DiffLine::Kind::Added) ++oldCount;
            if (lines[j].kind != DiffLine::Kind::Removed) ++newCount;
        }
        oldStart = oldCount ? oldBefore + 1 : oldBefore;
        newStart = newCount ? newBefore + 1 : newBefore;
        if (out.empty()) {
            out += "--- ";
            out += oldName;
            out += "\n+++ ";
            out += newName;
            out += '\n';
        }
        out += "@@ -" + std::to_string(oldStart) + "," + std::to_string(oldCount) + " +" + std::to_string(newStart) +
               "," + std::to_string(newCount) + " @@\n";
        for (int j = start; j < stop; ++j) {
            switch (lines[j].kind) {
            case DiffLine::Kind::Same: out += ' '; break;
            case DiffLine::Kind::Removed: out += '-'; break;
            case DiffLine::Kind::Added: out += '+'; break;
            }
            out += lines[j].text;
            out += '\n';
        }
        i = stop;
    }
    return out;
}

} // namespace tirx
