#include "diff/line_diff.h"

#include <dtl/dtl.hpp>

#include <algorithm>

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

std::vector<DiffLine> diffLines(std::string_view oldText, std::string_view newText)
{
    const auto a = splitLines(oldText);
    const auto b = splitLines(newText);
    // dtl finds the shortest edit script (Wu's O(NP) algorithm) over the lines.
    dtl::Diff<std::string_view, std::vector<std::string_view>> diff(a, b);
    diff.compose();
    std::vector<DiffLine> out;
    out.reserve(std::max(a.size(), b.size()));
    for (const auto& [text, info] : diff.getSes().getSequence()) {
        DiffLine line;
        line.text = text;
        line.oldLine = static_cast<int>(info.beforeIdx);
        line.newLine = static_cast<int>(info.afterIdx);
        switch (info.type) {
        case dtl::SES_COMMON: line.kind = DiffLine::Kind::Same; break;
        case dtl::SES_DELETE: line.kind = DiffLine::Kind::Removed; line.newLine = 0; break;
        case dtl::SES_ADD: line.kind = DiffLine::Kind::Added; line.oldLine = 0; break;
        }
        out.push_back(line);
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
