#pragma once

#include "editor/findtarget.h"
#include "editor/scintillafind.h"
#include "ir/diagnostic.h"

#include <Qsci/qsciscintilla.h>

#include <vector>

class QTimer;
class QsciLexerPython;
class TirxCompletion;
class TirxLexer;
struct EditorColors;

// The source editor: a QScintilla view set up for TVMScript (four-space
// indentation, no tabs, line numbers, brace matching), highlighted by the
// TIRx lexer, with completion for T.* callables, the compiler's diagnostics
// shown as squiggles, margin markers and hover text, folding by indentation,
// find and replace, and colours that follow the light or dark palette.
class CodeEditor : public QsciScintilla, public FindTarget {
    Q_OBJECT

public:
    explicit CodeEditor(QWidget* parent = nullptr);

    // What the text is: TVMScript, highlighted by the TIRx lexer, or a
    // hand-written NKI kernel, plain Python (QScintilla's Python lexer in
    // the same colours).
    enum class Language { Tirx, Python };
    [[nodiscard]] Language language() const { return m_language; }
    void setLanguage(Language language);

    // Monospace font used for the text and the margin at zoom level 0.
    [[nodiscard]] QFont editorFont() const { return m_font; }

    // Width in pixels the line-number margin should have for the current
    // line count and zoom; the margin is kept at this width.
    [[nodiscard]] int lineNumberMarginWidth() const;

    // Spaces per indentation level, as TVMScript is written.
    static constexpr int kIndentWidth = 4;

    // Indicator numbers and margin markers the diagnostics use.
    static constexpr int kErrorIndicator = 8;
    static constexpr int kWarningIndicator = 9;
    static constexpr int kErrorMarker = 0;
    static constexpr int kWarningMarker = 1;
    static constexpr int kSourceMarker = 2;
    static constexpr int kMarkerMargin = 1;
    static constexpr int kFoldMargin = 2;
    static constexpr int kFindIndicator = scintillafind::kIndicator;

    using FindOptions = ::FindOptions;
    [[nodiscard]] QWidget* findArea() override { return this; }
    [[nodiscard]] QString findName() const override { return tr("Find in source"); }
    [[nodiscard]] QString findSeed() const override { return scintillafind::seed(*this); }
    bool findText(const QString& text, bool forward, FindOptions options) override;
    // Replaces the selection when it is a match, then selects the next one;
    // false when there was nothing to replace or find.
    bool replaceAndFind(const QString& text, const QString& replacement, FindOptions options);
    // Replaces every match as one undo step; returns how many.
    int replaceAll(const QString& text, const QString& replacement, FindOptions options);
    // Marks every match with kFindIndicator.
    int highlightMatches(const QString& text, FindOptions options) override;
    // Puts the caret at the start of 1-based `line` (clamped), unfolding and
    // scrolling it into view.
    void goToLine(int line);
    // Folds or unfolds the block `line` (0-based) opens; a folded block
    // shows "…" after its first line, as a margin click folds it too.
    void foldLine(int line) override;

    // Comments out the selected lines (or the caret's) with "# " at their
    // common indentation, or uncomments them when all are comments; one undo step.
    void toggleComment();

    // Replaces the whole text as one edit that Undo takes back (unlike
    // setText(), which forgets the history and the modified state).
    void replaceText(const QString& text);
    // Marks the text modified without changing it: QScintilla's
    // setModified() can only clear the flag.
    void markModified();

    // Whether the dark colours are in use. They follow the palette, and can
    // be set when the application's palette changes before its event loop
    // runs (Qt sends no change events then).
    [[nodiscard]] bool usesDarkColors() const { return m_dark; }
    void setDarkColors(bool dark);

    // Replaces the shown diagnostics. Spans are 1-based line and byte column;
    // a diagnostic without a span is not shown in the text.
    void setDiagnostics(const std::vector<tirx::Diagnostic>& diagnostics);
    // The messages of the diagnostics covering byte `position`, one a line.
    [[nodiscard]] QString diagnosticAt(int position) const;
    // The messages of the diagnostics marked on 1-based `line`, one a line.
    [[nodiscard]] QString diagnosticsOnLine(int line) const;
    // Position of 1-based `line` and 1-based byte `column`, clamped to the
    // line; -1 for a line that does not exist.
    [[nodiscard]] int positionFromLineColumn(int line, int column) const;
    // Byte range [start, end) a diagnostic underlines; start < 0 if none.
    [[nodiscard]] std::pair<int, int> diagnosticRange(const tirx::Diagnostic& diagnostic) const;

    [[nodiscard]] TirxCompletion* completion() const { return m_completion; }

    // Tints 1-based lines [first, last]: the source of the line chosen in
    // an IR view, visible while the focus stays there. 0 clears the tint.
    void markSourceLines(int first, int last);

protected:
    void changeEvent(QEvent* event) override;
    // Enter on a completion that only repeats what was typed is a line
    // break, not an acceptance that swallows the key.
    void keyPressEvent(QKeyEvent* event) override;

private:
    [[nodiscard]] TirxLexer* createLexer();
    void setUpFolding();
    // After a margin click folded `line`: refolds it with "…" shown, which
    // Scintilla 3 only does per fold (it has no default fold text).
    void showFoldText(int line);
    void applyColors(const EditorColors& colors);
    // The Python lexer's styles in the scheme's colours and the editor's font.
    void applyPythonColors(const EditorColors& colors);
    void updateLineNumberMargin();
    void updateScrollWidth();
    void setUpDiagnostics();
    // A hover over a squiggle shows its messages; over the margins, where
    // Scintilla reports no position, the line's (the marker's) messages.
    void showDiagnosticTip(int position, int x, int y);
    // After a line break: one more indent level when the line above opens a
    // block (ends in ':' before any comment).
    void indentAfterBlockStart(int ch);
    // Whether the open completion list's current item is exactly the word
    // typed since the list opened.
    [[nodiscard]] bool completionRepeatsTyped() const;
    // The bytes of [start, end), without the NUL QsciScintilla::bytes() adds.
    [[nodiscard]] QByteArray textBytes(int start, int end) const;

    struct Shown {
        int line = 0; // 1-based
        int start = 0;
        int end = 0;
        QString message;
    };

    QFont m_font;
    TirxLexer* m_lexer = nullptr;
    QsciLexerPython* m_python = nullptr; // made when a Python file is first shown
    Language m_language = Language::Tirx;
    QTimer* m_scrollWidthTimer = nullptr;
    TirxCompletion* m_completion = nullptr;
    bool m_dark = false;
    std::vector<Shown> m_shown;
};
