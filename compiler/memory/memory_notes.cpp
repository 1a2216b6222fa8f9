#include "memory/memory_notes.h"
#include "ir/mem_space.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
#include <optional>
#include <utility>

namespace tirx {

namespace {

std::string range(const char* axis, int64_t begin, int64_t end)
{
    return std::string(axis) + "[" + std::to_string(begin) + ":" + std::to_string(end) + ")";
}

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `name` in `    name = T.alloc_tensor(`, or empty.
std::string_view allocatedName(std::string_view line)
{
    size_t i = line.find_first_not_of(' ');
    if (i == std::string_view::npos) return {};
    size_t end = i;
    while (end < line.size() && isNameChar(line[end])) ++end;
    if (end == i || line.substr(end, 18) != " = T.alloc_tensor(") return {};
    return line.substr(i, end - i);
}

// `main` in `def main(`, or empty.
std::string_view definedFunction(std::string_view line)
{
    line.remove_prefix(std::min(line.size(), line.find_first_not_of(' ')));
    if (line.substr(0, 4) != "def ") return {};
    const size_t open = line.find('(');
    return open == std::string_view::npos ? std::string_view{} : line.substr(4, open - 4);
}

// `A` for `A_1`: the printer's way of telling two variables of one name apart.
std::string_view withoutClashSuffix(std::string_view name)
{
    const size_t underscore = name.rfind('_');
    if (underscore == std::string_view::npos || underscore + 1 == name.size()) return name;
    for (size_t i = underscore + 1; i < name.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(name[i]))) return name;
    }
    return name.substr(0, underscore);
}

} // namespace

std::string placementNote(const PlannedAllocation& a)
{
    if (!a.placed() || !a.partitionRange || !a.byteRange) return {};
    const std::string parts = range("p", a.partitionRange->begin, a.partitionRange->end);
    const std::string bytes = range("f", a.byteRange->begin, a.byteRange->end);
    if (isScope(a.scope, MemSpace::Psum) && a.bankRange)
        return "PSUM " + range("banks", a.bankRange->begin, a.bankRange->end) + " " + parts + " " + bytes;
    if (isScope(a.scope, MemSpace::Sbuf)) return "SBUF " + parts + " " + bytes;
    return {};
}

std::vector<LineNote> placementNotes(const MemoryPlan& plan, std::string_view printed)
{
    std::map<std::pair<std::string, std::string>, std::deque<size_t>, std::less<>> pending;
    for (size_t i = 0; i < plan.allocations.size(); ++i)
        pending[{plan.allocations[i].function, plan.allocations[i].name}].push_back(i);
    const auto take = [&](const std::string& function, std::string_view name) -> std::optional<size_t> {
        auto it = pending.find(std::pair{function, std::string(name)});
        if (it == pending.end() || it->second.empty()) return std::nullopt;
        const size_t index = it->second.front();
        it->second.pop_front();
        return index;
    };

    std::vector<LineNote> notes;
    std::string function;
    int lineNumber = 0;
    for (size_t start = 0; start < printed.size();) {
        const size_t end = std::min(printed.find('\n', start), printed.size());
        const std::string_view line = printed.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        if (const auto defined = definedFunction(line); !defined.empty()) {
            function = std::string(defined);
            continue;
        }
        const std::string_view name = allocatedName(line);
        if (name.empty()) continue;
        auto index = take(function, name);
        if (!index && withoutClashSuffix(name) != name) index = take(function, withoutClashSuffix(name));
        if (!index) continue;
        std::string text = placementNote(plan.allocations[*index]);
        if (!text.empty()) notes.push_back({lineNumber, *index, std::move(text)});
    }
    return notes;
}

std::string annotatePrinted(std::string_view printed, const std::vector<LineNote>& notes)
{
    std::string out;
    out.reserve(printed.size() + notes.size() * 40);
    auto note = notes.begin();
    int lineNumber = 0;
    for (size_t start = 0; start < printed.size();) {
        const size_t newline = printed.find('\n', start);
        const size_t end = newline == std::string_view::npos ? printed.size() : newline;
        out.append(printed.substr(start, end - start));
        ++lineNumber;
        while (note != notes.end() && note->line < lineNumber) ++note;
        if (note != notes.end() && note->line == lineNumber) out += "  # " + note->text;
        if (newline != std::string_view::npos) out += '\n';
        start = end + 1;
    }
    return out;
}

} // namespace tirx
