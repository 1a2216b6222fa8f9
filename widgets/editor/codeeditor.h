#pragma once

#include "ir/diagnostic.h"

#include <Qsci/qsciscintilla.h>

#include <vector>

class QsciLexer;
class TirxCompletion;

// The source editor: a QScintilla view set up for TVMScript (four-space
// indentation, no tabs, line numbers, brace matching), highlighted by the
// TIRx lexer, with completion for T.* callables and the compiler's
// diagnostics shown as squiggles, margin markers and hover text.
class CodeEditor : public QsciScintilla {
    Q_OBJECT

public:
    explicit CodeEditor(QWidget *parent = nullptr);

    // Monospace font used for the text and the margin at zoom level 0.
    [[nodiscard]] QFont editorFont() const { return m_font; }

    // Width in pixels the line-number margin should have for the current
    // line count and zoom; the margin is kept at this width.
    [[nodiscard]] int lineNumberMarginWidth() const;

    // Indicator numbers and margin markers the diagnostics use.
    static constexpr int kErrorIndicator = 8;
    static constexpr int kWarningIndicator = 9;
    static constexpr int kErrorMarker = 0;
    static constexpr int kWarningMarker = 1;
    static constexpr int kMarkerMargin = 1;

    // Replaces the shown diagnostics. Spans are 1-based line and byte column;
    // a diagnostic without a span is not shown in the text.
    void setDiagnostics(const std::vector<tirx::Diagnostic> &diagnostics);
    // The messages of the diagnostics covering byte `position`, one a line.
    [[nodiscard]] QString diagnosticAt(int position) const;
    // Position of 1-based `line` and 1-based byte `column`, clamped to the
    // line; -1 for a line that does not exist.
    [[nodiscard]] int positionFromLineColumn(int line, int column) const;
    // Byte range [start, end) a diagnostic underlines; start < 0 if none.
    [[nodiscard]] std::pair<int, int> diagnosticRange(const tirx::Diagnostic &diagnostic) const;

    [[nodiscard]] TirxCompletion *completion() const { return m_completion; }

private:
    [[nodiscard]] QsciLexer *createLexer();
    void updateLineNumberMargin();
    void setUpDiagnostics();
    void showDiagnosticTip(int position);

    struct Shown {
        int start = 0;
        int end = 0;
        QString message;
    };

    QFont m_font;
    TirxCompletion *m_completion = nullptr;
    std::vector<Shown> m_shown;
};
