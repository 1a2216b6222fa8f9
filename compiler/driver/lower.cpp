#include "driver/lower.h"

#include <algorithm>
#include <iterator>

#include "transform/registry.h"
#include "verify/verify.h"

namespace tirx {

namespace {

Diagnostic error(std::string message, Span span = {})
{
    return Diagnostic{Diagnostic::Severity::Error, std::move(message), span};
}

std::string knownTargets()
{
    std::string known;
    for (const Target& t : targets()) known += (known.empty() ? "" : ", ") + t.tag;
    return known;
}

} // namespace

std::string_view targetSourceName(TargetSource source)
{
    switch (source) {
    case TargetSource::Override: return "override";
    case TargetSource::Module: return "module";
    case TargetSource::Default: return "default";
    }
    return {};
}

ResolvedPasses resolvePasses(const std::string& preset, const std::vector<std::string>& passes)
{
    ResolvedPasses out;
    if (!passes.empty()) {
        out.name = "custom";
        for (const std::string& name : passes) {
            if (!findPass(name)) {
                out.error = error("unknown pass '" + name + "' (see `tirx-cli passes`)");
                return out;
            }
            out.passes.push_back(name);
        }
        return out;
    }
    const PipelinePreset* p = findPreset(preset);
    if (!p) {
        out.error = error("unknown pipeline '" + preset + "' (see `tirx-cli passes`)");
        return out;
    }
    out.name = std::string(p->name);
    for (std::string_view name : p->passes) out.passes.emplace_back(name);
    return out;
}

LowerResult lower(const LowerRequest& request)
{
    LowerResult result;
    result.parsed = parseModule(request.source);
    result.diagnostics = result.parsed.diagnostics;
    if (!result.parsed.ok()) {
        if (!hasErrors(result.diagnostics)) result.diagnostics.push_back(error("the module could not be read"));
        return result;
    }

    if (request.targetOverride) {
        result.targetSource = TargetSource::Override;
        result.target = findTarget(*request.targetOverride);
        if (!result.target)
            result.diagnostics.push_back(
                error("unknown target '" + *request.targetOverride + "' (known: " + knownTargets() + ")"));
    } else if (result.parsed.target) {
        result.targetSource = TargetSource::Module;
        result.target = findTarget(*result.parsed.target);
        if (!result.target)
            result.diagnostics.push_back(
                error("unknown target '" + *result.parsed.target + "' (known: " + knownTargets() + ")",
                      result.parsed.targetSpan));
    } else {
        result.target = &defaultTarget();
    }

    ResolvedPasses passes = resolvePasses(request.preset, request.passes);
    if (passes.error) result.diagnostics.push_back(*passes.error);
    if (!result.target || passes.error) return result;

    PipelineOptions options;
    options.name = passes.name;
    options.passes = std::move(passes.passes);
    options.context.target = result.target;
    options.printSnapshots = request.printSnapshots;
    if (request.verify) {
        options.check = [](const Module& m, const PassContext& ctx) { return verifyModule(m, *ctx.target); };
    }
    if (request.onEntry) {
        Trace header;
        header.pipeline = options.name;
        header.targetTag = result.target->tag;
        options.onEntry = [&request, header](const TraceEntryRef& entry) { return request.onEntry(header, entry); };
    }
    auto trace = std::make_shared<Trace>(runPipeline(result.parsed.module, options));
    // Each fact once, as the pass that first found it states it: the
    // verifier finds an unchanged problem again after every pass.
    auto facts = distinctDiagnostics(*trace);
    result.diagnostics.insert(result.diagnostics.end(), std::make_move_iterator(facts.begin()),
                              std::make_move_iterator(facts.end()));
    result.trace = std::move(trace);
    return result;
}

std::vector<std::string> checkPasses() { return {"TrnPrivateTensorAlloc", "TrnNaiveAllocator", "TileDispatch"}; }

bool sameFact(const Diagnostic& a, const Diagnostic& b)
{
    return a.severity == b.severity && a.message == b.message && a.span.line == b.span.line &&
           a.span.column == b.span.column;
}

std::vector<Diagnostic> distinctDiagnostics(const Trace& trace)
{
    std::vector<Diagnostic> out;
    for (const auto& e : trace.entries) {
        for (const auto& d : e->diagnostics) {
            const bool seen = std::any_of(out.begin(), out.end(), [&](const Diagnostic& o) { return sameFact(o, d); });
            if (!seen) out.push_back(d);
        }
    }
    return out;
}

} // namespace tirx
