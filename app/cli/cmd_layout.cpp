#include "input.h"

#include "analysis/named_tensors.h"
#include "layout/layout_grid.h"
#include "layout/layout_scene.h"
#include "layout/layout_slice.h"
#include "picture/svg_writer.h"
#include "script/printer.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace tirx::cli {

namespace {

// Elements listed one per line in the text form; larger tensors print the summary only.
constexpr int64_t kListedElements = 1024;
// Elements whose cells the JSON map lists (about 1.5 MB of JSON); a larger
// tensor's JSON keeps the summary and sets "map" to null, so the output and
// the memory that builds it stay bounded (2^25 elements made 425 MB of JSON
// and 3.5 GB of memory). --index answers for any one element.
constexpr int64_t kMappedElements = int64_t{1} << 16;

std::string tuple(const std::vector<int64_t>& v)
{
    std::string out = "(";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
    return out + (v.size() == 1 ? ",)" : ")");
}

std::vector<int64_t> physicalShape(const LayoutGrid& g)
{
    const auto& p = g.physicalShape();
    if (!g.isTrainium()) return {p[2]};
    if (g.isPsum()) return {p[0], p[1], p[2]};
    return {p[1], p[2]};
}

std::string coordText(const LayoutGrid& g, const PhysicalCoord& c)
{
    std::string out = g.isPsum() ? "bank " + std::to_string(c.bank) + " " : "";
    return out + "partition " + std::to_string(c.partition) + " free " + std::to_string(c.free) + " byte " +
           std::to_string(g.byteOf(c));
}

nlohmann::json coordJson(const std::string& tensor, const LayoutGrid& g, const std::vector<int64_t>& index)
{
    const auto c = g.coordOf(g.flatIndex(index));
    nlohmann::json j = {
        {"tensor", tensor}, {"index", index}, {"partition", c.partition}, {"free", c.free}, {"byte", g.byteOf(c)}};
    if (g.isPsum()) j["bank"] = c.bank;
    return j;
}

nlohmann::json mapJson(const NamedTensor& t, const LayoutGrid& g)
{
    nlohmann::json map = nullptr;
    if (g.elementCount() <= kMappedElements) {
        map = nlohmann::json::array();
        for (int64_t flat = 0; flat < g.elementCount(); ++flat) {
            const auto c = g.coordOf(flat);
            map.push_back(g.isPsum() ? nlohmann::json{c.bank, c.partition, c.free}
                                     : nlohmann::json{c.partition, c.free});
        }
    }
    return {{"tensor", t.name},
            {"shape", g.shape()},
            {"dtype", g.dtype().str()},
            {"scope", t.type->scope()},
            {"layout", printLayout(*g.layout())},
            {"physical_shape", physicalShape(g)},
            {"grouped", g.grouped()},
            {"used_cells", g.usedCells()},
            {"collisions", g.collisions()},
            {"axes", g.isPsum() ? nlohmann::json{"bank", "partition", "free"} : nlohmann::json{"partition", "free"}},
            {"elements", g.elementCount()},
            {"map_limit", kMappedElements},
            {"map", std::move(map)}};
}

std::string summary(const NamedTensor& t, const LayoutGrid& g)
{
    std::string out = t.name + ": " + tuple(g.shape()) + " " + g.dtype().str() + " " + t.type->scope() + "\n";
    out += "layout " + printLayout(*g.layout()) + "\n";
    const auto& p = g.physicalShape();
    const int64_t cells = p[0] * p[1] * p[2];
    out += "physical " + tuple(physicalShape(g)) + ", " + std::to_string(g.elementCount()) + " elements in " +
           std::to_string(cells) + " cells";
    if (g.collisions()) out += ", " + std::to_string(g.collisions()) + " cells claimed twice";
    out += "\n";
    if (g.elementCount() > kListedElements) return out;
    for (int64_t flat = 0; flat < g.elementCount(); ++flat) {
        std::string index;
        for (auto v : g.logicalIndex(flat)) index += (index.empty() ? "" : ", ") + std::to_string(v);
        out += t.name + "[" + index + "] -> " + coordText(g, g.coordOf(flat)) + "\n";
    }
    return out;
}

std::optional<std::vector<int64_t>> parseIndex(const std::string& text, const LayoutGrid& g)
{
    std::vector<int64_t> index;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, ',')) {
        try {
            size_t used = 0;
            index.push_back(std::stoll(part, &used));
            if (used != part.size()) return std::nullopt;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    if (index.size() != g.shape().size()) return std::nullopt;
    for (size_t d = 0; d < index.size(); ++d) {
        if (index[d] < 0 || index[d] >= g.shape()[d]) return std::nullopt;
    }
    return index;
}

} // namespace

