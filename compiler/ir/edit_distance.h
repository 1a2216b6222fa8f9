#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace tirx {

// Levenshtein distance: insertions, deletions and substitutions of one byte.
[[nodiscard]] std::size_t editDistance(std::string_view a, std::string_view b);

// The most edits a "did you mean" suggestion may be away from what was typed:
// about a third of the typed length, at least one. Every suggestion (callables,
// keywords, dtypes, scopes) uses this one rule.
[[nodiscard]] std::size_t suggestionLimit(std::size_t typedLength);

// The candidate nearest to `word` within suggestionLimit(word.size()), the
// first of equals; empty when none is near enough.
[[nodiscard]] std::string_view closestName(std::string_view word, const std::vector<std::string_view>& candidates);

} // namespace tirx
