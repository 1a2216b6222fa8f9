#pragma once

#include "irview/sourcelinemarker.h"
#include "irview/tracesourcemap.h"

#include "editor/scintillafind.h"

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QLabel;
class QsciScintilla;
class TirxLexer;

// A read-only, highlighted view of one pass's output. Selecting a line
// reports the source span it came from; revealSourceLine() marks the lines
// that came from a source line, so the editor and the IR follow each other.
class IrView : public QWidget, public ScintillaFindTarget {
    Q_OBJECT

public:
    explicit IrView(QWidget* parent = nullptr);

    // Shows the module after `entry`'s pass, with its source map.
    void setEntry(const tirx::TraceEntry& entry);
    // The same, showing `text`: the entry's text with notes appended to its
    // lines (the placement notes), so the source map still holds.
    void setEntry(const tirx::TraceEntry& entry, const std::string& text);
    void clear();

    [[nodiscard]] QsciScintilla* editor() const { return m_editor; }

    [[nodiscard]] QString findName() const override { return tr("Find in IR"); }
    [[nodiscard]] QString title() const;
    // Span of IR line `line` (1-based); empty when the line has no source.
    [[nodiscard]] tirx::Span spanOfLine(int line) const { return m_map.map().spanOfLine(line); }
    // The IR lines (1-based) the last revealSourceLine() marked.
    [[nodiscard]] const std::vector<int>& markedLines() const { return m_marker.marked(); }

public slots:
    // Marks the IR lines whose statement covers source line `line` (1-based)
    // and scrolls to the first; clears the marks when there are none.
    void revealSourceLine(int line);

signals:
    // The user put the cursor on an IR line that came from `span`.
    void sourceSpanActivated(const tirx::Span& span);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyPalette();
    void onCursorMoved(int line, int index);

    QLabel* m_title;
    QsciScintilla* m_editor;
    TirxLexer* m_lexer;
    LazySourceMap m_map;
    SourceLineMarker m_marker;
    std::optional<std::string> m_text; // what the editor shows, none after clear()
};
