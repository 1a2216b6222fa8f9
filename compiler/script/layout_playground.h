#pragma once

#include "ir/diagnostic.h"
#include "ir/mem_space.h"
#include "layout/layout_grid.h"

#include <optional>
#include <string>
#include <vector>

namespace tirx {

// The layout playground's input: the text of each field as typed.
struct PlaygroundInput {
    std::string shape = "(128, 512)";
    std::string dtype = "float32";
    std::string scope = std::string(scopeName(MemSpace::Sbuf));
    std::string layout = "T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])";
};

// Which field a playground diagnostic is about.
enum class PlaygroundField : uint8_t { Shape, Dtype, Scope, Layout };

struct PlaygroundDiagnostic {
    PlaygroundField field = PlaygroundField::Layout;
    Diagnostic diagnostic; // line 1; the column counts bytes of that field's text
};

struct PlaygroundResult {
    std::optional<LayoutGrid> grid;
    std::vector<PlaygroundDiagnostic> diagnostics;
};

// Reads the fields the way a module would (the TVMScript parser, with P, F,
// S, R and TileLayout in scope as after `from tvm.tirx.layout import ...`)
// and maps the layout. Parser messages keep their column inside the field;
// a layout the algebra refuses (it does not cover the shape, say) gets the
// layout algebra's message at the layout's first column.
[[nodiscard]] PlaygroundResult runPlayground(const PlaygroundInput& input);

} // namespace tirx
