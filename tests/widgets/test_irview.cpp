#include "lowered_fixture.h"
#include "numbered_text.h"

#include "editor/editorcolors.h"
#include "editor/tirxlexer.h"
#include "irview/codepane.h"
#include "irview/irview.h"
#include "irview/tracesourcemap.h"

#include <Qsci/qsciscintilla.h>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// The 1-based line of `text` that reads `line` once trimmed; 0 if none.
int lineReading(const QString& text, const QString& line)
{
    const QStringList lines = text.split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].trimmed() == line) return i + 1;
    }
    return 0;
}

} // namespace

class TestIrView : public QObject {
    Q_OBJECT

private slots:
    void showsThePassOutputReadOnly()
    {
        const auto trace = loweredTrace();
        QVERIFY(trace && trace->entries.size() == 2);
        IrView view;
        view.setEntry(*trace->entries[1]);
        QVERIFY(view.title().contains(u"StmtSimplify"_s));
        QCOMPARE(view.editor()->text(), QString::fromStdString(trace->entries[1]->text));
        QVERIFY(view.editor()->isReadOnly());
        view.clear();
        QVERIFY(view.editor()->text().isEmpty());
    }

    void theSameTextAgainKeepsTheScrollPosition()
    {
        tirx::TraceEntry entry;
        entry.passName = "Long";
        entry.text = numberedText(80);
        IrView view;
        view.resize(400, 150);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QsciScintilla* editor = view.editor();
        view.setEntry(entry);
        editor->setFirstVisibleLine(40);
        QCOMPARE(editor->firstVisibleLine(), 40);
        QSignalSpy changes(editor, &QsciScintilla::textChanged);

        // An edit that leaves the pass's output as it was.
        view.setEntry(entry);
        QCOMPARE(changes.size(), 0);
        QCOMPARE(editor->firstVisibleLine(), 40);
        // The title follows the entry even when the text does not change.
        entry.passName = "Other";
        view.setEntry(entry);
        QCOMPARE(view.title(), u"After Other"_s);
        QCOMPARE(changes.size(), 0);

        entry.text = numberedText(80, {{3, "changed"}});
        view.setEntry(entry);
        QVERIFY(changes.size() > 0);
        QCOMPARE(editor->text(), QString::fromStdString(entry.text));
        // After clear() the same text is set again.
        view.clear();
        view.setEntry(entry);
        QCOMPARE(editor->text(), QString::fromStdString(entry.text));
    }

    void lineNumbersKeepClearOfTheCode()
    {
        const auto trace = loweredTrace();
        QVERIFY(trace && trace->entries.size() == 2);
        IrView view;
        view.setEntry(*trace->entries[1]);
        QsciScintilla* editor = view.editor();
        const QString largest = QString::number(editor->lines());
        // The margin holds the largest number with room to spare, and the text starts after a gap.
        QVERIFY(editor->marginWidth(0) >=
                QFontMetrics(codepane::codeFont())
                        .horizontalAdvance(QString(std::max<qsizetype>(2, largest.size()), u'9')) +
                    8);
        QVERIFY(editor->SendScintilla(QsciScintillaBase::SCI_GETMARGINLEFT) >= 4);
    }

    void irLinesAndSourceLinesMapBothWays()
    {
        const auto trace = loweredTrace();
        QVERIFY(trace && trace->entries.size() == 2);
        IrView view;
        view.resize(600, 400);
        view.show(); // the editor reports cursor moves as it updates its display
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setEntry(*trace->entries[1]);
        const QString text = view.editor()->text();
        const int store = lineReading(text, u"W[p, f] = T.float32(1.0)"_s);
        const int guard = lineReading(text, u"if f < j * 128:"_s);
        QVERIFY(store > 0 && guard > 0);

        QSignalSpy spans(&view, &IrView::sourceSpanActivated);
        view.revealSourceLine(11);
        QCOMPARE(view.markedLines(), std::vector<int>{store});
        int line = 0;
        int index = 0;
        view.editor()->getCursorPosition(&line, &index);
        QCOMPARE(line + 1, store);
        QTest::qWait(50);
        QCOMPARE(spans.size(), 0); // revealing is not the user's selection

        // The user puts the cursor on the guard: its source span is reported.
        view.editor()->setCursorPosition(guard - 1, 4);
        QTRY_COMPARE(spans.size(), 1);
        QCOMPARE(spans.last().at(0).value<tirx::Span>().line, 10u);
        QCOMPARE(view.spanOfLine(guard).line, 10u);
        // The header comment has no source: nothing is reported.
        view.editor()->setCursorPosition(0, 0);
        QTest::qWait(50);
        QCOMPARE(spans.size(), 1);

        view.revealSourceLine(2);
        QVERIFY(view.markedLines().empty());
    }

    void aStaleTextHasNoMap()
    {
        const auto trace = loweredTrace();
        QVERIFY(trace);
        tirx::TraceEntry entry = *trace->entries[1];
        entry.text += "# edited\n";
        QVERIFY(sourceMapOf(entry).lineSpans.empty());
        QVERIFY(!sourceMapOf(*trace->entries[1]).lineSpans.empty());
    }

    void readsWellOnADarkPalette()
    {
        const auto trace = loweredTrace();
        QVERIFY(trace);
        IrView view;
        QPalette dark = view.palette();
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        view.setPalette(dark);
        view.setEntry(*trace->entries[1]);
        QsciLexer* lexer = view.editor()->lexer();
        QVERIFY(lexer);
        // The editor's dark scheme, style for style.
        const EditorColors& colors = EditorColors::dark();
        for (int style = 0; style < TirxLexer::StyleCount; ++style) {
            QCOMPARE(lexer->paper(style), colors.paper);
            QCOMPARE(lexer->color(style), colors.styles[static_cast<size_t>(style)]);
            QVERIFY2(lexer->color(style).lightnessF() > 0.5, qPrintable(lexer->description(style)));
        }
    }

    void followsTheLightSchemeToo()
    {
        IrView view;
        QPalette light = view.palette();
        light.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
        light.setColor(QPalette::Base, Qt::white);
        light.setColor(QPalette::Text, Qt::black);
        view.setPalette(light);
        const EditorColors& colors = EditorColors::light();
        QsciLexer* lexer = view.editor()->lexer();
        for (int style = 0; style < TirxLexer::StyleCount; ++style) {
            QCOMPARE(lexer->color(style), colors.styles[static_cast<size_t>(style)]);
            QCOMPARE(lexer->paper(style), colors.paper);
        }
        // The editor's emphasis too, in the view's font.
        QVERIFY(lexer->font(TirxLexer::Callable).bold());
        QVERIFY(lexer->font(TirxLexer::Comment).italic());
        QVERIFY(!lexer->font(TirxLexer::Number).bold());
        QVERIFY(lexer->font(TirxLexer::Number).fixedPitch());
    }
};

QTEST_MAIN(TestIrView)
#include "test_irview.moc"
