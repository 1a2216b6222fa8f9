#include "input.h"
#include "pipeline_options.h"

#include "codegen/emit_nki.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "nki/launch.h"
#include "nki/signature.h"
#include "script/printer.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>

namespace tirx::cli {

namespace {

// The launch that opens the emitted kernel under the NKI front end: its
// first kernel as the entry, each parameter of its `def` line the tensor the
// TIRx function declares in that position (the printer names a parameter
// `<name>_ptr`). Null when a parameter is not a tensor of a constant shape.
nlohmann::json emittedLaunch(const NkiKernel& kernel, const Module& lowered)
{
    const auto signatures = nki::kernelSignatures(kernel.source);
    if (signatures.empty()) return nullptr;
    const nki::KernelSignature& entry = signatures.front();
    FunctionRef fn;
    for (const auto& [name, f] : lowered.functions()) {
        if (nkiKernelName(*f) == entry.name) fn = f;
    }
    if (!fn || entry.parameters.size() > fn->params().size()) return nullptr;
    nki::Launch launch;
    launch.entry = entry.name;
    for (size_t i = 0; i < entry.parameters.size(); ++i) {
        const Var& param = fn->params()[i];
        if (!param->isTensor()) return nullptr;
        const auto& type = *param->tensorType();
        nki::TensorArg arg{entry.parameters[i].name, {}, type.dtype().str()};
        for (const auto& extent : type.shape()) {
            const auto n = constInt(extent);
            if (!n) return nullptr;
            arg.shape.push_back(*n);
        }
        launch.args.push_back(std::move(arg));
    }
    return nki::launchToJson(launch);
}

nlohmann::json sourceMapJson(const NkiKernel& kernel, const Module& lowered)
{
    const PrintedModule ir = printModuleWithSourceMap(lowered);
    nlohmann::json lines = nlohmann::json::array();
    for (size_t i = 0; i < kernel.lines.size(); ++i) {
        const NkiLineOrigin& o = kernel.lines[i];
        nlohmann::json row{{"line", i + 1}};
        const std::vector<int> irLines = ir.linesForSourceLine(o.statement.line);
        row["ir_line"] = irLines.empty() ? nlohmann::json(nullptr) : nlohmann::json(irLines.front());
        row["tile_call"] = o.tileCall.valid() ? nlohmann::json{{"line", o.tileCall.line}, {"column", o.tileCall.column}}
                                              : nlohmann::json(nullptr);
        if (o.statement.valid()) row["source"] = {{"line", o.statement.line}, {"column", o.statement.column}};
        lines.push_back(std::move(row));
    }
    return {{"api", std::string(nkiApiName(kernel.api))},
            {"source", kernel.source},
            {"lines", lines},
            {"launch", emittedLaunch(kernel, lowered)}};
}

} // namespace

void registerEmitNki(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("emit-nki", "NKI Python for the lowered kernel");
    static std::string file;
    static std::string api = "legacy";
    static std::string output;
    static std::string launchOutput;
    static bool json = false;
    static PipelineChoice choice;
    choice.preset = "trn";
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    cmd->add_option("--api", api,
                    "legacy: the reference's neuronxcc.nki text (Neuron SDK <= 2.29); nki: the nki.jit API of "
                    "current SDKs")
        ->check(CLI::IsMember({"legacy", "nki"}))
        ->capture_default_str();
    cmd->add_option("-o", output, "write to this file instead of standard output");
    cmd->add_flag("--json", json, "the source with its source map and its launch");
    cmd->add_option("--launch", launchOutput,
                    "also write the kernel's launch file here (its entry and argument shapes), which check, trace, "
                    "memmap and run read with --launch");
    choice.addOptions(*cmd);
    cmd->callback([&outcome] {
        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const Input& input = lowered->input;
        const Trace& trace = lowered->trace();
        // One fact once; a skipped pass's note is not news to someone who
        // asked for the kernel.
        std::vector<Diagnostic> shown;
        for (auto& d : distinctDiagnostics(trace))
            if (d.severity != Diagnostic::Severity::Note) shown.push_back(std::move(d));
        std::fputs(formatDiagnostics(shown, input.path, input.source).c_str(), stderr);
        if (trace.failed()) {
            outcome.exit = Exit::BadInput;
            return;
        }
        const Module& final = *trace.entries.back()->module;
        NkiEmitOptions emit;
        emit.api = *parseNkiApi(api);
        emit.source = lowered->result.parsed.module.get();
        emit.target = lowered->result.target;
        const NkiKernel kernel = emitNki(final, emit);
        std::fputs(formatDiagnostics(kernel.diagnostics, input.path, input.source).c_str(), stderr);
        if (!kernel.ok()) {
            outcome.exit = Exit::BadInput;
            return;
        }
        if (!launchOutput.empty()) {
            const nlohmann::json launch = emittedLaunch(kernel, final);
            if (launch.is_null()) {
                std::fputs("error: the kernel's parameters are not all tensors of a known shape; no launch file "
                           "written\n",
                           stderr);
                outcome.exit = Exit::BadInput;
                return;
            }
            if (!writeOutput(launchOutput, launch.dump(2) + "\n", outcome)) return;
        }
        writeOutput(output, json ? sourceMapJson(kernel, final).dump(2) + "\n" : kernel.source, outcome);
    });
}

} // namespace tirx::cli
