#pragma once

#include "ir/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// Positions Graphviz's "dot" engine gives a DOT graph, in points with the
// origin at the top left and y growing downwards (as a scene draws them).
struct GraphLayout {
    struct Point {
        double x = 0;
        double y = 0;
    };
    struct Box {
        std::string name; // the DOT name: "n3", "cluster_1"
        std::string label;
        double x = 0; // top left
        double y = 0;
        double width = 0;
        double height = 0;
    };
    struct Edge {
        std::string from;
        std::string to;
        // A cubic B-spline: p0, then three points per segment (Graphviz's form).
        std::vector<Point> spline;
        std::optional<Point> arrowHead; // the arrow's tip, when the edge has one
    };
    double width = 0;
    double height = 0;
    std::vector<Box> nodes;
    std::vector<Box> clusters;
    std::vector<Edge> edges;
};

// The one way in to Graphviz (cgraph + gvc). Graphviz keeps global state and
// is not thread-safe, so every call takes one process-wide lock; its handles
// are freed by RAII on every path; what it reports through its error hook
// (agseterrf) comes back as diagnostics, never on stderr. A message names
// the DOT text's line when Graphviz gives one.
class Graphviz {
public:
    struct LayoutResult {
        std::optional<GraphLayout> layout;
        std::vector<Diagnostic> diagnostics;
    };
    struct RenderResult {
        std::optional<std::string> output;
        std::vector<Diagnostic> diagnostics;
    };

    // Lays `dot` out with `engine` ("dot" unless a test wants another).
    [[nodiscard]] static LayoutResult layout(std::string_view dot, const char* engine = "dot");
    // Lays out and renders in `format` ("svg", "plain", "dot", ...).
    [[nodiscard]] static RenderResult render(std::string_view dot, const char* format, const char* engine = "dot");
};

} // namespace tirx
