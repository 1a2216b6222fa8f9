#pragma once

#include "transform/pass.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tirx {

// The record of one pipeline run: the input and the module after every pass.
// Modules are shared and immutable, so keeping every snapshot is cheap; the
// GUI's stepper, diff and memory views only read this.
struct TraceEntry {
    std::string passName;                // "input" for entry 0
    ModuleRef module;                    // snapshot after this pass
    std::string text;                    // printed module
    int64_t microseconds = 0;            // time spent in the pass (printing excluded)
    bool changed = false;                // module differs from the previous entry
    std::vector<Diagnostic> diagnostics; // the pass's own and the verifier's
    bool failed = false;                 // an error stopped the pipeline here
};

// Entries are shared and immutable: a partial Trace handed to the GUI after
// each pass copies pointers, not printed modules.
using TraceEntryRef = std::shared_ptr<const TraceEntry>;

struct Trace {
    std::string targetTag;
    std::string pipeline; // preset name or "custom"
    std::vector<TraceEntryRef> entries;

    [[nodiscard]] bool failed() const { return !entries.empty() && entries.back()->failed; }
    [[nodiscard]] const TraceEntry* find(std::string_view passName) const;
};

// Runs after each pass; returns extra diagnostics (the verifier).
using PassCheck = std::function<std::vector<Diagnostic>(const Module&, const PassContext&)>;

struct PipelineOptions {
    std::vector<std::string> passes; // registry names, in order
    std::string name = "custom";
    PassContext context;
    PassCheck check; // may be empty
    // Called after every pass with the entry just recorded (may be empty);
    // lets a caller show results pass by pass. Returning false cancels the run.
    std::function<bool(const TraceEntryRef&)> onEntry;
    // Print every snapshot into TraceEntry::text. A caller that reads only
    // the modules turns it off: printing a large module costs more than
    // lowering it. Without text, `changed` compares modules only.
    bool printSnapshots = true;
};

// Runs the passes in order, recording an entry per pass. Stops at the first
// pass whose diagnostics contain an error; every snapshot before it is kept.
[[nodiscard]] Trace runPipeline(const ModuleRef& input, const PipelineOptions& options);

} // namespace tirx
