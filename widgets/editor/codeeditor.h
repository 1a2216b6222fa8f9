#pragma once

#include <Qsci/qsciscintilla.h>

class QsciLexer;

// The source editor: a QScintilla view set up for TVMScript (four-space
// indentation, no tabs, line numbers, brace matching). The lexer is chosen
// in one place, createLexer(), so a TIRx lexer can replace the Python one
// without touching the rest.
class CodeEditor : public QsciScintilla {
    Q_OBJECT

public:
    explicit CodeEditor(QWidget *parent = nullptr);

    // Monospace font used for the text and the margin at zoom level 0.
    [[nodiscard]] QFont editorFont() const { return m_font; }

    // Width in pixels the line-number margin should have for the current
    // line count and zoom; the margin is kept at this width.
    [[nodiscard]] int lineNumberMarginWidth() const;

private:
    [[nodiscard]] QsciLexer *createLexer();
    void updateLineNumberMargin();

    QFont m_font;
};
