#include "pipeline_options.h"

#include "analysis/verify.h"
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

void PipelineChoice::addOptions(CLI::App& cmd)
{
    cmd.add_option("--pipeline", preset, "pipeline preset: lower-tirx, trn or none")->capture_default_str();
    cmd.add_option("--passes", passes, "comma-separated pass names, instead of a preset");
    cmd.add_option("--target", target, "target tag (default: the module's, else aws/trn1/trn1.2xlarge)");
}

std::optional<PipelineOptions> PipelineChoice::resolve(Outcome& outcome) const
{
    PipelineOptions options;
    if (!passes.empty()) {
        options.name = "custom";
        std::stringstream list(passes);
        for (std::string name; std::getline(list, name, ',');) {
            if (name.empty()) continue;
            if (!requireKnownPass(name, outcome)) return std::nullopt;
            options.passes.push_back(name);
        }
    } else {
        const auto* p = findPreset(preset);
        if (!p) {
            std::fprintf(stderr, "tirx-cli: error: unknown pipeline '%s' (see `tirx-cli passes`)\n", preset.c_str());
            outcome.exit = Exit::Usage;
            return std::nullopt;
        }
        options.name = std::string{p->name};
        for (auto name : p->passes) options.passes.emplace_back(name);
    }
    options.check = [](const Module& m, const PassContext& ctx) {
        return ctx.target ? verifyModule(m, *ctx.target) : std::vector<Diagnostic>{};
    };
    return options;
}

std::optional<Lowered> PipelineChoice::lower(const std::string& file, Outcome& outcome) const
{
    auto input = loadInput(file, outcome);
    if (!input) return std::nullopt;
    auto options = resolve(outcome);
    if (!options) return std::nullopt;
    options->context.target = chooseTarget(target, *input, outcome);
    if (!options->context.target) return std::nullopt;
    Trace trace = runPipeline(input->parsed.module, *options);
    return Lowered{std::move(*input), std::move(*options), std::move(trace)};
}

} // namespace tirx::cli