void registerLayout(CLI::App& app, Outcome& outcome)
{
    auto* cmd = app.add_subcommand("layout", "Logical index -> (partition, free offset) map of one tensor");
    static std::string file;
    static std::string tensor;
    static std::string index;
    static std::string svg;
    static std::string output;
    static bool json = false;
    cmd->add_option("FILE", file, "TVMScript file, or - for standard input")->required();
    cmd->add_option("--tensor", tensor, "the tensor's name")->required();
    cmd->add_option("--index", index, "one element, as I,J,...");
    cmd->add_flag("--json", json, "machine-readable output");
    cmd->add_option("--svg", svg, "write the picture of the layout to this SVG file");
    cmd->add_option("-o", output, "write to this file instead of standard output");
    cmd->callback([&outcome] {
        const auto input = loadInput(file, outcome);
        if (!input) return;
        const auto named = findNamedTensor(*input->parsed.module, tensor);
        if (!named) {
            std::string known;
            for (const auto& t : namedTensors(*input->parsed.module)) known += (known.empty() ? "" : ", ") + t.name;
            std::fprintf(stderr, "%s: error: no tensor named '%s'; the file names %s\n", input->path.c_str(),
                         tensor.c_str(), known.empty() ? "none" : known.c_str());
            outcome.exit = Exit::BadInput;
            return;
        }
        // The cells themselves only for a picture; figures and coordinates
        // need their counts alone (a bit a cell, not four bytes).
        const auto built =
            LayoutGrid::build(*named->type, svg.empty() ? LayoutGrid::Cells::Counted : LayoutGrid::Cells::Kept);
        if (!built.ok()) {
            const Diagnostic d{Diagnostic::Severity::Error,
                               "cannot draw the layout of '" + tensor + "': " + built.error, named->definition};
            std::fputs(formatDiagnostic(d, input->path, input->source).c_str(), stderr);
            outcome.exit = Exit::BadInput;
            return;
        }
        const LayoutGrid& grid = *built.grid;
        if (!svg.empty()) {
            // The explorer's layout picture at 1200 x 700 on the light
            // paper, lettered by an estimate any sans-serif face fits.
            LayoutSceneView view;
            view.width = 1200;
            view.height = 700;
            const LayoutSlice slice = defaultSlice(grid);
            const picture::EstimatedTextMeasure measure;
            const auto scene =
                layoutScene(&grid, slice, tensor, layoutCells(grid, slice, view.by, view.paper), view, measure);
            if (!writeOutput(svg, picture::sceneToSvg(scene), outcome)) return;
        }
        if (!index.empty()) {
            const auto at = parseIndex(index, grid);
            if (!at) {
                std::fprintf(stderr, "tirx-cli: error: --index needs %zu integers within the shape %s\n",
                             grid.shape().size(), tuple(grid.shape()).c_str());
                outcome.exit = Exit::Usage;
                return;
            }
            writeOutput(output,
                        json ? coordJson(tensor, grid, *at).dump(2) + "\n"
                             : coordText(grid, grid.coordOf(grid.flatIndex(*at))) + "\n",
                        outcome);
            return;
        }
        if (!svg.empty() && !json && output.empty()) return;
        if (json && grid.elementCount() > kMappedElements)
            std::fprintf(stderr,
                         "%s: note: '%s' has %lld elements; the JSON map lists the cells of tensors of at most %lld "
                         "elements, so \"map\" is null (--index I,J,... gives one element)\n",
                         input->path.c_str(), tensor.c_str(), static_cast<long long>(grid.elementCount()),
                         static_cast<long long>(kMappedElements));
        writeOutput(output, json ? mapJson(*named, grid).dump() + "\n" : summary(*named, grid), outcome);
    });
}

} // namespace tirx::cli
