#include "input.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace tirx::cli {

std::optional<Input> loadInput(const std::string& path, Outcome& outcome)
{
    Input input;
    input.path = path == "-" ? "<stdin>" : path;
    if (path == "-") {
        input.source.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    } else {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "%s: error: cannot read the file\n", path.c_str());
            outcome.exit = Exit::BadInput;
            return std::nullopt;
        }
        std::ostringstream text;
        text << in.rdbuf();
        input.source = text.str();
    }
    input.parsed = parseModule(input.source);
    const auto text = formatDiagnostics(input.parsed.diagnostics, input.path, input.source);
    std::fputs(text.c_str(), stderr);
    if (!input.parsed.ok()) {
        outcome.exit = Exit::BadInput;
        return std::nullopt;
    }
    return input;
}

const Target* chooseTarget(const std::string& option, const Input& input, Outcome& outcome)
{
    std::string tag = option;
    if (tag.empty()) tag = input.parsed.target.value_or(kDefaultTarget);
    if (const auto* target = findTarget(tag)) return target;
    std::string known;
    for (const auto& t : targets()) known += " " + t.tag;
    std::fprintf(stderr, "tirx-cli: error: unknown target '%s' (known:%s)\n", tag.c_str(), known.c_str());
    outcome.exit = Exit::Usage;
    return nullptr;
}

bool writeOutput(const std::string& path, const std::string& text, Outcome& outcome)
{
    if (path.empty()) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return true;
    }
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) {
        std::fprintf(stderr, "%s: error: cannot write the file\n", path.c_str());
        outcome.exit = Exit::Usage;
        return false;
    }
    return true;
}

} // namespace tirx::cli
