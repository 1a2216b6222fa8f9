#pragma once

#include <QSize>
#include <QString>

class QWidget;

// Shows the window at exactly `size`, lets it lay out and paint, and writes
// what it shows to a PNG of that size. Works on the offscreen platform.
[[nodiscard]] bool writeScreenshot(QWidget* window, const QSize& size, const QString& pngPath, QString* error);

// For a screenshot run: drops what the platform plugin says about itself
// (qt.qpa.* categories, the offscreen plugin's "does not support" notes, the
// runtime folder QStandardPaths falls back on), which says nothing about the
// picture; every other message goes where it went before.
void quietPlatformMessages();
