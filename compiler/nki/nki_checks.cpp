#include "nki/nki_checks.h"
#include "ir/mem_space.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace tirx::nki {

namespace {

std::string kib(int64_t bytes)
{
    if (bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " bytes";
}

KernelDiagnostic at(const Trace& trace, const std::optional<Location>& loc, Severity severity, std::string code,
                    std::string message)
{
    KernelDiagnostic d;
    d.severity = severity;
    d.code = std::move(code);
    d.message = std::move(message);
    if (loc && loc->valid()) {
        d.file = trace.fileOf(*loc);
        d.line = loc->line;
        d.column = std::max(loc->column, 1);
    }
    if (d.file.empty()) d.file = trace.kernelFile;
    return d;
}

// Instruction indices as a reader counts them: "instructions 3..7".
std::string liveText(const Interval& live)
{
    if (live.size() <= 1) return "instruction " + std::to_string(live.begin);
    return "instructions " + std::to_string(live.begin) + ".." + std::to_string(live.end - 1);
}

std::string where(const PlannedAllocation& a) { return a.placementModelled ? " (modelled placement)" : ""; }

const char* severityText(Severity s)
{
    switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
    }
    return "error";
}

} // namespace

std::vector<KernelDiagnostic> checkPlan(const Trace& trace, const NkiPlan& nki, const Target& target)
{
    std::vector<KernelDiagnostic> out;
    const MemoryPlan& plan = nki.plan;
    const int64_t sbufCapacity = target.maxSbufBytesPerPartition;
    const int64_t psumCapacity = int64_t{target.psumBanks} * target.psumBankBytes;
    for (size_t i = 0; i < plan.allocations.size(); ++i) {
        const PlannedAllocation& a = plan.allocations[i];
        const auto& loc = nki.sources[i].loc;
        if (!a.sizeError.empty()) {
            out.push_back(at(trace, loc, Severity::Error, "sbuf-capacity", "tensor '" + a.name + "' " + a.sizeError));
            continue;
        }
        if (!a.placed()) continue;
        const int64_t end = a.rects.back().bytes.end;
        if (isScope(a.scope, MemSpace::Sbuf) && end > sbufCapacity) {
            out.push_back(at(trace, loc, Severity::Error, "sbuf-capacity",
                             "SBUF tensor '" + a.name + "'" + where(a) + " ends at byte " + std::to_string(end) +
                                 " of a partition (" + std::to_string(a.bytesPerPartition) + " bytes from " +
                                 std::to_string(*a.offset) + "); " + target.tag + " has " + kib(sbufCapacity) +
                                 " per partition"));
        } else if (isScope(a.scope, MemSpace::Psum) && end > psumCapacity) {
            const int64_t lastBank = (end - 1) / target.psumBankBytes;
            out.push_back(at(trace, loc, Severity::Error, "psum-capacity",
                             "PSUM tensor '" + a.name + "'" + where(a) + " reaches bank " + std::to_string(lastBank) +
                                 " (byte " + std::to_string(end) + " of a partition); PSUM has " +
                                 std::to_string(target.psumBanks) + " banks of " + kib(target.psumBankBytes) +
                                 " (banks 0-" + std::to_string(target.psumBanks - 1) + ")"));
        }
    }
    for (const OverlapPair& o : plan.overlaps) {
        const PlannedAllocation& a = plan.allocations[o.earlier];
        const PlannedAllocation& b = plan.allocations[o.later];
        const Interval shared{std::max(a.live.begin, b.live.begin), std::min(a.live.end, b.live.end)};
        const char* memory = isScope(a.scope, MemSpace::Psum) ? "PSUM" : "SBUF";
        out.push_back(at(trace, nki.sources[o.later].loc, Severity::Error, "overlap",
                         "'" + b.name + "' (live over " + liveText(b.live) + ") and '" + a.name + "' (live over " +
                             liveText(a.live) + ") share " + memory + " bytes " + std::to_string(o.bytes.begin) + ".." +
                             std::to_string(o.bytes.end - 1) + " while both are live, at " + liveText(shared)));
    }
    if (plan.overlapsNotListed > 0) {
        const auto& loc =
            plan.overlaps.empty() ? std::optional<Location>{} : nki.sources[plan.overlaps.back().later].loc;
        out.push_back(at(trace, loc, Severity::Error, "overlap",
                         std::to_string(plan.overlapsNotListed) + " more pairs of tensors share bytes while live"));
    }
    return out;
}

std::vector<KernelDiagnostic> traceDiagnostics(const Trace& trace)
{
    std::vector<KernelDiagnostic> out;
    const auto add = [&](const Note& n) { out.push_back(at(trace, n.loc, n.severity, n.code, n.message)); };
    for (const Note& n : trace.notes) add(n);
    for (const Program& p : trace.programs) {
        for (const Note& n : p.notes) add(n);
    }
    if (trace.error) add(*trace.error);
    return out;
}

std::vector<KernelDiagnostic> checkKernel(const Trace& trace, const std::vector<NkiPlan>& plans, const Target& target)
{
    std::vector<KernelDiagnostic> out = traceDiagnostics(trace);
    for (const NkiPlan& plan : plans) {
        auto found = checkPlan(trace, plan, target);
        out.insert(out.end(), found.begin(), found.end());
    }
    const auto key = [](const KernelDiagnostic& d) {
        return std::tie(d.file, d.line, d.column, d.severity, d.code, d.message);
    };
    std::stable_sort(out.begin(), out.end(), [&](const auto& a, const auto& b) {
        return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
    });
    std::set<std::tuple<std::string, int, int, Severity, std::string, std::string>> seen;
    std::vector<KernelDiagnostic> distinct;
    for (auto& d : out) {
        if (seen.insert(key(d)).second) distinct.push_back(std::move(d));
    }
    return distinct;
}

std::string formatDiagnostic(const KernelDiagnostic& d)
{
    return d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + severityText(d.severity) +
           ": " + d.message + " [" + d.code + "]";
}

bool hasErrors(const std::vector<KernelDiagnostic>& diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const KernelDiagnostic& d) { return d.severity == Severity::Error; });
}

} // namespace tirx::nki
