#include "editor/codeeditor.h"
#include "editor/editorcolors.h"
#include "editor/findbar.h"
#include "editor/indentfolding.h"
#include "editor/tirxcompletion.h"

#include <Qsci/qscilexer.h>
#include <Qsci/qscilexerpython.h>

#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QToolButton>
#include <QVBoxLayout>

#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const QString kKernel = u"@T.prim_func\n"
                        u"def main(A: T.Buffer((128, 512), \"float32\")):\n"
                        u"    for i in range(4):\n"
                        u"        A[0, i] = 1.0\n"
                        u"\n"
                        u"        A[1, i] = 2.0\n"
                        u"    A[2, 0] = 3.0\n"
                        u"x = 1\n"_s;

int foldLevel(const CodeEditor& editor, int line)
{
    return static_cast<int>(editor.SendScintilla(QsciScintillaBase::SCI_GETFOLDLEVEL, line));
}

// Styling (and so folding) happens when the text is painted or asked for.
void styleAll(CodeEditor& editor) { editor.SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0, -1); }

QString selection(const CodeEditor& editor) { return editor.selectedText(); }

} // namespace

class TestCodeEditor : public QObject {
    Q_OBJECT

private slots:
    void indentsWithFourSpaces()
    {
        CodeEditor editor;
        QCOMPARE(editor.indentationWidth(), 4);
        QCOMPARE(editor.tabWidth(), 4);
        QVERIFY(!editor.indentationsUseTabs());
        QVERIFY(editor.autoIndent());
    }

    void usesMonospaceFontAndLexer()
    {
        CodeEditor editor;
        QVERIFY(editor.lexer() != nullptr);
        QVERIFY(editor.isUtf8());
        QCOMPARE(editor.editorFont().pointSize(), 10);
        QVERIFY(editor.editorFont().fixedPitch());
        // Every style uses the editor font, comments included.
        QCOMPARE(editor.lexer()->font(1).family(), editor.editorFont().family());
    }

