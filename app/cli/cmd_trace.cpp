// tirx-cli trace KERNEL.py: what the NKI stand-in recorded, raw (--json)
// or summed up per program instance.

#include "input.h"
#include "nki_kernel.h"

#include "nki/nki_checks.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <map>

namespace tirx::cli {

namespace {

std::string summary(const NkiKernel& kernel)
{
    const nki::Trace& t = *kernel.run.trace;
    std::string out = "kernel " + t.kernelFile + ", entry " + t.entry + ", API " + t.api + "\n";
    out += "launch: ";
    if (t.grid) {
        out += "grid";
        for (size_t i = 0; i < t.grid->size(); ++i) out += (i ? "," : " ") + std::to_string((*t.grid)[i]);
        out += ", ";
    }
    out += "lnc " + std::to_string(t.lnc) + ", " + std::to_string(t.programs.size()) + " program instance(s)\n";
    for (const nki::Program& p : t.programs) {
        out += "program [";
        for (size_t i = 0; i < p.id.size(); ++i) out += (i ? ", " : "") + std::to_string(p.id[i]);
        out += "]:";
        std::map<std::string, int> buffers;
        for (const auto& tensor : p.tensors) ++buffers[tensor.buffer];
        out += " " + std::to_string(p.tensors.size()) + " tensors (";
        bool first = true;
        for (const auto& [buffer, n] : buffers) {
            out += (first ? "" : ", ") + std::to_string(n) + " " + buffer;
            first = false;
        }
        out += "), " + std::to_string(p.instructions.size()) + " instructions";
        std::map<std::string, int> engines;
        for (const auto& ins : p.instructions) ++engines[ins.engine.empty() ? "-" : ins.engine];
        if (!engines.empty()) {
            out += " (";
            first = true;
            for (const auto& [engine, n] : engines) {
                out += (first ? "" : ", ") + engine + " " + std::to_string(n);
                first = false;
            }
            out += ")";
        }
        out += ", " + std::to_string(p.loops.size()) + " loops, " + std::to_string(p.notes.size()) + " notes";
        if (p.truncated) out += ", truncated at the record cap";
        out += "\n";
    }
    return out;
}

} // namespace

void registerTrace(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("trace", "Run an NKI kernel under the recording stand-in; print what it recorded");
    static std::string file;
    static std::string target;
    static std::string output;
    static bool json = false;
    static NkiOptions nki;
    cmd->add_option("FILE", file, "NKI kernel (.py)")->required();
    cmd->add_flag("--json", json, "the stand-in's raw trace (resources/nki/TRACE.md)");
    cmd->add_option("--target", target, "target tag (default: the launch's, else aws/trn1/trn1.2xlarge)");
    cmd->add_option("-o", output, "write to this file instead of standard output");
    nki.addOptions(*cmd);
    cmd->callback([&outcome] {
        const auto kernel = openNkiKernel(file, nki, target, false, outcome);
        if (!kernel) return;
        const auto notes = nki::traceDiagnostics(*kernel->run.trace);
        for (const auto& d : notes) std::fprintf(stderr, "%s\n", nki::formatDiagnostic(d).c_str());
        writeOutput(output, json ? kernel->run.rawTrace : summary(*kernel), outcome);
        if (kernel->run.trace->error && outcome.exit == Exit::Ok) outcome.exit = Exit::BadInput;
    });
}

} // namespace tirx::cli
