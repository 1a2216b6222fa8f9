#include "codegen/emit_nki.h"

#include "codegen/codegen_error.h"
#include "codegen/current_printer.h"
#include "codegen/legacy_printer.h"
#include "codegen/nki_writer.h"
#include "ir/callables.h"
#include "ir/functor.h"

#include <algorithm>

namespace tirx {

namespace {

// The spans of the tile calls of the source module, in source order.
class TileCalls : public IrVisitor {
public:
    std::vector<Span> spans;

    [[nodiscard]] Span containing(const Span& s) const
    {
        if (!s.valid()) return {};
        for (const Span& t : spans) {
            const bool afterStart = s.line > t.line || (s.line == t.line && s.column >= t.column);
            const bool beforeEnd = s.line < t.endLine || (s.line == t.endLine && s.column < t.endColumn);
            if (afterStart && beforeEnd) return t;
        }
        return {};
    }

protected:
    void visitEvaluate(const EvaluateNode& s) override
    {
        if (const auto* c = as<CallNode>(s.value())) {
            const Callable* callable = findCallableByOp(c->op());
            if (callable && callable->kind == CallableKind::TileOp) spans.push_back(s.span());
        }
        IrVisitor::visitEvaluate(s);
    }
};

} // namespace

std::string nkiKernelName(const Function& fn)
{
    const auto* symbol = as<StringImmNode>(fn.attrs().get("global_symbol"));
    return symbol ? symbol->value() + "_kernel" : fn.name();
}

NkiKernel emitNki(const Module& module, const NkiEmitOptions& options)
{
    NkiKernel kernel;
    kernel.api = options.api;
    TileCalls tileCalls;
    if (options.source) {
        for (const auto& [name, fn] : options.source->functions()) tileCalls.visitStmt(fn->body());
    }
    NkiWriter out;
    for (const auto& [name, fn] : module.functions()) {
        NkiWriter text;
        std::vector<Diagnostic> notes;
        try {
            if (options.api == NkiApi::Legacy) {
                LegacyPrinter printer;
                printer.print(*fn, text, notes);
            } else {
                CurrentPrinter printer(options.target);
                printer.print(*fn, text, notes);
            }
        } catch (const CodegenError& error) {
            kernel.diagnostics.insert(kernel.diagnostics.end(), notes.begin(), notes.end());
            kernel.diagnostics.push_back(error.diagnostic);
            // Made by passes all the way out: the function is the place.
            if (!kernel.diagnostics.back().span.valid()) kernel.diagnostics.back().span = fn->span();
            continue;
        }
        kernel.diagnostics.insert(kernel.diagnostics.end(), notes.begin(), notes.end());
        out.raw("# Function: " + nkiKernelName(*fn) + "\n");
        out.append(text);
        out.raw("\n");
    }
    kernel.source = out.takeText();
    kernel.lines = out.takeLines();
    for (auto& line : kernel.lines) line.tileCall = tileCalls.containing(line.statement);
    return kernel;
}

} // namespace tirx
