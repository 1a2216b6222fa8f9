#include "svg_canvas.h"

#include <cstdio>

namespace tirx::cli {

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

std::string classAttribute(const std::string& cssClass)
{
    return cssClass.empty() ? std::string{} : " class=\"" + cssClass + "\"";
}

} // namespace

SvgCanvas::SvgCanvas(double width, double height)
    : m_svg("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) + "\" height=\"" + number(height) +
            "\" font-family=\"sans-serif\" font-size=\"13\">\n")
{
}

void SvgCanvas::beginGroup(const std::string& id, const std::string& cssClass, const std::string& name,
                           const std::string& title)
{
    m_svg += "<g id=\"" + id + "\"" + classAttribute(cssClass) + " data-name=\"" + escaped(name) + "\"><title>" +
             escaped(title) + "</title>";
}

void SvgCanvas::endGroup() { m_svg += "</g>\n"; }

void SvgCanvas::rect(double x, double y, double width, double height, const std::string& fill,
                     const std::string& stroke, double strokeWidth, const std::string& cssClass)
{
    m_svg += "<rect" + classAttribute(cssClass) + " x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\"" +
             number(width) + "\" height=\"" + number(height) + "\" fill=\"" + (fill.empty() ? "none" : fill) + "\"";
    if (strokeWidth > 0) m_svg += " stroke=\"" + stroke + "\" stroke-width=\"" + number(strokeWidth) + "\"";
    m_svg += "/>";
}

void SvgCanvas::line(double x1, double y1, double x2, double y2, const std::string& stroke, double width, double dash,
                     double gap, const std::string& cssClass)
{
    m_svg += "<line" + classAttribute(cssClass) + " x1=\"" + number(x1) + "\" y1=\"" + number(y1) + "\" x2=\"" +
             number(x2) + "\" y2=\"" + number(y2) + "\" stroke=\"" + stroke + "\" stroke-width=\"" + number(width) +
             "\"";
    if (dash > 0) m_svg += " stroke-dasharray=\"" + number(dash) + " " + number(gap) + "\"";
    m_svg += "/>\n";
}

void SvgCanvas::text(double x, double y, const std::string& text, const std::string& colour, double size, Anchor anchor)
{
    const char* anchorName = anchor == Anchor::Middle ? "middle" : anchor == Anchor::End ? "end" : "start";
    m_svg += "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" fill=\"" + colour + "\" font-size=\"" +
             number(size) + "\"";
    if (anchor != Anchor::Start) m_svg += " text-anchor=\"" + std::string(anchorName) + "\"";
    m_svg += ">" + escaped(text) + "</text>\n";
}

} // namespace tirx::cli
