#include "picture/svg_writer.h"

#include <cstdio>

namespace tirx::picture {

namespace {

std::string escaped(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

std::string number(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", v);
    return buffer;
}

std::string hex(Rgb c)
{
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02X%02X%02X", c.r, c.g, c.b);
    return buffer;
}

// `name`="colour" and, when it is translucent, its opacity.
std::string paint(const char* name, Colour c)
{
    if (c.none()) return std::string(" ") + name + "=\"none\"";
    std::string out = std::string(" ") + name + "=\"" + hex(c.rgb) + "\"";
    if (c.alpha != 255) out += std::string(" ") + name + "-opacity=\"" + number(c.alpha / 255.0) + "\"";
    return out;
}

std::string classAttribute(const std::string& role) { return role.empty() ? std::string{} : " class=\"" + role + "\""; }

// A hatch pattern per colour, named by it: lines rising to the right, 8 px
// apart, over what lies below.
std::string hatchId(Rgb c) { return "hatch-" + hex(c).substr(1); }

void writeRect(std::string& out, const RectShape& r, std::vector<Rgb>& hatches)
{
    out += "<rect" + classAttribute(r.role) + " x=\"" + number(r.box.x) + "\" y=\"" + number(r.box.y) + "\" width=\"" +
           number(r.box.width) + "\" height=\"" + number(r.box.height) + "\"";
    if (r.style == FillStyle::Hatch && !r.fill.none()) {
        out += " fill=\"url(#" + hatchId(r.fill.rgb) + ")\"";
        bool known = false;
        for (const auto& h : hatches) known = known || h == r.fill.rgb;
        if (!known) hatches.push_back(r.fill.rgb);
    } else {
        out += paint("fill", r.fill);
    }
    if (r.strokeWidth > 0 && !r.stroke.none())
        out += paint("stroke", r.stroke) + " stroke-width=\"" + number(r.strokeWidth) + "\"";
    if (r.id >= 0) out += " data-id=\"" + std::to_string(r.id) + "\"";
    out += "/>\n";
}

void writeLine(std::string& out, const LineShape& l)
{
    out += "<line" + classAttribute(l.role) + " x1=\"" + number(l.x1) + "\" y1=\"" + number(l.y1) + "\" x2=\"" +
           number(l.x2) + "\" y2=\"" + number(l.y2) + "\"" + paint("stroke", l.colour) + " stroke-width=\"" +
           number(l.width) + "\"";
    if (l.dash > 0) out += " stroke-dasharray=\"" + number(l.dash) + " " + number(l.gap) + "\"";
    out += "/>\n";
}

void writeText(std::string& out, const TextShape& t)
{
    out += "<text x=\"" + number(t.x) + "\" y=\"" + number(t.y) + "\"" + paint("fill", t.colour) + " font-size=\"" +
           number(t.size) + "\"";
    if (t.bold) out += " font-weight=\"bold\"";
    if (t.anchor == Anchor::Middle) out += " text-anchor=\"middle\"";
    if (t.anchor == Anchor::End) out += " text-anchor=\"end\"";
    if (t.rotation != 0)
        out += " transform=\"rotate(" + number(t.rotation) + " " + number(t.x) + " " + number(t.y) + ")\"";
    out += ">" + escaped(t.text) + "</text>\n";
}

// A row's runs of one colour become one rectangle each, so a 128 x 4096
// grid stays a small file.
void writeGrid(std::string& out, const CellGrid& g)
{
    if (g.rows <= 0 || g.cols <= 0 || !g.cells) return;
    const double cx = g.box.width / double(g.cols);
    const double cy = g.box.height / double(g.rows);
    out += "<g" + classAttribute(g.role) + ">\n";
    for (int64_t r = 0; r < g.rows; ++r) {
        for (int64_t c = 0; c < g.cols;) {
            const Rgb colour = g.at(r, c);
            int64_t end = c + 1;
            while (end < g.cols && g.at(r, end) == colour) ++end;
            out += "<rect x=\"" + number(g.box.x + double(c) * cx) + "\" y=\"" + number(g.box.y + double(r) * cy) +
                   "\" width=\"" + number(double(end - c) * cx) + "\" height=\"" + number(cy) + "\" fill=\"" +
                   hex(colour) + "\"/>\n";
            c = end;
        }
    }
    out += "</g>\n";
}

} // namespace

std::string sceneToSvg(const Scene& scene)
{
    std::string body;
    std::vector<Rgb> hatches;
    for (const auto& shape : scene.shapes) {
        if (const auto* r = std::get_if<RectShape>(&shape)) writeRect(body, *r, hatches);
        if (const auto* l = std::get_if<LineShape>(&shape)) writeLine(body, *l);
        if (const auto* t = std::get_if<TextShape>(&shape)) writeText(body, *t);
        if (const auto* g = std::get_if<CellGrid>(&shape)) writeGrid(body, *g);
        if (const auto* g = std::get_if<GroupBegin>(&shape)) {
            body += "<g id=\"" + escaped(g->id) + "\"" + classAttribute(g->role) + " data-name=\"" + escaped(g->name) +
                    "\"><title>" + escaped(g->title) + "</title>\n";
        }
        if (std::holds_alternative<GroupEnd>(shape)) body += "</g>\n";
    }
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(scene.width) + "\" height=\"" +
                      number(scene.height) + "\" font-family=\"sans-serif\">\n";
    if (!hatches.empty()) {
        out += "<defs>";
        for (const auto& h : hatches) {
            out += "<pattern id=\"" + hatchId(h) +
                   "\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\"><path d=\"M0 8L8 0\" stroke=\"" +
                   hex(h) + "\"/></pattern>";
        }
        out += "</defs>\n";
    }
    if (!scene.background.none()) {
        out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"" + number(scene.width) + "\" height=\"" +
               number(scene.height) + "\"" + paint("fill", scene.background) + "/>\n";
    }
    return out + body + "</svg>\n";
}

} // namespace tirx::picture
