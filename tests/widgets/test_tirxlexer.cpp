#include "editor/codeeditor.h"
#include "editor/indentfolding.h"
#include "editor/tirxcompletion.h"
#include "editor/tirxlexer.h"

#include <QtTest>

#include <string>

using namespace Qt::StringLiterals;

namespace {

const std::string kSnippet = "def f():  # note\n"
                             "    x = T.nki.activation(a, 'hi', \"float32\", scope=\"trn.sbuf\")\n"
                             "    y = T.nki.activaton(1.5, P, Bank)\n";

int styleAt(CodeEditor& editor, const std::string& needle, int offset = 0)
{
    const size_t at = kSnippet.find(needle);
    if (at == std::string::npos) return -1;
    return static_cast<int>(
        editor.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, static_cast<unsigned long>(at) + offset));
}

} // namespace

class TestTirxLexer : public QObject {
    Q_OBJECT

private slots:
    void stylesTokensFromTheCompilerLexer()
    {
        CodeEditor editor;
        QVERIFY(qobject_cast<TirxLexer*>(editor.lexer()));
        editor.setText(QString::fromStdString(kSnippet));
        editor.SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0, -1);

        QCOMPARE(styleAt(editor, "def"), int(TirxLexer::Keyword));
        QCOMPARE(styleAt(editor, "# note", 3), int(TirxLexer::Comment));
        QCOMPARE(styleAt(editor, "x ="), int(TirxLexer::Default));
        QCOMPARE(styleAt(editor, "T.nki.activation"), int(TirxLexer::Callable));
        QCOMPARE(styleAt(editor, "T.nki.activation", 5), int(TirxLexer::Callable)); // the second dot
        QCOMPARE(styleAt(editor, "T.nki.activation", 10), int(TirxLexer::Callable));
        QCOMPARE(styleAt(editor, "(a"), int(TirxLexer::Operator));
        QCOMPARE(styleAt(editor, "'hi'", 1), int(TirxLexer::String));
        QCOMPARE(styleAt(editor, "\"float32\"", 2), int(TirxLexer::DType));
        QCOMPARE(styleAt(editor, "\"trn.sbuf\"", 2), int(TirxLexer::Scope));
        QCOMPARE(styleAt(editor, "1.5"), int(TirxLexer::Number));
        QCOMPARE(styleAt(editor, "P,"), int(TirxLexer::Axis));
        QCOMPARE(styleAt(editor, "Bank"), int(TirxLexer::Axis));
        // A misspelt callable is not highlighted as one.
        QVERIFY(styleAt(editor, "activaton") != int(TirxLexer::Callable));
    }

    void stylesByteOffsetsPastNonAscii()
    {
        CodeEditor editor;
        const std::string text = "# äöü\nx = 12\n";
        editor.setText(QString::fromStdString(text));
        editor.SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0, -1);
        const auto at = static_cast<unsigned long>(text.find("12"));
        QCOMPARE(int(editor.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, at)), int(TirxLexer::Number));
    }

    void completesFromTheCallableTable()
    {
        const QStringList nki = TirxCompletion::completionsFor(u"T.nki."_s);
        QVERIFY(nki.contains(u"activation"_s));
        const QStringList top = TirxCompletion::completionsFor(u"T."_s);
        QVERIFY(top.contains(u"nki"_s));
        QVERIFY(top.contains(u"trn"_s));
        QVERIFY(!TirxCompletion::completionsFor(u"T.trn.tile."_s).isEmpty());
        QVERIFY(TirxCompletion::callTipFor(u"T.nki.activation"_s).startsWith(u"T.nki.activation("_s));
        QVERIFY(TirxCompletion::callTipFor(u"T.nki.nope"_s).isEmpty());

        CodeEditor editor;
        editor.setText(u"x = T.nki."_s);
        editor.setCursorPosition(0, 10);
        QVERIFY(editor.completion()->complete());
        QVERIFY(editor.isListActive());
    }

    void showsDiagnosticsAtByteColumns()
    {
        CodeEditor editor;
        editor.setText(u"# é\nx = foo(1)\n"_s);
        tirx::Diagnostic d{tirx::Diagnostic::Severity::Error, "unknown name 'foo'", tirx::Span{2, 5, 2, 8}};
        editor.setDiagnostics({d});
        const int start = editor.positionFromLineColumn(2, 5);
        QCOMPARE(QString::fromUtf8(editor.bytes(start, start + 3).left(3)), u"foo"_s); // bytes() adds a NUL
        QCOMPARE(editor.diagnosticRange(d), std::make_pair(start, start + 3));
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT, CodeEditor::kErrorIndicator,
                                     static_cast<long>(start + 1)) != 0);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT, CodeEditor::kErrorIndicator,
                                     static_cast<long>(start - 2)) == 0);
        QCOMPARE(editor.markersAtLine(1), 1u << CodeEditor::kErrorMarker);
        QVERIFY(editor.diagnosticAt(start).contains(u"unknown name 'foo'"_s));
        editor.setDiagnostics({});
        QCOMPARE(editor.markersAtLine(1), 0u);
        QVERIFY(editor.diagnosticAt(start).isEmpty());
    }

    void foldLevelsFollowIndentation_data()
    {
        using namespace indentfolding;
        QTest::addColumn<std::vector<int>>("indents");
        QTest::addColumn<std::vector<int>>("expected");
        const int H = kHeaderFlag;
        const int W = kBlankFlag;
        QTest::newRow("empty") << std::vector<int>{} << std::vector<int>{};
        QTest::newRow("flat") << std::vector<int>{0, 0} << std::vector<int>{kBase, kBase};
        QTest::newRow("block") << std::vector<int>{0, 4, 4, 0}
                               << std::vector<int>{kBase | H, kBase + 4, kBase + 4, kBase};
        // A blank line takes the next line's level: inside a block when the
        // block goes on, outside when the next line is dedented.
        QTest::newRow("blank inside") << std::vector<int>{0, 4, -1, 4}
                                      << std::vector<int>{kBase | H, kBase + 4, (kBase + 4) | W, kBase + 4};
        QTest::newRow("blank between") << std::vector<int>{0, 4, -1, 0}
                                       << std::vector<int>{kBase | H, kBase + 4, kBase | W, kBase};
        // A header followed by blank lines still opens its block.
        QTest::newRow("blank after header")
            << std::vector<int>{0, -1, 8} << std::vector<int>{kBase | H, (kBase + 8) | W, kBase + 8};
        QTest::newRow("nested") << std::vector<int>{0, 4, 8, 4, 0}
                                << std::vector<int>{kBase | H, (kBase + 4) | H, kBase + 8, kBase + 4, kBase};
        QTest::newRow("trailing blank") << std::vector<int>{0, 4, -1}
                                        << std::vector<int>{kBase | H, kBase + 4, (kBase + 4) | W};
    }

    void foldLevelsFollowIndentation()
    {
        QFETCH(std::vector<int>, indents);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(indentfolding::levels(indents), expected);
    }
};

QTEST_MAIN(TestTirxLexer)
#include "test_tirxlexer.moc"
