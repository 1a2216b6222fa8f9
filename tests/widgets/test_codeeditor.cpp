#include "editor/codeeditor.h"

#include <Qsci/qscilexer.h>

#include <QtTest>

using namespace Qt::StringLiterals;

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
};

QTEST_MAIN(TestCodeEditor)
#include "test_codeeditor.moc"
