#include "diff/line_diff.h"

#include <dtl/dtl.hpp>

#include <algorithm>
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

// Each distinct line gets a small integer, so the edit-script search compares
// ints instead of strings (a printed module repeats many lines verbatim).
void numberLines(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
                 std::vector<int>& idsA, std::vector<int>& idsB)
{
    std::unordered_map<std::string_view, int> ids;
    ids.reserve(a.size() + b.size());
    auto number = [&ids](const std::vector<std::string_view>& lines, std::vector<int>& out) {
        out.reserve(lines.size());
        for (std::string_view line : lines) out.push_back(ids.try_emplace(line, static_cast<int>(ids.size())).first->second);
    };
    number(a, idsA);
    number(b, idsB);
}

DiffLine same(std::string_view text, size_t oldIndex, size_t newIndex)
{
    return {DiffLine::Kind::Same, static_cast<int>(oldIndex + 1), static_cast<int>(newIndex + 1), text};
}

} // namespace

std::vector<DiffLine> diffLines(std::string_view oldText, std::string_view newText)
{
    const auto a = splitLines(oldText);
    const auto b = splitLines(newText);
    std::vector<DiffLine> out;
    out.reserve(std::max(a.size(), b.size()));

    // A pass usually touches a few places of a long module: the common head
    // and tail need no search, and the middle is searched over line numbers.
    size_t prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
    size_t suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
           a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix]) {
        ++suffix;
    }
    for (size_t i = 0; i < prefix; ++i) out.push_back(same(a[i], i, i));

    const std::vector<std::string_view> midA(a.begin() + static_cast<std::ptrdiff_t>(prefix),
                                             a.end() - static_cast<std::ptrdiff_t>(suffix));
    const std::vector<std::string_view> midB(b.begin() + static_cast<std::ptrdiff_t>(prefix),
                                             b.end() - static_cast<std::ptrdiff_t>(suffix));
    if (!midA.empty() || !midB.empty()) {
        std::vector<int> idsA;
        std::vector<int> idsB;
        numberLines(midA, midB, idsA, idsB);
        // dtl finds the shortest edit script (Wu's O(NP) algorithm).
        dtl::Diff<int, std::vector<int>> diff(idsA, idsB);
        diff.compose();
        for (const auto& [id, info] : diff.getSes().getSequence()) {
            (void)id;
            switch (info.type) {
            case dtl::SES_COMMON:
                out.push_back(same(midA[static_cast<size_t>(info.beforeIdx - 1)],
                                   prefix + static_cast<size_t>(info.beforeIdx - 1),
                                   prefix + static_cast<size_t>(info.afterIdx - 1)));
                break;
            case dtl::SES_DELETE:
                out.push_back({DiffLine::Kind::Removed, static_cast<int>(prefix) + static_cast<int>(info.beforeIdx), 0,
                               midA[static_cast<size_t>(info.beforeIdx - 1)]});
                break;
            case dtl::SES_ADD:
                out.push_back({DiffLine::Kind::Added, 0, static_cast<int>(prefix) + static_cast<int>(info.afterIdx),
                               midB[static_cast<size_t>(info.afterIdx - 1)]});
                break;
            }
        }
    }

    for (size_t k = suffix; k > 0; --k) out.push_back(same(a[a.size() - k], a.size() - k, b.size() - k));

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
