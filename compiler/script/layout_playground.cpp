#include "script/layout_playground.h"

#include "analysis/named_tensors.h"
#include "script/parser.h"

namespace tirx {

namespace {

// The fields go on lines of their own inside one call, so a diagnostic's
// line says which field it is about and its column needs no shifting
// (the dtype line has a quote before the text).
constexpr const char* kHeader = "from tvm.script import tirx as T\n"
                                "from tvm.tirx.layout import F, P, R, S, TileLayout\n"
                                "\n"
                                "@T.function\n"
                                "def main():\n"
                                "    A = T.alloc_tensor(\n";
constexpr uint32_t kShapeLine = 7;

std::string oneLine(std::string s)
{
    for (char& c : s) {
        if (c == '\n' || c == '\r') c = ' ';
    }
    return s;
}

} // namespace

PlaygroundResult runPlayground(const PlaygroundInput& input)
{
    PlaygroundResult result;
    const std::string source = std::string(kHeader) + oneLine(input.shape) + ",\n\"" + oneLine(input.dtype) +
                               "\",\nscope=\"" + oneLine(input.scope) + "\",\nlayout=\n" + oneLine(input.layout) +
                               "\n)\n";
    const ParseResult parsed = parseModule(source);
    for (const auto& d : parsed.diagnostics) {
        PlaygroundDiagnostic pd;
        pd.diagnostic = d;
        const uint32_t line = d.span.line;
        auto column = [&](uint32_t shift) {
            pd.diagnostic.span.line = 1;
            pd.diagnostic.span.column = d.span.column > shift ? d.span.column - shift : 1;
            pd.diagnostic.span.endLine = 1;
            pd.diagnostic.span.endColumn = d.span.endLine == line && d.span.endColumn > shift
                                               ? d.span.endColumn - shift
                                               : pd.diagnostic.span.column;
        };
        if (line <= kShapeLine) {
            pd.field = PlaygroundField::Shape;
            column(0);
        } else if (line == kShapeLine + 1) {
            pd.field = PlaygroundField::Dtype;
            column(1);
        } else if (line == kShapeLine + 2) {
            pd.field = PlaygroundField::Scope;
            column(7);
        } else {
            pd.field = PlaygroundField::Layout;
            column(0);
        }
        result.diagnostics.push_back(std::move(pd));
    }
    if (!parsed.ok()) return result;
    const auto tensor = findNamedTensor(*parsed.module, "A");
    if (!tensor) return result;
    auto built = LayoutGrid::build(*tensor->type);
    if (!built.ok()) {
        const auto width = static_cast<uint32_t>(oneLine(input.layout).size());
        result.diagnostics.push_back(
            {PlaygroundField::Layout, Diagnostic{Diagnostic::Severity::Error, built.error, Span{1, 1, 1, width + 1}}});
        return result;
    }
    result.grid = std::move(built.grid);
    return result;
}

} // namespace tirx
