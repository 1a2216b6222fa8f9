#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// A line-level diff of two texts (printed modules), as the diff views and
// `tirx-cli diff` show it.
struct DiffLine {
    enum class Kind : uint8_t { Same, Removed, Added };
    Kind kind = Kind::Same;
    int oldLine = 0; // 1-based; 0 when the line is not in the old text
    int newLine = 0; // 1-based; 0 when the line is not in the new text
    std::string_view text;
};

// Every line of both texts in diff order. Views point into the inputs.
[[nodiscard]] std::vector<DiffLine> diffLines(std::string_view oldText, std::string_view newText);

// A unified diff ("--- a", "+++ b", "@@ -l,n +l,n @@" hunks with `context`
// lines around each change); empty when the texts are equal.
[[nodiscard]] std::string unifiedDiff(std::string_view oldText, std::string_view newText, std::string_view oldName,
                                      std::string_view newName, int context = 3);

[[nodiscard]] std::vector<std::string_view> splitLines(std::string_view text);

} // namespace tirx
