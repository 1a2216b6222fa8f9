#pragma once

// What the fuzz targets past the parser share: lowering a module through the
// trn preset with the verifier, as tirx-cli lower does.

#include "ir/function.h"
#include "target/target.h"
#include "transform/pipeline.h"
#include "transform/registry.h"
#include "verify/verify.h"

namespace tirx::fuzz {

[[nodiscard]] inline Trace lowerForFuzzing(const ModuleRef& module)
{
    PipelineOptions options;
    const auto* preset = findPreset("trn");
    if (!preset) preset = findPreset("lower-tirx");
    if (preset) {
        options.name = std::string{preset->name};
        for (auto name : preset->passes) options.passes.emplace_back(name);
    }
    options.context.target = findTarget("aws/trn1/trn1.2xlarge");
    options.check = [](const Module& m, const PassContext& ctx) {
        return ctx.target ? verifyModule(m, *ctx.target) : std::vector<Diagnostic>{};
    };
    return runPipeline(module, options);
}

} // namespace tirx::fuzz
