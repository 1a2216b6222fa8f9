#include "memmap_svg.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace tirx::cli {

namespace {

constexpr double kWidth = 1200;
constexpr double kHeight = 640;
constexpr double kLeft = 70;
constexpr double kTop = 60;
constexpr double kMapWidth = 1100;
constexpr double kMapHeight = 512; // 4 px per partition

// Okabe and Ito's palette without vermillion, as the explorer's views use it.
constexpr std::array<const char*, 7> kColors{"#E69F00", "#56B4E9", "#009E73", "#F0E442",
                                             "#0072B2", "#CC79A7", "#A0A0A0"};

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

} // namespace

std::string memoryMapSvg(const MemoryPlan& plan, const Target& target, const std::string& scope)
{
    const bool psum = scope == "trn.psum";
    const double capacity =
        psum ? double(target.psumBanks) * target.psumBankBytes : double(target.maxSbufBytesPerPartition);
    std::vector<bool> overlapping(plan.allocations.size(), false);
    for (const auto& o : plan.overlaps) overlapping[o.earlier] = overlapping[o.later] = true;
    double end = 0;
    for (const auto& a : plan.allocations) {
        if (a.scope != scope) continue;
        for (const auto& r : a.rects) end = std::max(end, double(r.bytes.end));
    }
    // The same window the explorer's map opens with.
    const double last = psum || end <= 0 ? capacity : std::max(64.0, std::min(capacity, end * 1.08));
    const double scale = kMapWidth / last;
    const double row = kMapHeight / std::max(1, target.partitionSize);
    const auto x = [&](double byte) { return kLeft + byte * scale; };

    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(kWidth) + "\" height=\"" +
                      number(kHeight) + "\" font-family=\"sans-serif\" font-size=\"13\">\n";
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    svg += "<text x=\"10\" y=\"24\">" + std::string(psum ? "PSUM" : "SBUF") + " after " + escaped(plan.after) + " on " +
           escaped(plan.target) + ": partitions (down) by bytes per partition (across)</text>\n";
    svg += "<rect class=\"map\" x=\"" + number(kLeft) + "\" y=\"" + number(kTop) + "\" width=\"" + number(kMapWidth) +
           "\" height=\"" + number(kMapHeight) + "\" fill=\"#f4f4f4\" stroke=\"#000000\"/>\n";
    size_t colour = 0;
    for (size_t i = 0; i < plan.allocations.size(); ++i) {
        const auto& a = plan.allocations[i];
        if (a.scope != scope || !a.placed()) continue;
        const char* fill = kColors[colour++ % kColors.size()];
        svg += "<g id=\"alloc-" + std::to_string(i) + "\" class=\"allocation\" data-name=\"" + escaped(a.name) + "\">";
        svg += "<title>" + escaped(a.name) + " " + a.dtype.str() + ", " + std::to_string(a.bytesPerPartition) +
               " bytes per partition at " + std::to_string(a.offset.value_or(0)) + "</title>";
        for (const auto& r : a.rects) {
            svg += "<rect x=\"" + number(x(double(r.bytes.begin))) + "\" y=\"" +
                   number(kTop + double(r.partitions.begin) * row) + "\" width=\"" +
                   number(double(r.bytes.size()) * scale) + "\" height=\"" + number(double(r.partitions.size()) * row) +
                   "\" fill=\"" + fill + "\" stroke=\"" + (overlapping[i] ? "#D01010" : "#ffffff") +
                   "\" stroke-width=\"" + (overlapping[i] ? "2" : "1") + "\"/>";
        }
        svg += "</g>\n";
    }
    if (psum) {
        for (int b = 0; b <= target.psumBanks; ++b) {
            const double bx = x(double(b) * target.psumBankBytes);
            svg += "<line class=\"bank\" x1=\"" + number(bx) + "\" y1=\"" + number(kTop) + "\" x2=\"" + number(bx) +
                   "\" y2=\"" + number(kTop + kMapHeight) + "\" stroke=\"#000000\" stroke-width=\"2\"/>\n";
            if (b < target.psumBanks)
                svg += "<text x=\"" + number(bx + 4) + "\" y=\"" + number(kTop + kMapHeight + 18) + "\">bank " +
                       std::to_string(b) + "</text>\n";
        }
    }
    if (capacity <= last) {
        const double cx = x(capacity);
        svg += "<line class=\"capacity\" x1=\"" + number(cx) + "\" y1=\"" + number(kTop - 8) + "\" x2=\"" + number(cx) +
               "\" y2=\"" + number(kTop + kMapHeight) +
               "\" stroke=\"#D01010\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n";
    }
    svg += "<text x=\"" + number(kLeft) + "\" y=\"" + number(kTop - 8) + "\">0</text>\n";
    svg += "<text x=\"" + number(kLeft + kMapWidth) + "\" y=\"" + number(kTop - 8) + "\" text-anchor=\"end\">" +
           std::to_string(static_cast<long long>(last)) + " bytes</text>\n";
    svg += "</svg>\n";
    return svg;
}

} // namespace tirx::cli
