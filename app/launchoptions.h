#pragma once

#include "theme.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;

// What `tirx-explorer [--screenshot PNG [--size WxH] [--pass NAME]
// [--view VIEW] [--tour-step N]] [--pipeline PRESET] [--theme THEME] [FILE]` asked for,
// parsed once in main().
struct LaunchOptions {
    // Below this a screenshot shows nothing legible; --size refuses it.
    static constexpr QSize kMinScreenshotSize{320, 240};

    QString file;           // empty: open the default example
    QString screenshotPath; // empty: run interactively
    QSize size{1280, 800};
    QString pass;
    QString pipeline; // empty: the default preset for a screenshot, the last chosen otherwise
    QString view = QStringLiteral("editor");
    std::optional<Theme> theme; // empty: the one in the settings
    int tourStep = 0;           // 1-based step of Help > Tour to screenshot; 0: none
    QStringList warnings;       // accepted but not (yet) honoured
};

// Declares the options on the parser (including --help and --version).
void addLaunchOptions(QCommandLineParser& parser);

// Reads the parsed arguments; on a bad value returns nothing and sets *error.
[[nodiscard]] std::optional<LaunchOptions> readLaunchOptions(const QCommandLineParser& parser, QString* error);

// "1280x800" -> QSize; nothing for malformed or non-positive sizes.
[[nodiscard]] std::optional<QSize> parseSize(const QString& text);
