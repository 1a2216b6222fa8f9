#include "input.h"

#include "analysis/structural_equal.h"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace tirx::cli {

void registerEqual(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("equal", "Structural equality of two modules (up to variable renaming)");
    static std::string lhs;
    static std::string rhs;
    cmd->add_option("A", lhs, "first TVMScript file")->required();
    cmd->add_option("B", rhs, "second TVMScript file")->required();
    cmd->callback([&outcome] {
        auto a = loadInput(lhs, outcome);
        if (!a) return;
        auto b = loadInput(rhs, outcome);
        if (!b) return;
        const auto result = structuralEqual(*a->parsed.module, *b->parsed.module);
        if (result.equal) {
            std::puts("equal");
            return;
        }
        outcome.exit = Exit::BadInput;
        std::printf("different at %s: %s\n", result.path.c_str(), result.reason.c_str());
        const auto where = [](const std::string& path, const Span& span) {
            if (!span.valid()) return path + ": (no source location)";
            return path + ":" + std::to_string(span.line) + ":" + std::to_string(span.column);
        };
        std::printf("  %s\n  %s\n", where(a->path, result.lhsSpan).c_str(), where(b->path, result.rhsSpan).c_str());
    });
}

} // namespace tirx::cli
