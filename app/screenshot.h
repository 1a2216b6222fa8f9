#pragma once

#include <QSize>
#include <QString>

class QWidget;

// Shows the window at exactly `size`, lets it lay out and paint, and writes
// what it shows to a PNG of that size. Works on the offscreen platform.
[[nodiscard]] bool writeScreenshot(QWidget* window, const QSize& size, const QString& pngPath, QString* error);
