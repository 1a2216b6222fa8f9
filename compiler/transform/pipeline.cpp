#include "transform/pipeline.h"

#include "ir/ir_depth.h"
#include "script/printer.h"
#include "transform/registry.h"

namespace tirx {

const TraceEntry* Trace::find(std::string_view passName) const
{
    for (const auto& e : entries) {
        if (e->passName == passName) return e.get();
    }
    return nullptr;
}

namespace {

// Runs the check on each entry's module, once per distinct module: a pass
// that changes nothing gets the findings of the module it was given.
class Checker {
public:
    explicit Checker(const PipelineOptions& options) : m_options(options) {}

    bool append(TraceEntry& entry)
    {
        if (m_options.check && entry.module) {
            if (entry.module != m_checked) {
                m_findings = checked(*entry.module);
                m_checked = entry.module;
            }
            entry.diagnostics.insert(entry.diagnostics.end(), m_findings.begin(), m_findings.end());
        }
        for (Diagnostic& d : entry.diagnostics) d.pass = entry.passName;
        entry.failed = hasErrors(entry.diagnostics);
        return !entry.failed;
    }

private:
    std::vector<Diagnostic> checked(const Module& module) const
    {
        try {
            return m_options.check(module, m_options.context);
        } catch (const IrTooDeep& e) {
            return {{Diagnostic::Severity::Error, e.what(), e.span}};
        }
    }

    const PipelineOptions& m_options;
    ModuleRef m_checked;
    std::vector<Diagnostic> m_findings;
};

} // namespace

Trace runPipeline(const ModuleRef& input, const PipelineOptions& options)
{
    Trace trace;
    trace.pipeline = options.name;
    trace.targetTag = options.context.target ? options.context.target->tag : std::string{};

    Checker checker{options};
    TraceEntry first;
    first.passName = "input";
    first.module = input;
    if (options.printSnapshots) first.text = printModule(*input);
    const bool inputOk = checker.append(first);
    trace.entries.push_back(std::make_shared<const TraceEntry>(std::move(first)));
    if (options.onEntry && !options.onEntry(trace.entries.back())) return trace;
    if (!inputOk) return trace;

    ModuleRef current = input;
    for (const auto& name : options.passes) {
        TraceEntry entry;
        entry.passName = name;
        const PassInfo* info = findPass(name);
        if (!info) {
            entry.module = current;
            entry.diagnostics.push_back({Diagnostic::Severity::Error, "unknown pass '" + name + "'", {}, name});
            entry.failed = true;
            trace.entries.push_back(std::make_shared<const TraceEntry>(std::move(entry)));
            break;
        }
        if (!info->run) {
            entry.module = current;
            entry.text = trace.entries.back()->text;
            entry.diagnostics.push_back(
                {Diagnostic::Severity::Note, "skipped: " + std::string{info->notApplicable}, {}, name});
            trace.entries.push_back(std::make_shared<const TraceEntry>(std::move(entry)));
            if (options.onEntry && !options.onEntry(trace.entries.back())) break;
            continue;
        }
        const auto start = std::chrono::steady_clock::now();
        PassResult result;
        try {
            result = info->run(current, options.context);
        } catch (const IrTooDeep& e) {
            // A walk reached the depth bound: the pass is refused, located.
            result = {};
            result.diagnostics.push_back({Diagnostic::Severity::Error, e.what(), e.span});
        }
        const auto stop = std::chrono::steady_clock::now();
        entry.microseconds = std::chrono::duration_cast<std::chrono::microseconds>(stop - start).count();
        entry.module = result.module ? result.module : current;
        entry.diagnostics = std::move(result.diagnostics);
        entry.changed = entry.module != current;
        if (options.printSnapshots) {
            const std::string& before = trace.entries.back()->text;
            entry.text = entry.changed ? printModule(*entry.module) : before;
            // A pass may rebuild nodes without changing anything a user can see.
            if (entry.changed && entry.text == before) entry.changed = false;
        }
        const bool ok = checker.append(entry);
        current = entry.module;
        trace.entries.push_back(std::make_shared<const TraceEntry>(std::move(entry)));
        if (options.onEntry && !options.onEntry(trace.entries.back())) break;
        if (!ok) break;
    }
    return trace;
}

} // namespace tirx
