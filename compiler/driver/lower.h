#pragma once

#include "ir/diagnostic.h"
#include "script/parser.h"
#include "target/target.h"
#include "transform/pipeline.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tirx {

// The one way from source text to a Trace, for the window, tirx-cli and the
// tests alike. It parses, resolves the target and the passes by one policy,
// verifies after every pass unless told not to, and gives back everything a
// front end shows.
//
// The target: an explicit override if the caller gives one, else the
// module's own `with Target(...)`, else the default target. A tag that names
// no known target is one error diagnostic (at its place in the module when
// the module names it), never a silent fallback.

inline constexpr std::string_view kDefaultPreset = "lower-tirx";

struct LowerRequest {
    std::string source;
    std::string preset = std::string(kDefaultPreset);
    std::vector<std::string> passes;           // instead of the preset's, when not empty
    std::optional<std::string> targetOverride; // wins over the module's target
    bool verify = true;                        // run the verifier after every pass
    bool printSnapshots = true;                // see PipelineOptions::printSnapshots
    // Called with each entry as its pass finishes (see PipelineOptions::onEntry).
    std::function<bool(const Trace& header, const TraceEntryRef& entry)> onEntry;
};

// Where the target came from.
enum class TargetSource : uint8_t { Override, Module, Default };

struct LowerResult {
    ParseResult parsed;
    // The passes run; null when the module did not parse or the target or a
    // pass name was not known.
    std::shared_ptr<const Trace> trace;
    // Parse diagnostics, then the target's and pipeline's, then the passes'
    // in order, each fact once (distinctDiagnostics), carrying the pass that
    // first found it. The trace's entries keep every pass's own.
    std::vector<Diagnostic> diagnostics;
    const Target* target = nullptr;
    TargetSource targetSource = TargetSource::Default;

    [[nodiscard]] bool ok() const { return trace && !hasErrors(diagnostics); }
};

[[nodiscard]] LowerResult lower(const LowerRequest& request);

// The passes a preset or an explicit list names, or an error diagnostic for
// the first unknown name.
struct ResolvedPasses {
    std::string name; // the preset's name, or "custom"
    std::vector<std::string> passes;
    std::optional<Diagnostic> error;
};
[[nodiscard]] ResolvedPasses resolvePasses(const std::string& preset, const std::vector<std::string>& passes);

[[nodiscard]] std::string_view targetSourceName(TargetSource source);

// The passes `tirx-cli check` runs after parsing: check means "will lower".
// Whether a module fits is decided by the allocation passes and the
// verifier after them (the module `tirx-cli memmap` shows by default, so
// check and memmap agree), and whether every tile call has an instruction
// nest by TileDispatch's rules (a matmul output over two PSUM banks).
[[nodiscard]] std::vector<std::string> checkPasses();

// Every pass's diagnostics, each fact once: the verifier runs after every
// pass, so a warning about a tensor no pass touches is found by each.
[[nodiscard]] std::vector<Diagnostic> distinctDiagnostics(const Trace& trace);
// Whether `a` and `b` say the same thing at the same place.
[[nodiscard]] bool sameFact(const Diagnostic& a, const Diagnostic& b);

} // namespace tirx
