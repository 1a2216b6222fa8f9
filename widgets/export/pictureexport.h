#pragma once

#include <QSize>
#include <QString>

#include <functional>

class QPainter;

// Writes what `paint` draws at `size` to `path`: SVG (QSvgGenerator) when the
// name ends in .svg, else an image in the format its suffix names (PNG by
// default). The layout and graph views export through here, so a file looks
// like the view. False, with *error set, when the file cannot be written.
[[nodiscard]] bool exportPicture(const QString& path, QSize size, const std::function<void(QPainter&)>& paint,
                                 QString* error);
