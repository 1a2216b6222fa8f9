#pragma once

// What every golden runner does on a mismatch: show a unified diff of the
// expected text against the actual one, or, with TIRX_REBASE_GOLDEN=1 in the
// environment, write the actual text into the file so that the change can be
// reviewed with `git diff` and committed on purpose.

#include <filesystem>
#include <string>
#include <string_view>

// The whole of a golden file, byte for byte (empty when it cannot be read).
[[nodiscard]] std::string readGoldenText(const std::filesystem::path& path);

// True when TIRX_REBASE_GOLDEN=1: mismatches rewrite the files instead of failing.
[[nodiscard]] bool rebasingGoldens();

// "--- expected / +++ actual" hunks, or empty when the texts are equal.
[[nodiscard]] std::string goldenDiff(std::string_view expected, std::string_view actual);

// Replaces everything after the line `marker` in `path` with `text`.
// Returns false (and leaves the file) when the marker is not there.
[[nodiscard]] bool rewriteAfterMarker(const std::filesystem::path& path, std::string_view marker,
                                      std::string_view text);

// Replaces the text between the line `marker` in `path` and the next line
// that starts with `nextPrefix` (or the end of the file) with `text`.
// Returns false (and leaves the file) when the marker is not there.
[[nodiscard]] bool rewriteSection(const std::filesystem::path& path, std::string_view marker,
                                  std::string_view nextPrefix, std::string_view text);

// Replaces the whole of `path` with `text`.
[[nodiscard]] bool rewriteFile(const std::filesystem::path& path, std::string_view text);

// Replaces the first line of `path` equal to `oldLine` with `newLine`.
[[nodiscard]] bool rewriteLine(const std::filesystem::path& path, std::string_view oldLine, std::string_view newLine);
