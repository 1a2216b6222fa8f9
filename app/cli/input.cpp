#include "input.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace tirx::cli {

std::optional<Input> readInput(const std::string& path, Outcome& outcome)
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
    return input;
}

std::optional<Input> loadInput(const std::string& path, Outcome& outcome)
{
    auto read = readInput(path, outcome);
    if (!read) return std::nullopt;
    Input input = std::move(*read);
    input.parsed = parseModule(input.source);
    const auto text = formatDiagnostics(input.parsed.diagnostics, input.path, input.source);
    std::fputs(text.c_str(), stderr);
    if (!input.parsed.ok()) {
        outcome.exit = Exit::BadInput;
        return std::nullopt;
    }
    return input;
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
