#pragma once

#include <map>
#include <string>

// `count` lines "line 1", "line 2", ... with the lines numbered in
// `replaced` swapped for the given text: two such texts differ exactly where
// a test wants them to.
inline std::string numberedText(int count, const std::map<int, std::string>& replaced = {})
{
    std::string text;
    for (int i = 1; i <= count; ++i) {
        const auto it = replaced.find(i);
        text += it != replaced.end() ? it->second : "line " + std::to_string(i);
        text += '\n';
    }
    return text;
}
