#pragma once

#include <QColor>

#include <cstddef>

// The memory views' colours: Okabe and Ito's palette, told apart by readers
// with any common colour-vision deficiency, one colour per tensor in turn.
// Vermillion is left out: red marks overlaps.
[[nodiscard]] QColor tensorColor(size_t index);
[[nodiscard]] QColor overlapColor();
// Black or white, whichever reads better on `fill`.
[[nodiscard]] QColor labelColorOn(const QColor& fill);
