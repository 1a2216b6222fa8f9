#pragma once

#include "diff/intra_line.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tirx {

// One row of a side-by-side diff: a line of the old text, of the new text,
// or both. The removed and added lines of one changed block share rows, a
// line next to the one like it where there is one, so a changed line sits
// next to its replacement; when the two are alike the row carries the
// intra-line ranges of the pair.
struct DiffRow {
    enum class Kind : uint8_t { Same, Removed, Added, Changed };
    Kind kind = Kind::Same;
    int oldLine = 0; // 1-based; 0 when the row has no old line
    int newLine = 0; // 1-based; 0 when the row has no new line
    std::string_view oldText;
    std::string_view newText;
    std::vector<TextRange> oldChanges; // Changed rows only
    std::vector<TextRange> newChanges;
};

// The rows of the diff from `oldText` to `newText`; views point into them.
[[nodiscard]] std::vector<DiffRow> sideBySideRows(std::string_view oldText, std::string_view newText);

// A run of unchanged rows worth collapsing: rows [first, first + count).
struct FoldRun {
    size_t first = 0;
    size_t count = 0;
};

// The unchanged stretches that lie more than `context` rows away from every
// change, in order. A stretch shorter than two rows is not worth a fold row
// and stays. With no change at all there is nothing to fold.
[[nodiscard]] std::vector<FoldRun> foldRuns(const std::vector<DiffRow>& rows, size_t context = 3);

} // namespace tirx
