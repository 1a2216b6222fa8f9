#pragma once

#include <QString>

#include <optional>

// View > Theme: the platform's own look, or Fusion with a light or a dark
// palette. The editor and the views pick their colours from the palette, so
// switching needs no restart.
enum class Theme { System, Light, Dark };

[[nodiscard]] QString themeName(Theme theme); // "system", "light", "dark"
[[nodiscard]] std::optional<Theme> themeFromName(const QString& name);

// Applies `theme` to the whole application.
void applyTheme(Theme theme);

// The theme kept in the settings (System when none or unknown), and keeping one.
[[nodiscard]] Theme storedTheme();
void storeTheme(Theme theme);
