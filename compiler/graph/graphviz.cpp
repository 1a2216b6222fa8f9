#include "graph/graphviz.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <cctype>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <regex>

namespace tirx {

namespace {

std::mutex& graphvizMutex()
{
    static std::mutex m;
    return m;
}

// What Graphviz reported during the current call; only touched under the lock.
std::string& pendingErrors()
{
    static std::string text;
    return text;
}

int collectError(char* message)
{
    pendingErrors() += message;
    return 0;
}

struct ContextDeleter {
    void operator()(GVC_t* c) const { gvFreeContext(c); }
};
struct GraphDeleter {
    void operator()(Agraph_t* g) const { agclose(g); }
};
using GraphHandle = std::unique_ptr<Agraph_t, GraphDeleter>;

// One context for the process, made on first use (loading the plugins costs
// more than a small layout).
GVC_t* context()
{
    static std::unique_ptr<GVC_t, ContextDeleter> c(gvContext());
    return c.get();
}

// Installs the error hook for one call and restores the previous one after.
class ErrorCapture {
public:
    ErrorCapture() : m_previous(agseterrf(collectError)), m_level(agseterr(AGWARN)) { pendingErrors().clear(); }
    ~ErrorCapture()
    {
        agseterrf(m_previous);
        agseterr(m_level);
    }
    ErrorCapture(const ErrorCapture&) = delete;
    ErrorCapture& operator=(const ErrorCapture&) = delete;

    // Every reported line as a diagnostic; "line N" in the text locates it.
    [[nodiscard]] std::vector<Diagnostic> diagnostics(bool failed) const
    {
        std::vector<Diagnostic> out;
        const std::string& text = pendingErrors();
        size_t start = 0;
        static const std::regex lineRe(R"(line (\d+))");
        while (start < text.size()) {
            size_t end = text.find('\n', start);
            if (end == std::string::npos) end = text.size();
            std::string line = text.substr(start, end - start);
            start = end + 1;
            if (line.empty()) continue;
            Diagnostic d;
            d.severity = line.rfind("Warning", 0) == 0 ? Diagnostic::Severity::Warning : Diagnostic::Severity::Error;
            for (const char* prefix : {"Error: ", "Warning: "}) {
                if (line.rfind(prefix, 0) == 0) line.erase(0, std::char_traits<char>::length(prefix));
            }
            std::smatch m;
            if (std::regex_search(line, m, lineRe)) d.span = Span{static_cast<uint32_t>(std::stoul(m[1])), 1, 0, 0};
            d.message = "graphviz: " + line;
            out.push_back(std::move(d));
        }
        if (failed && !hasErrors(out)) out.push_back({Diagnostic::Severity::Error, "graphviz: the layout failed", {}});
        return out;
    }

private:
    agusererrf m_previous;
    agerrlevel_t m_level;
};

// Lays the graph out and frees the layout when it goes out of scope.
class LayoutGuard {
public:
    LayoutGuard(Agraph_t* g, const char* engine) : m_g(g), m_ok(gvLayout(context(), g, engine) == 0) {}
    ~LayoutGuard()
    {
        if (m_ok) gvFreeLayout(context(), m_g);
    }
    LayoutGuard(const LayoutGuard&) = delete;
    LayoutGuard& operator=(const LayoutGuard&) = delete;
    [[nodiscard]] bool ok() const { return m_ok; }

private:
    Agraph_t* m_g;
    bool m_ok;
};

GraphHandle parse(std::string_view dot)
{
    // agmemread wants a terminated string. Trailing white space is dropped:
    // the lexer counts a newline left after one graph's closing brace as the
    // first line of the next graph it reads, and the line in its messages
    // would be one too many.
    std::string text(dot);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    return GraphHandle(agmemread(text.c_str()));
}

std::string attr(void* object, const char* name)
{
    const char* v = agget(object, const_cast<char*>(name));
    return v ? v : "";
}

void collectClusters(Agraph_t* g, double top, std::vector<GraphLayout::Box>& out)
{
    for (int i = 1; i <= GD_n_cluster(g); ++i) {
        Agraph_t* c = GD_clust(g)[i];
        const boxf bb = GD_bb(c);
        out.push_back({agnameof(c), attr(c, "label"), bb.LL.x, top - bb.UR.y, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y});
        collectClusters(c, top, out);
    }
}

GraphLayout read(Agraph_t* g)
{
    GraphLayout out;
    const boxf bb = GD_bb(g);
    out.width = bb.UR.x - bb.LL.x;
    out.height = bb.UR.y - bb.LL.y;
    const double top = bb.UR.y;
    auto flip = [top](pointf p) { return GraphLayout::Point{p.x, top - p.y}; };
    for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n)) {
        const double w = ND_width(n) * 72.0;
        const double h = ND_height(n) * 72.0;
        const auto c = flip(ND_coord(n));
        out.nodes.push_back({agnameof(n), attr(n, "label"), c.x - w / 2, c.y - h / 2, w, h});
        for (Agedge_t* e = agfstout(g, n); e; e = agnxtout(g, e)) {
            GraphLayout::Edge edge{agnameof(agtail(e)), agnameof(aghead(e)), {}, std::nullopt};
            if (const splines* spl = ED_spl(e); spl && spl->size > 0) {
                const bezier& b = spl->list[0];
                for (int i = 0; i < b.size; ++i) edge.spline.push_back(flip(b.list[i]));
                if (b.eflag) edge.arrowHead = flip(b.ep);
            }
            out.edges.push_back(std::move(edge));
        }
    }
    collectClusters(g, top, out.clusters);
    return out;
}

// Parses and lays out `dot` under the lock, hands the laid-out graph to
// `use` (which fills the result and says whether it succeeded), and
// collects what Graphviz reported on the way.
template <class Result, class Use> Result laidOut(std::string_view dot, const char* engine, Use use)
{
    std::lock_guard lock(graphvizMutex());
    ErrorCapture capture;
    Result result;
    GraphHandle g = parse(dot);
    bool ok = false;
    if (g) {
        LayoutGuard laid(g.get(), engine);
        ok = laid.ok() && use(g.get(), result);
    }
    result.diagnostics = capture.diagnostics(!ok);
    return result;
}

} // namespace

Graphviz::LayoutResult Graphviz::layout(std::string_view dot, const char* engine)
{
    return laidOut<LayoutResult>(dot, engine, [](Agraph_t* g, LayoutResult& r) {
        r.layout = read(g);
        return true;
    });
}

Graphviz::RenderResult Graphviz::render(std::string_view dot, const char* format, const char* engine)
{
    return laidOut<RenderResult>(dot, engine, [format](Agraph_t* g, RenderResult& r) {
        char* data = nullptr;
        unsigned int length = 0;
        const bool ok = gvRenderData(context(), g, format, &data, &length) == 0 && data;
        if (ok) r.output = std::string(data, length);
        if (data) gvFreeRenderData(data);
        return ok;
    });
}

} // namespace tirx
