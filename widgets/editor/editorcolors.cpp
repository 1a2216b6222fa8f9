#include "editor/editorcolors.h"

#include <Qsci/qsciscintilla.h>

namespace {

EditorColors makeLight()
{
    EditorColors c;
    c.styles[TirxLexer::Default] = QColor(0x20, 0x20, 0x20);
    c.styles[TirxLexer::Keyword] = QColor(0x00, 0x00, 0xa0);
    c.styles[TirxLexer::Callable] = QColor(0x00, 0x5c, 0x8a);
    c.styles[TirxLexer::DType] = QColor(0x8a, 0x3f, 0x00);
    c.styles[TirxLexer::Scope] = QColor(0x6a, 0x1b, 0x9a);
    c.styles[TirxLexer::Number] = QColor(0x00, 0x7a, 0x6e);
    c.styles[TirxLexer::String] = QColor(0x2e, 0x7d, 0x32);
    c.styles[TirxLexer::Comment] = QColor(0x75, 0x75, 0x75);
    c.styles[TirxLexer::Operator] = QColor(0x40, 0x40, 0x40);
    c.styles[TirxLexer::Axis] = QColor(0xad, 0x14, 0x57);
    c.styles[TirxLexer::Error] = QColor(0xc6, 0x28, 0x28);
    c.paper = QColor(0xff, 0xff, 0xff);
    c.caretLine = QColor(0xe8, 0xf0, 0xfb);
    c.caret = QColor(0x00, 0x00, 0x00);
    c.selection = QColor(0xb3, 0xd4, 0xfc);
    c.marginText = QColor(0x80, 0x80, 0x80);
    c.marginPaper = QColor(0xf7, 0xf7, 0xf7);
    c.foldMargin = QColor(0xf7, 0xf7, 0xf7);
    c.foldMarker = QColor(0x90, 0x90, 0x90);
    c.braceMatch = QColor(0xc8, 0xe6, 0xc9);
    c.braceMismatch = QColor(0xc6, 0x28, 0x28);
    c.error = QColor(0xd3, 0x2f, 0x2f);
    c.warning = QColor(0xef, 0x8f, 0x00);
    c.findMatch = QColor(0xff, 0xd5, 0x4f);
    c.errorText = QColor(0xc6, 0x28, 0x28);
    c.warningText = QColor(0xb2, 0x6a, 0x00);
    return c;
}

EditorColors makeDark()
{
    EditorColors c;
    c.styles[TirxLexer::Default] = QColor(0xd8, 0xd8, 0xd8);
    c.styles[TirxLexer::Keyword] = QColor(0x82, 0xaa, 0xff);
    c.styles[TirxLexer::Callable] = QColor(0x5f, 0xc8, 0xf0);
    c.styles[TirxLexer::DType] = QColor(0xf0, 0xa8, 0x6a);
    c.styles[TirxLexer::Scope] = QColor(0xc7, 0x92, 0xea);
    c.styles[TirxLexer::Number] = QColor(0x4e, 0xd0, 0xb8);
    c.styles[TirxLexer::String] = QColor(0x9c, 0xd6, 0x7a);
    c.styles[TirxLexer::Comment] = QColor(0x8c, 0x94, 0x9e);
    c.styles[TirxLexer::Operator] = QColor(0xb8, 0xb8, 0xb8);
    c.styles[TirxLexer::Axis] = QColor(0xf4, 0x8f, 0xb1);
    c.styles[TirxLexer::Error] = QColor(0xff, 0x6b, 0x6b);
    c.paper = QColor(0x1e, 0x1f, 0x22);
    c.caretLine = QColor(0x2a, 0x2d, 0x34);
    c.caret = QColor(0xf0, 0xf0, 0xf0);
    c.selection = QColor(0x26, 0x4f, 0x78);
    c.marginText = QColor(0x85, 0x8b, 0x94);
    c.marginPaper = QColor(0x26, 0x27, 0x2b);
    c.foldMargin = QColor(0x26, 0x27, 0x2b);
    c.foldMarker = QColor(0x85, 0x8b, 0x94);
    c.braceMatch = QColor(0x2e, 0x5e, 0x3a);
    c.braceMismatch = QColor(0xff, 0x6b, 0x6b);
    c.error = QColor(0xff, 0x5c, 0x5c);
    c.warning = QColor(0xff, 0xb3, 0x40);
    c.findMatch = QColor(0x8a, 0x6d, 0x10);
    c.errorText = QColor(0xff, 0x7b, 0x72);
    c.warningText = QColor(0xf0, 0xb4, 0x50);
    return c;
}

} // namespace

const EditorColors& EditorColors::light()
{
    static const EditorColors colors = makeLight();
    return colors;
}

const EditorColors& EditorColors::dark()
{
    static const EditorColors colors = makeDark();
    return colors;
}

QColor mixColors(const QColor& a, const QColor& b, double amount)
{
    const auto channel = [amount](int x, int y) { return static_cast<int>(x + (y - x) * amount + 0.5); };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()), channel(a.blue(), b.blue()));
}

bool EditorColors::isDark(const QPalette& palette) { return palette.color(QPalette::Window).lightness() < 128; }

const EditorColors& EditorColors::forPalette(const QPalette& palette) { return isDark(palette) ? dark() : light(); }

void EditorColors::applyTo(QsciScintilla& view, TirxLexer& lexer) const
{
    lexer.setColors(*this);
    view.setPaper(paper);
    view.setColor(styles[TirxLexer::Default]);
    view.setCaretForegroundColor(caret);
    view.setCaretLineBackgroundColor(caretLine);
    view.setSelectionBackgroundColor(selection);
    view.setSelectionForegroundColor(styles[TirxLexer::Default]);
    view.setMarginsForegroundColor(marginText);
    view.setMarginsBackgroundColor(marginPaper);
}
