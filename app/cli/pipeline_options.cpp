#include "pipeline_options.h"

#include "transform/registry.h"

#include <cstdio>
#include <sstream>

namespace tirx::cli {

bool requireKnownPass(const std::string& name, Outcome& outcome)
{
    if (findPass(name)) return true;
    std::fprintf(stderr, "tirx-cli: error: unknown pass '%s' (see `tirx-cli passes`)\n", name.c_str());
    outcome.exit = Exit::Usage;
    return false;
}

std::string targetOptionHelp() { return "target tag (default: the module's, else " + defaultTarget().tag + ")"; }

void PipelineChoice::addOptions(CLI::App& cmd)
{
    cmd.add_option("--pipeline", preset, "pipeline preset: lower-tirx, trn or none")->capture_default_str();
    cmd.add_option("--passes", passes, "comma-separated pass names, instead of a preset");
    cmd.add_option("--target", target, targetOptionHelp());
}

std::optional<Lowered> PipelineChoice::lower(const std::string& file, Outcome& outcome) const
{
    auto input = readInput(file, outcome);
    if (!input) return std::nullopt;
    LowerRequest request;
    request.source = input->source;
    request.preset = preset;
    std::stringstream list(passes);
    for (std::string name; std::getline(list, name, ',');) {
        if (!name.empty()) request.passes.push_back(name);
    }
    if (!target.empty()) request.targetOverride = target;
    LowerResult result = tirx::lower(request);
    if (!result.trace) {
        std::fputs(formatDiagnostics(result.diagnostics, input->path, input->source).c_str(), stderr);
        // The file is wrong when it does not parse or names an unknown target;
        // an unknown --target, pass or pipeline is a usage error.
        const bool fileIsWrong = !result.parsed.ok() || (!result.target && result.targetSource == TargetSource::Module);
        outcome.exit = fileIsWrong ? Exit::BadInput : Exit::Usage;
        return std::nullopt;
    }
    std::fputs(formatDiagnostics(result.parsed.diagnostics, input->path, input->source).c_str(), stderr);
    return Lowered{std::move(*input), std::move(result)};
}

} // namespace tirx::cli
