#include "nki/sim_run.h"

#include "ir/make.h"
#include "ir/tensor_type.h"
#include "script/parser.h"
#include "sim/kernel_args.h"
#include "sim/run_limits.h"
#include "sim/simulator.h"

namespace tirx::nki {

namespace {

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

int64_t product(const std::vector<int64_t>& shape)
{
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

Severity severityOf(Diagnostic::Severity s)
{
    switch (s) {
    case Diagnostic::Severity::Error: return Severity::Error;
    case Diagnostic::Severity::Warning: return Severity::Warning;
    case Diagnostic::Severity::Note: return Severity::Note;
    }
    return Severity::Error;
}

// The simulator names an instruction by its T.nki call; the kernel's
// author wrote the NKI call the line stands for.
std::string inKernelTerms(const SimModule& m, Span span, std::string text)
{
    const std::string op = m.opOfLine(span.line);
    if (op.empty() || !text.starts_with("T.nki.")) return text;
    const auto end = text.find_first_of(" :(", 6);
    return op + (end == std::string::npos ? "" : text.substr(end));
}

} // namespace

const sim::HostArray* NkiRunResult::output(const std::string& name) const
{
    for (const auto& [n, a] : outputs) {
        if (n == name) return &a;
    }
    return nullptr;
}

KernelDiagnostic atKernelLine(const Trace& trace, const SimModule& module, Span span, Severity severity,
                              std::string code, std::string message)
{
    KernelDiagnostic d;
    d.severity = severity;
    d.code = std::move(code);
    d.message = std::move(message);
    d.file = trace.kernelFile;
    if (const auto loc = module.locationOfLine(span.line); loc && loc->valid()) {
        d.file = trace.fileOf(*loc);
        d.line = loc->line;
        d.column = std::max(1, loc->column);
    }
    return d;
}

NkiRunResult runNkiOnSimulator(const Trace& trace, const std::vector<NkiPlan>& plans, const Target& target,
                               const NkiRunOptions& options)
{
    NkiRunResult out;
    out.module = buildSimModule(trace, plans, target);
    const SimModule& m = out.module;
    auto fail = [&](std::string message) {
        KernelDiagnostic d;
        d.code = "input";
        d.file = trace.kernelFile;
        d.message = std::move(message);
        out.diagnostics.push_back(std::move(d));
        return std::move(out);
    };
    if (trace.error) {
        KernelDiagnostic d =
            atKernelLine(trace, m, {}, Severity::Error, trace.error->code,
                         "the kernel did not run to its end, so it cannot be simulated: " + trace.error->message);
        if (trace.error->loc && trace.error->loc->valid()) {
            d.file = trace.fileOf(*trace.error->loc);
            d.line = trace.error->loc->line;
            d.column = std::max(1, trace.error->loc->column);
        }
        out.diagnostics.push_back(std::move(d));
        return out;
    }
    if (m.error) {
        out.diagnostics.push_back(*m.error);
        return out;
    }
    for (const auto& [name, array] : options.inputs) {
        bool known = false;
        for (const auto& a : m.inputs) known = known || a.name == name;
        if (!known) return fail("the kernel has no tensor parameter '" + name + "'");
    }
    const auto parsed = parseModule(m.text);
    if (!parsed.ok() || !parsed.module || parsed.module->functions().empty()) {
        std::string why = parsed.diagnostics.empty() ? "no function" : parsed.diagnostics.front().message;
        return fail("internal error: the simulator's form of the kernel does not parse: " + why);
    }
    const Function& fn = *parsed.module->functions().front().second;
    // Before an input is drawn or copied: the parameters are held in full.
    if (const auto d = sim::dramParameterLimit(fn)) {
        out.diagnostics.push_back(atKernelLine(trace, m, d->span, Severity::Error, "input", d->message));
        return out;
    }
    std::map<std::string, sim::HostArray> contents;
    for (const SimArgument& a : m.inputs) {
        const Var* param = nullptr;
        for (const auto& p : fn.params()) param = p->name() == a.identifier ? &p : param;
        if (!param) return fail("internal error: no parameter for '" + a.name + "'");
        sim::HostArray array;
        if (const auto given = options.inputs.find(a.name); given != options.inputs.end()) {
            array = given->second;
            if (array.dtype != (*param)->tensorType()->dtype())
                return fail("input '" + a.name + "' is " + array.dtype.str() + ", the kernel's argument " + a.dtype);
            if (array.shape != a.shape && array.elements() != product(a.shape))
                return fail("input '" + a.name + "' has shape " + shapeText(array.shape) + ", the kernel's argument " +
                            shapeText(a.shape));
        } else {
            array = sim::randomArray(*param, options.seed);
        }
        array.shape = a.shape;
        out.inputs.emplace_back(a.name, array);
        sim::HostArray flat = array;
        for (const auto& p : fn.params()) {
            if (p->name() != a.identifier) continue;
            flat.shape.clear();
            for (const auto& e : p->tensorType()->shape()) flat.shape.push_back(*constInt(e));
        }
        contents.emplace(a.identifier, std::move(flat));
    }
    sim::SimOptions sim;
    sim.poison = options.poison;
    sim.seed = options.seed;
    sim.recordTrace = options.recordTrace;
    sim.reportOverlaps = false; // nki_checks reports the pairs live at once
    out.run = sim::simulate(fn, target, contents, sim);
    for (const auto& d : out.run.diagnostics) {
        out.diagnostics.push_back(
            atKernelLine(trace, m, d.span, severityOf(d.severity), "simulator", inKernelTerms(m, d.span, d.message)));
    }
    for (const auto& r : out.run.uninitialised) {
        std::string text = inKernelTerms(m, r.span, r.op) + " reads " + std::to_string(r.elements) +
                           " never-written element" + (r.elements == 1 ? "" : "s") + " of '" + r.tensor +
                           "' (first at partition " + std::to_string(r.partition) + ", byte " + std::to_string(r.byte) +
                           ")";
        if (r.instructions > 1) text += " in " + std::to_string(r.instructions) + " executions";
        out.diagnostics.push_back(atKernelLine(trace, m, r.span, Severity::Warning, "uninitialised-read", text));
        out.uninitialised.push_back({out.diagnostics.back(), inKernelTerms(m, r.span, r.op), r.tensor, r.elements,
                                     r.instructions, r.partition, r.byte});
    }
    out.completed = out.run.ok();
    for (const auto& [identifier, array] : out.run.outputs) {
        for (const SimArgument& a : m.outputs) {
            if (a.identifier != identifier) continue;
            sim::HostArray shaped = array;
            shaped.shape = a.shape;
            out.outputs.emplace_back(a.name, std::move(shaped));
        }
    }
    return out;
}

} // namespace tirx::nki
