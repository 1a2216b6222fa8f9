#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace tirx {

// A run of bytes within one line: [begin, begin + length).
struct TextRange {
    size_t begin = 0;
    size_t length = 0;

    friend bool operator==(const TextRange&, const TextRange&) = default;
};

// What changed inside a changed line pair: the bytes of the old line that
// are gone and the bytes of the new line that are new. The lines are split
// into tokens (a name or number, a run of spaces, one other character) and
// the tokens are diffed, so `A[i]` -> `A[i * 4]` marks ` * 4`, not scattered
// letters. Adjacent ranges are merged.
struct IntraLineDiff {
    std::vector<TextRange> removed; // byte offsets into the old line
    std::vector<TextRange> added;   // byte offsets into the new line
};

[[nodiscard]] IntraLineDiff intraLineDiff(std::string_view oldLine, std::string_view newLine);

// The tokens intraLineDiff compares, as views into `line`.
[[nodiscard]] std::vector<std::string_view> diffTokens(std::string_view line);

} // namespace tirx
