#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace tirx {

// A colour as its red, green and blue bytes.
struct Rgb {
    uint8_t r = 0;
    uint8_t g = 0;
    uint8_t b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

} // namespace tirx

namespace tirx::picture {

// A picture computed once and drawn by each front end: the explorer's
// widgets paint it with QPainter, `tirx-cli` writes it as SVG or PNG. It
// holds geometry and colours only, in logical pixels with y down; what a
// shape means (which allocation, which cell) travels as its id, so a view
// finds what lies under the pointer in the picture it painted.

// Colour{} is no colour at all (a rectangle without a fill or a stroke);
// opaque() and withAlpha() make the ones drawn.
struct Colour {
    Rgb rgb;
    uint8_t alpha = 0;
    friend bool operator==(const Colour&, const Colour&) = default;
    [[nodiscard]] bool none() const { return alpha == 0; }
};
inline constexpr Colour kNoColour{{0, 0, 0}, 0};

struct Box {
    double x = 0;
    double y = 0;
    double width = 0;
    double height = 0;
    [[nodiscard]] double right() const { return x + width; }
    [[nodiscard]] double bottom() const { return y + height; }
    // Half-open, as a pixel at the right or bottom edge is the next shape's.
    [[nodiscard]] bool contains(double px, double py) const
    {
        return px >= x && px < right() && py >= y && py < bottom();
    }
    friend bool operator==(const Box&, const Box&) = default;
};

// Solid fills the box; Hatch lays lines rising to the right, 8 px apart, in
// the fill colour over whatever lies below.
enum class FillStyle : uint8_t { Solid, Hatch };

struct RectShape {
    Box box;
    Colour fill = kNoColour;
    FillStyle style = FillStyle::Solid;
    Colour stroke = kNoColour; // centred on the box's edge
    double strokeWidth = 0;
    int64_t id = -1;  // what the rectangle shows, for hit tests; -1 for none
    std::string role; // what kind of shape it is ("allocation", "overlap"); an SVG class
};

enum class Anchor : uint8_t { Start, Middle, End };

struct TextShape {
    double x = 0;
    double y = 0; // the baseline
    std::string text;
    Colour colour;
    double size = 13; // pixels
    bool bold = false;
    Anchor anchor = Anchor::Start;
    double rotation = 0; // degrees clockwise about (x, y); -90 reads upwards
};

struct LineShape {
    double x1 = 0;
    double y1 = 0;
    double x2 = 0;
    double y2 = 0;
    Colour colour;
    double width = 1;
    double dash = 0; // with dash > 0, strokes dash long and gap apart
    double gap = 0;
    std::string role;
};

// rows × cols cells filling `box`, one colour a cell, row-major: a layout
// of half a million elements is one shape. The colours are shared, so a
// view draws a new scene (another size, another hovered cell) without
// colouring its cells again.
struct CellGrid {
    Box box;
    int64_t rows = 0;
    int64_t cols = 0;
    std::shared_ptr<const std::vector<Rgb>> cells;
    int64_t id = -1; // which panel, for hit tests
    std::string role;
    [[nodiscard]] Rgb at(int64_t row, int64_t col) const { return (*cells)[size_t(row * cols + col)]; }
};

// Shapes that belong together (an allocation's rectangles): an SVG keeps
// them as a <g> with `title` as its tooltip; painters ignore the grouping.
struct GroupBegin {
    std::string id;
    std::string role;
    std::string name;
    std::string title;
};
struct GroupEnd {};

using Shape = std::variant<RectShape, TextShape, LineShape, CellGrid, GroupBegin, GroupEnd>;

// A cell of a CellGrid: the grid's id and the cell's row and column.
struct GridCell {
    int64_t id = -1;
    int64_t row = 0;
    int64_t col = 0;
};

struct Scene {
    double width = 0;
    double height = 0;
    Colour background{{255, 255, 255}, 255};
    std::vector<Shape> shapes; // in painting order: a later shape lies over an earlier one

    void add(Shape shape) { shapes.push_back(std::move(shape)); }
    // The id of the topmost rectangle with an id that contains (x, y).
    [[nodiscard]] std::optional<int64_t> idAt(double x, double y) const;
    // The cell of the topmost grid with an id under (x, y).
    [[nodiscard]] std::optional<GridCell> cellAt(double x, double y) const;
    [[nodiscard]] size_t count(const std::string& role) const;
};

// How wide text is, so a builder can centre, elide and fit labels without a
// font system of its own: the explorer measures with its font, the CLI
// with a generous estimate that fits any sans-serif face.
class TextMeasure {
public:
    TextMeasure() = default;
    TextMeasure(const TextMeasure&) = delete;
    TextMeasure& operator=(const TextMeasure&) = delete;
    virtual ~TextMeasure() = default;
    [[nodiscard]] virtual double width(const std::string& text, double size, bool bold = false) const = 0;
    [[nodiscard]] virtual double ascent(double size) const = 0;
    [[nodiscard]] virtual double lineHeight(double size) const = 0;
};

// 0.6 em a character (a UTF-8 sequence is one), an ascent of 0.8 em and
// lines 1.2 em apart.
class EstimatedTextMeasure final : public TextMeasure {
public:
    [[nodiscard]] double width(const std::string& text, double size, bool bold = false) const override;
    [[nodiscard]] double ascent(double size) const override { return size * 0.8; }
    [[nodiscard]] double lineHeight(double size) const override { return size * 1.2; }
};

// `text` cut short with an ellipsis to fit `room`; empty when not even the
// ellipsis fits.
[[nodiscard]] std::string elided(const TextMeasure& measure, const std::string& text, double size, double room,
                                 bool bold = false);

} // namespace tirx::picture
