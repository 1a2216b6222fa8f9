#include "command.h"

#include "transform/registry.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace tirx::cli {

void registerPasses(CLI::App& app, Outcome&)
{
    auto* cmd = app.add_subcommand("passes", "List the passes and pipeline presets");
    static bool json = false;
    cmd->add_flag("--json", json, "machine-readable output");
    cmd->callback([] {
        if (json) {
            nlohmann::json out{{"passes", nlohmann::json::array()}, {"pipelines", nlohmann::json::array()}};
            for (const auto& p : passRegistry()) {
                out["passes"].push_back({{"name", std::string{p.name}},
                                         {"description", std::string{p.description}},
                                         {"applicable", static_cast<bool>(p.run)},
                                         {"reason", std::string{p.notApplicable}}});
            }
            for (const auto& p : pipelinePresets()) {
                nlohmann::json names = nlohmann::json::array();
                for (auto n : p.passes) names.push_back(std::string{n});
                out["pipelines"].push_back(
                    {{"name", std::string{p.name}}, {"description", std::string{p.description}}, {"passes", names}});
            }
            std::puts(out.dump(2).c_str());
            return;
        }
        std::puts("Passes:");
        for (const auto& p : passRegistry()) {
            std::printf("  %-22s %s\n", std::string{p.name}.c_str(), std::string{p.description}.c_str());
            if (!p.run) std::printf("  %-22s (skipped: %s)\n", "", std::string{p.notApplicable}.c_str());
        }
        std::puts("\nPipelines:");
        for (const auto& p : pipelinePresets()) {
            std::string names;
            for (auto n : p.passes) names += (names.empty() ? "" : ", ") + std::string{n};
            std::printf("  %-22s %s\n  %-22s [%s]\n", std::string{p.name}.c_str(), std::string{p.description}.c_str(),
                        "", names.c_str());
        }
    });
}

} // namespace tirx::cli
