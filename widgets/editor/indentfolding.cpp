#include "editor/indentfolding.h"

#include <algorithm>
#include <cstddef>

namespace indentfolding {

std::vector<int> levels(const std::vector<int>& indents)
{
    const size_t count = indents.size();
    // The indentation each line folds at: its own, or for a blank line the
    // next non-blank line's (the last non-blank one's at the end).
    std::vector<int> effective(count, 0);
    int next = -1;
    for (size_t i = count; i-- > 0;) {
        if (indents[i] >= 0) next = indents[i];
        effective[i] = next;
    }
    int previous = 0;
    for (size_t i = 0; i < count; ++i) {
        if (indents[i] >= 0) previous = indents[i];
        if (effective[i] < 0) effective[i] = previous;
    }

    std::vector<int> result(count);
    for (size_t i = 0; i < count; ++i) {
        int level = kBase + std::min(effective[i], kNumberMask - kBase);
        if (indents[i] < 0) {
            level |= kBlankFlag;
        } else {
            // The next non-blank line decides whether this one opens a block.
            size_t j = i + 1;
            while (j < count && indents[j] < 0) ++j;
            if (j < count && indents[j] > indents[i]) level |= kHeaderFlag;
        }
        result[i] = level;
    }
    return result;
}

} // namespace indentfolding
