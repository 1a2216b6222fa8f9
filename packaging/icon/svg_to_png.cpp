// Renders the scalable icon into the fixed sizes hicolor themes expect, at
// build time, so the PNGs never drift from the SVG they come from.
// Usage: tirx_svg_to_png INPUT.svg SIZE OUTPUT.png

#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>
#include <cstdlib>

int main(int argc, char* argv[])
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: tirx_svg_to_png INPUT.svg SIZE OUTPUT.png\n");
        return 2;
    }
    // No QGuiApplication: an SVG without text renders into a QImage
    // without one, so the build needs no display and prints nothing.
    const int size = std::atoi(argv[2]);
    if (size < 1 || size > 4096) {
        std::fprintf(stderr, "tirx_svg_to_png: size %s is not between 1 and 4096\n", argv[2]);
        return 2;
    }
    QSvgRenderer renderer{QString::fromLocal8Bit(argv[1])};
    if (!renderer.isValid()) {
        std::fprintf(stderr, "tirx_svg_to_png: %s is not a valid SVG\n", argv[1]);
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    if (!image.save(QString::fromLocal8Bit(argv[3]), "PNG")) {
        std::fprintf(stderr, "tirx_svg_to_png: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
