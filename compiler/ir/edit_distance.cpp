#include "ir/edit_distance.h"

#include <algorithm>

namespace tirx {

std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + cost});
            diag = up;
        }
    }
    return row[b.size()];
}

std::size_t suggestionLimit(std::size_t typedLength) { return std::max<std::size_t>(1, (typedLength + 2) / 3); }

std::string_view closestName(std::string_view word, const std::vector<std::string_view>& candidates)
{
    std::string_view best;
    std::size_t bestDistance = suggestionLimit(word.size()) + 1;
    for (std::string_view c : candidates) {
        const std::size_t d = editDistance(word, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    return best;
}

} // namespace tirx
