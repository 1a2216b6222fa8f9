#pragma once

#include "codegen/nki_kernel.h"

#include <string>
#include <string_view>

namespace tirx {

// Line-oriented output with the reference's indentation (two spaces per
// level) that records the origin of every line it writes: the source map is
// built as the text is, so the two cannot disagree.
class NkiWriter {
public:
    // Sets the origin of the lines written from now on.
    void setOrigin(NkiLineOrigin origin) { m_origin = origin; }
    [[nodiscard]] const NkiLineOrigin& origin() const { return m_origin; }

    // Writes text at the current indentation; every embedded line break
    // starts a new line at the same indentation.
    void line(std::string_view text);
    // Text with no indentation and no origin (imports, decorators).
    void raw(std::string_view text);
    // Ends the text without a final line break (the reference's function
    // text has none after its return).
    void rawNoNewline(std::string_view text);

    void indent() { m_indent += 2; }
    void dedent() { m_indent -= 2; }
    [[nodiscard]] int indentation() const { return m_indent; }

    // Appends another writer's text and map (a whole function).
    void append(const NkiWriter& other);

    [[nodiscard]] std::string takeText() { return std::move(m_text); }
    [[nodiscard]] std::vector<NkiLineOrigin> takeLines() { return std::move(m_lines); }
    [[nodiscard]] const std::string& text() const { return m_text; }

private:
    void push(std::string_view text, const NkiLineOrigin& origin, bool newline);

    std::string m_text;
    std::vector<NkiLineOrigin> m_lines;
    NkiLineOrigin m_origin;
    int m_indent = 0;
    bool m_open = false; // the last line has no line break yet
};

} // namespace tirx
