#pragma once

#include <Qsci/qscilexercustom.h>

struct EditorColors;

// Highlights TIRx TVMScript from the compiler's own tokenizer, so the editor
// and the parser never disagree about where a string or comment ends. Dotted
// names are looked up in the callable table: `T.nki.activation` is a
// callable, `T.nki.activaton` is not. Token offsets are UTF-8 bytes, which is
// what Scintilla styles.
class TirxLexer : public QsciLexerCustom {
    Q_OBJECT

public:
    enum Style {
        Default = 0,
        Keyword,
        Callable,
        DType,
        Scope,
        Number,
        String,
        Comment,
        Operator,
        Axis,
        Error,
        StyleCount
    };

    explicit TirxLexer(QObject* parent = nullptr);

    [[nodiscard]] const char* language() const override;
    [[nodiscard]] QString description(int style) const override;
    [[nodiscard]] QColor defaultColor(int style) const override;
    [[nodiscard]] QColor defaultPaper(int style) const override;
    [[nodiscard]] QFont defaultFont(int style) const override;
    [[nodiscard]] const char* wordCharacters() const override;
    void styleText(int start, int end) override;

    // Recolours every style (the editor follows the light or dark palette).
    void setColors(const EditorColors& colors);
    // Every style in `font` (so comments are not proportional), bold and
    // italic where the style's default is.
    void setFontKeepingEmphasis(const QFont& font);

private:
    // Fold levels from indentation, for the whole text: a changed indent
    // can turn the line above into a fold header.
    void updateFoldLevels();

    const EditorColors* m_colors;
};
