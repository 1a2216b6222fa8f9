#include "input.h"
#include "pipeline_options.h"

#include "codegen/emit_nki.h"
#include "script/printer.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>

namespace tirx::cli {

namespace {

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
    return {{"api", std::string(nkiApiName(kernel.api))}, {"source", kernel.source}, {"lines", lines}};
}

} // namespace

void registerEmitNki(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("emit-nki", "NKI Python for the lowered kernel");
    static std::string file;
    static std::string api = "legacy";
    static std::string output;
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
    cmd->add_flag("--json", json, "the source with its source map");
    choice.addOptions(*cmd);
    cmd->callback([&outcome] {
        const auto lowered = choice.lower(file, outcome);
        if (!lowered) return;
        const Input& input = lowered->input;
        const Trace& trace = lowered->trace();
        // A skipped pass's note is not news to someone who asked for the kernel.
        for (const auto& e : trace.entries) {
            std::vector<Diagnostic> shown;
            for (const auto& d : e->diagnostics) {
                if (d.severity != Diagnostic::Severity::Note) shown.push_back(d);
            }
            std::fputs(formatDiagnostics(shown, input.path, input.source).c_str(), stderr);
        }
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
        writeOutput(output, json ? sourceMapJson(kernel, final).dump(2) + "\n" : kernel.source, outcome);
    });
}

} // namespace tirx::cli