    void highlightsCurrentLineAndBraces()
    {
        CodeEditor editor;
        QCOMPARE(editor.braceMatching(), QsciScintilla::SloppyBraceMatch);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_GETCARETLINEVISIBLE) != 0);
    }

    void lineNumberMarginGrowsWithLineCount()
    {
        CodeEditor editor;
        editor.setText(u"x = 1\n"_s.repeated(9));
        const int small = editor.marginWidth(0);
        QVERIFY(small > 0);
        QCOMPARE(small, editor.lineNumberMarginWidth());

        editor.setText(u"x = 1\n"_s.repeated(12000));
        QVERIFY2(editor.marginWidth(0) > small, "five digits need a wider margin than two");
        QCOMPARE(editor.marginWidth(0), editor.lineNumberMarginWidth());
    }

    void lineNumberMarginFollowsZoom()
    {
        CodeEditor editor;
        editor.setText(u"x = 1\n"_s.repeated(200));
        const int before = editor.marginWidth(0);
        editor.zoomIn(4);
        QVERIFY(editor.marginWidth(0) > before);
        editor.zoomTo(0);
        QCOMPARE(editor.marginWidth(0), before);
    }

    void foldsByIndentation()
    {
        CodeEditor editor;
        editor.setText(kKernel);
        styleAll(editor);
        QCOMPARE(editor.folding(), QsciScintilla::BoxedTreeFoldStyle);
        QVERIFY(editor.marginWidth(CodeEditor::kFoldMargin) > 0);
        const int header = QsciScintillaBase::SC_FOLDLEVELHEADERFLAG;
        QVERIFY(foldLevel(editor, 1) & header); // def
        QVERIFY(foldLevel(editor, 2) & header); // for
        QVERIFY(!(foldLevel(editor, 3) & header));
        QVERIFY(!(foldLevel(editor, 7) & header));

        // Folding the loop hides its body, the blank line inside included,
        // but not the dedented statement after it.
        editor.foldLine(2);
        for (int line : {3, 4, 5})
            QVERIFY2(!editor.SendScintilla(QsciScintillaBase::SCI_GETLINEVISIBLE, line),
                     qPrintable(QString::number(line)));
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_GETLINEVISIBLE, 6));

        // The folded line says so with "…" after its text; unfolded, the
        // paper there is blank.
        editor.resize(600, 300);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        const auto inkAfterLine = [&editor](int foldedLine) {
            const int end = int(editor.SendScintilla(QsciScintillaBase::SCI_GETLINEENDPOSITION, foldedLine));
            const int x = int(editor.SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0, end));
            const int y = int(editor.SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0, end));
            const int height = int(editor.SendScintilla(QsciScintillaBase::SCI_TEXTHEIGHT, foldedLine));
            const QImage image = editor.viewport()->grab().toImage();
            const QColor paper = image.pixelColor(image.width() - 2, y + height / 2);
            int ink = 0;
            for (int px = x + 2; px < std::min(x + 60, image.width()); ++px)
                for (int py = y; py < y + height; ++py) ink += image.pixelColor(px, py) != paper;
            return ink;
        };
        QVERIFY(inkAfterLine(2) > 10);
        editor.foldLine(2);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_GETLINEVISIBLE, 3));
        QCOMPARE(inkAfterLine(2), 0);
        editor.foldLine(2);

        // Going to a hidden line unfolds it.
        editor.goToLine(5);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_GETLINEVISIBLE, 4));
        int line = 0;
        int index = 0;
        editor.getCursorPosition(&line, &index);
        QCOMPARE(line, 4);
        QCOMPARE(index, 0);
    }

    void enterAfterAnExactCompletionBreaksTheLine()
    {
        CodeEditor editor;
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setFocus();
        QTest::keyClicks(&editor, u"@T."_s);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_AUTOCACTIVE) != 0);
        QTest::keyClicks(&editor, u"function"_s);
        QTest::keyClick(&editor, Qt::Key_Return);
        QTest::keyClicks(&editor, u"def main():"_s);
        QCOMPARE(editor.text(), u"@T.function\ndef main():"_s);
    }

    void enterOnAPartialCompletionAcceptsIt()
    {
        CodeEditor editor;
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setFocus();
        QTest::keyClicks(&editor, u"T.trn.ti"_s);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_AUTOCACTIVE) != 0);
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.text(), u"T.trn.tile"_s);
    }

    void indentsAfterABlockStartAndUnindentsOnBackspace()
    {
        CodeEditor editor;
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setFocus();
        QTest::keyClicks(&editor, u"def main():"_s);
        QTest::keyClick(&editor, Qt::Key_Return);
        QTest::keyClicks(&editor, u"for i in range(4):  # rows"_s);
        QTest::keyClick(&editor, Qt::Key_Return);
        QTest::keyClicks(&editor, u"x = i"_s);
        QTest::keyClick(&editor, Qt::Key_Return);
        // Not after a line that does not open a block; a ':' in a string does not count.
        QTest::keyClicks(&editor, u"y = \"a:\""_s);
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.text(),
                 u"def main():\n    for i in range(4):  # rows\n        x = i\n        y = \"a:\"\n        "_s);
        QTest::keyClick(&editor, Qt::Key_Backspace);
        QTest::keyClicks(&editor, u"z"_s);
        QCOMPARE(editor.text(4), u"    z"_s); // one level back, not one space
    }

    void togglesCommentsAtTheBlocksIndentation()
    {
        CodeEditor editor;
        editor.setText(u"def main():\n    x = 1\n\n        y = 2\nz = 3\n"_s);
        editor.setSelection(1, 2, 4, 0); // lines 2-4; the selection ends at the start of line 5
        editor.toggleComment();
        QCOMPARE(editor.text(), u"def main():\n    # x = 1\n\n    #     y = 2\nz = 3\n"_s);
        editor.toggleComment();
        QCOMPARE(editor.text(), u"def main():\n    x = 1\n\n        y = 2\nz = 3\n"_s);
        editor.undo();
        QCOMPARE(editor.text(), u"def main():\n    # x = 1\n\n    #     y = 2\nz = 3\n"_s); // one step each
        editor.setCursorPosition(4, 0);
        editor.toggleComment();
        QCOMPARE(editor.text(4), u"# z = 3\n"_s);
    }

    void hoveringAMarkerShowsItsMessage()
    {
        CodeEditor editor;
        editor.resize(600, 300);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setText(kKernel);
        editor.setDiagnostics(
            {tirx::Diagnostic{tirx::Diagnostic::Severity::Error, "bad store", tirx::Span{4, 9, 4, 10}}});
        QCOMPARE(editor.diagnosticsOnLine(4), u"error: bad store"_s);
        QVERIFY(editor.diagnosticsOnLine(3).isEmpty());
        const long lineStart = editor.SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, 3);
        const int y =
            static_cast<int>(editor.SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0, lineStart)) + 3;
        // Over the marker margin Scintilla gives no position, only the point.
        emit editor.SCN_DWELLSTART(-1, editor.marginWidth(0) + 4, y);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE) != 0);
        emit editor.SCN_DWELLEND(-1, 0, 0);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE) == 0);
        // Over the text right of the margins, nothing.
        emit editor.SCN_DWELLSTART(-1, 500, y);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE) == 0);
    }

    void aCallTipGoesWithItsParenthesis()
    {
        CodeEditor editor;
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setFocus();
        editor.setText(u"T.nki.activation"_s);
        editor.SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
        QTest::keyClicks(&editor, u"("_s);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE) != 0);
        QTest::keyClicks(&editor, u"C"_s);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE) != 0);
        QTest::keyClick(&editor, Qt::Key_Backspace);
        QTest::keyClick(&editor, Qt::Key_Backspace);
        QCOMPARE(editor.text(), u"T.nki.activation"_s);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE) == 0);
        QCOMPARE(editor.SendScintilla(QsciScintillaBase::SCI_AUTOCGETMAXHEIGHT), long(TirxCompletion::kVisibleRows));
    }

    void theCompletionListShowsTheCurrentSignature()
    {
        CodeEditor editor;
        editor.resize(600, 300);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setFocus();
        QTest::keyClicks(&editor, u"x = T.nki."_s);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_AUTOCACTIVE) != 0);
        QTest::keyClicks(&editor, u"activ"_s);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_AUTOCACTIVE) != 0);
        const QString signature = editor.completion()->listSignature();
        QVERIFY2(signature.startsWith(u"T.nki.activation("_s), qPrintable(signature));
        QCOMPARE(signature, TirxCompletion::callTipFor(u"T.nki.activation"_s));
        // The tip sits above the caret's line and on the screen.
        auto* tip = editor.findChild<QLabel*>(u"CompletionSignature"_s);
        QVERIFY(tip && tip->isVisible());
        const int caret = static_cast<int>(editor.SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS));
        const int lineTop = static_cast<int>(
            editor.SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0UL, static_cast<long>(caret)));
        const int screenTop = editor.viewport()->mapToGlobal(QPoint(0, lineTop)).y();
        const QRect screen = editor.screen()->availableGeometry();
        QVERIFY2(tip->y() + tip->height() <= std::max(screenTop, screen.top() + tip->height()),
                 qPrintable(u"tip %1,%2 %3x%4, line top %5, screen %6,%7 %8x%9"_s.arg(tip->x())
                                .arg(tip->y())
                                .arg(tip->width())
                                .arg(tip->height())
                                .arg(screenTop)
                                .arg(screen.x())
                                .arg(screen.y())
                                .arg(screen.width())
                                .arg(screen.height())));
        QVERIFY(screen.contains(QRect(tip->pos(), tip->size())));
        QTest::keyClick(&editor, Qt::Key_Escape);
        QCOMPARE(editor.SendScintilla(QsciScintillaBase::SCI_AUTOCACTIVE), 0L);
        QVERIFY(!tip->isVisible());
        QVERIFY(editor.completion()->listSignature().isEmpty());
    }

    void longTipsAreWrappedToStayOnScreen()
    {
        const QString wrapped = TirxCompletion::wrapTip(
            u"T.f(alpha, beta, gamma, delta, epsilon, zeta, eta, theta, iota, kappa, lambda, mu, nu, xi)\n"_s
            u"A description that is long enough to need a second line when the tip is eighty wide."_s);
        for (const QString& line : wrapped.split(u'\n'))
            QVERIFY2(line.size() <= TirxCompletion::kTipColumns, qPrintable(line));
        QCOMPARE(QString(wrapped).remove(u'\n').remove(u' '),
                 u"T.f(alpha,beta,gamma,delta,epsilon,zeta,eta,theta,iota,kappa,lambda,mu,nu,xi)"
                 u"Adescriptionthatislongenoughtoneedasecondlinewhenthetipiseightywide."_s);
        QVERIFY(wrapped.split(u'\n').size() >= 3);
        QVERIFY(wrapped.split(u'\n').at(1).startsWith(u"    "_s)); // a continuation is indented
        // Every callable's tip fits.
        for (const QString& ns : {u"T."_s, u"T.nki."_s, u"T.trn.tile."_s}) {
            for (const QString& name : TirxCompletion::completionsFor(ns)) {
                for (const QString& line : TirxCompletion::callTipFor(ns + name).split(u'\n'))
                    QVERIFY2(line.size() <= TirxCompletion::kTipColumns, qPrintable(line));
            }
        }
    }

    void goToLineClamps()
    {
        CodeEditor editor;
        editor.setText(kKernel);
        int line = -1;
        int index = -1;
        editor.goToLine(1000);
        editor.getCursorPosition(&line, &index);
        QCOMPARE(line, editor.lines() - 1);
        editor.goToLine(-3);
        editor.getCursorPosition(&line, &index);
        QCOMPARE(line, 0);
    }

    void findsForwardBackwardAndWraps()
    {
        CodeEditor editor;
        editor.setText(kKernel);
        editor.setCursorPosition(0, 0);
        QVERIFY(editor.findText(u"a[1"_s, true, {}));
        QCOMPARE(selection(editor), u"A[1"_s);
        QVERIFY(!editor.findText(u"a[1"_s, true, {.caseSensitive = true, .wholeWord = false}));

        // A[0 then A[1 then A[2, then around to A[0.
        editor.setCursorPosition(0, 0);
        QStringList found;
        for (int i = 0; i < 4; ++i) {
            QVERIFY(editor.findText(u"A["_s, true, {}));
            int line = 0;
            int index = 0;
            editor.getCursorPosition(&line, &index);
            found << QString::number(line);
        }
        QCOMPARE(found, (QStringList{u"3"_s, u"5"_s, u"6"_s, u"3"_s}));
        QVERIFY(editor.findText(u"A["_s, false, {}));
        int line = 0;
        int index = 0;
        editor.getSelection(&line, &index, &line, &index);
        QCOMPARE(line, 6); // backwards from the first match wraps to the last
        QVERIFY(!editor.findText(u"nowhere"_s, true, {}));
        QVERIFY(editor.findText(u"i"_s, true, {.caseSensitive = false, .wholeWord = true}));
        QCOMPARE(selection(editor), u"i"_s);
    }

    void replacesOneAndAll()
    {
        CodeEditor editor;
        editor.setText(kKernel);
        editor.setCursorPosition(0, 0);
        QCOMPARE(editor.highlightMatches(u"A["_s, {}), 3);
        QVERIFY(editor.findText(u"A["_s, true, {}));
        QVERIFY(editor.replaceAndFind(u"A["_s, u"B["_s, {}));
        QVERIFY(editor.text().contains(u"B[0, i]"_s));
        QCOMPARE(selection(editor), u"A["_s); // the next match is selected
        QCOMPARE(editor.replaceAll(u"A["_s, u"Buf["_s, {}), 2);
        QCOMPARE(editor.text().count(u"Buf["_s), 2);
        // Replace All is one undo step.
        editor.undo();
        QCOMPARE(editor.text().count(u"A["_s), 2);
    }

    void findBarFindsTheWordAtTheCaret()
    {
        CodeEditor editor;
        FindBar bar(&editor);
        editor.setText(kKernel);
        editor.setCursorPosition(2, 9); // on "i" of "for i in"
        bar.showFind();
        QVERIFY(bar.isVisibleTo(nullptr) || !bar.isHidden());
        QCOMPARE(bar.findField()->text(), u"i"_s);
        bar.findField()->setText(u"A["_s);
        QCOMPARE(bar.status()->text(), u"3 matches"_s);
        bar.findField()->setText(u"a["_s);
        QCOMPARE(bar.status()->text(), u"3 matches"_s);
        bar.caseSensitiveButton()->click();
        QCOMPARE(bar.status()->text(), u"no matches"_s);
        bar.caseSensitiveButton()->click();
        bar.findField()->setText(u"A["_s);
        bar.findNext();
        QCOMPARE(selection(editor), u"A["_s);
        bar.replaceField()->setText(u"C["_s);
        bar.replaceAll();
        QCOMPARE(bar.status()->text(), u"3 replaced"_s);
        QCOMPARE(editor.text().count(u"C["_s), 3);
        bar.close();
        QVERIFY(bar.isHidden());
    }

    void escapeInTheEditorClosesTheFindBar()
    {
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        auto* editor = new CodeEditor(&window);
        auto* bar = new FindBar(editor, &window);
        layout->addWidget(editor);
        layout->addWidget(bar);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        editor->setText(kKernel);
        bar->showFind();
        QVERIFY(bar->isVisible());
        editor->setFocus();
        QTest::keyClicks(editor, u"T."_s); // a completion list takes the first Escape
        QVERIFY(editor->SendScintilla(QsciScintillaBase::SCI_AUTOCACTIVE) != 0);
        QTest::keyClick(editor, Qt::Key_Escape);
        QVERIFY(bar->isVisible());
        QTest::keyClick(editor, Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
    }

    void followsADarkPalette()
    {
        CodeEditor editor;
        QVERIFY(!editor.usesDarkColors());
        const QColor lightPaper = editor.lexer()->paper(0);
        QPalette dark = editor.palette();
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        editor.setPalette(dark);
        QVERIFY(editor.usesDarkColors());
        QCOMPARE(editor.lexer()->paper(0), EditorColors::dark().paper);
        QCOMPARE(editor.lexer()->color(1), EditorColors::dark().styles[1]);
        QVERIFY(editor.lexer()->paper(0) != lightPaper);
        // Every dark style stays readable on the dark paper.
        for (const QColor& color : EditorColors::dark().styles)
            QVERIFY2(color.lightness() - EditorColors::dark().paper.lightness() > 90, qPrintable(color.name()));
    }

    void highlightsAnNkiKernelAsPythonInTheThemesColours()
    {
        CodeEditor editor;
        editor.setLanguage(CodeEditor::Language::Python);
        auto* python = qobject_cast<QsciLexerPython*>(editor.lexer());
        QVERIFY(python);
        QCOMPARE(python->color(QsciLexerPython::Keyword), EditorColors::light().styles[TirxLexer::Keyword]);
        QCOMPARE(python->color(QsciLexerPython::Comment), EditorColors::light().styles[TirxLexer::Comment]);
        QCOMPARE(python->paper(QsciLexerPython::Default), EditorColors::light().paper);
        QCOMPARE(python->font(QsciLexerPython::Comment).family(), editor.editorFont().family());
        // `def` is styled as a keyword once the text is coloured.
        editor.setText(u"def kernel(a):\n    return a  # done\n"_s);
        styleAll(editor);
        QCOMPARE(static_cast<int>(editor.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, 0)),
                 static_cast<int>(QsciLexerPython::Keyword));
        // The theme follows a dark palette, as for TVMScript.
        QPalette dark = editor.palette();
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        editor.setPalette(dark);
        QCOMPARE(python->paper(QsciLexerPython::Default), EditorColors::dark().paper);
        QCOMPARE(python->color(QsciLexerPython::Keyword), EditorColors::dark().styles[TirxLexer::Keyword]);
        // And back to the TIRx lexer for a module.
        editor.setLanguage(CodeEditor::Language::Tirx);
        QVERIFY(!qobject_cast<QsciLexerPython*>(editor.lexer()));
    }
};

QTEST_MAIN(TestCodeEditor)
#include "test_codeeditor.moc"
