#pragma once

#include <vector>

// Python-style folding by indentation: a line opens a fold when the next
// non-blank line is indented deeper, and the fold runs until a line at its
// own indentation or less. Blank lines belong to the block that follows them,
// so the blank line between two functions is not hidden with the first.
// Levels use Scintilla's encoding (base 0x400 plus the indentation, a flag
// for headers and one for blank lines) so the lexer can hand them over as
// they are.
namespace indentfolding {

inline constexpr int kBase = 0x400;
inline constexpr int kBlankFlag = 0x1000;
inline constexpr int kHeaderFlag = 0x2000;
inline constexpr int kNumberMask = 0x0fff;

// `indents` holds each line's indentation in columns, or -1 for a blank line.
[[nodiscard]] std::vector<int> levels(const std::vector<int>& indents);

} // namespace indentfolding
