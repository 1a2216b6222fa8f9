#pragma once

#include <QColor>

#include <cstddef>

// The memory views' colours as QColors, from tirx::picture's palette (the
// one the maps' scenes and the CLI's pictures use).
[[nodiscard]] QColor tensorColor(size_t index);
[[nodiscard]] QColor overlapColor();
// Black or white, whichever reads better on `fill`.
[[nodiscard]] QColor labelColorOn(const QColor& fill);
