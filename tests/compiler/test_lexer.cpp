// The TVMScript lexer: token kinds, Python literal forms, INDENT/DEDENT,
// implicit and explicit line joining, byte columns, and its diagnostics.

#include "script/lexer.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace tirx;

namespace {

std::vector<TokenKind> kinds(const LexResult& r)
{
    std::vector<TokenKind> out;
    for (const auto& t : r.tokens) out.push_back(t.kind);
    return out;
}

} // namespace

class TestLexer : public QObject {
    Q_OBJECT

private slots:
    void layoutTokens()
    {
        const auto r = tokenize("def f():\n    x = 1\n\n    # c\n    y = 2\nz\n");
        QVERIFY(r.diagnostics.empty());
        using K = TokenKind;
        const std::vector<K> want = {K::Keyword, K::Name,     K::Operator, K::Operator, K::Operator, K::Newline,
                                     K::Indent,  K::Name,     K::Operator, K::Int,      K::Newline,  K::Name,
                                     K::Operator, K::Int,     K::Newline,  K::Dedent,   K::Name,     K::Newline,
                                     K::EndOfFile};
        QVERIFY(kinds(r) == want);
    }

    void bracketsJoinLines()
    {
        const auto r = tokenize("f(1,\n  2)\nx = 1 + \\\n    2\n");
        QVERIFY(r.diagnostics.empty());
        int newlines = 0;
        for (const auto& t : r.tokens) newlines += t.kind == TokenKind::Newline ? 1 : 0;
        QCOMPARE(newlines, 2);
        for (const auto& t : r.tokens) QVERIFY(t.kind != TokenKind::Indent);
    }

    void numbers()
    {
        const auto r = tokenize("0x1F 0o17 0b101 1_000 1. .5 1e-3 2.5E+4 0 00");
        QVERIFY(r.diagnostics.empty());
        QCOMPARE(r.tokens[0].kind, TokenKind::Int);
        QCOMPARE(r.tokens[3].text, std::string_view("1_000"));
        QCOMPARE(r.tokens[4].kind, TokenKind::Float);
        QCOMPARE(r.tokens[5].kind, TokenKind::Float);
        QCOMPARE(r.tokens[6].kind, TokenKind::Float);
        QCOMPARE(r.tokens[7].kind, TokenKind::Float);
        QCOMPARE(r.tokens[9].kind, TokenKind::Int);
        for (const char* bad : {"0x", "1__0", "12ab", "0123", "1_"}) {
            const auto e = tokenize(bad);
            QVERIFY2(!e.diagnostics.empty(), bad);
            QCOMPARE(e.tokens[0].kind, TokenKind::Error);
        }
    }

    void stringsAndOperators()
    {
        const auto r = tokenize("a = 'x' + \"y\" + r'\\d' + \"\"\"multi\nline\"\"\"\nb //= c ** 2 @ P -> d != e");
        QVERIFY(r.diagnostics.empty());
        int strings = 0;
        for (const auto& t : r.tokens) strings += t.kind == TokenKind::String ? 1 : 0;
        QCOMPARE(strings, 4);
        bool sawFloorAssign = false;
        bool sawArrow = false;
        for (const auto& t : r.tokens) {
            sawFloorAssign = sawFloorAssign || t.text == "//=";
            sawArrow = sawArrow || t.text == "->";
        }
        QVERIFY(sawFloorAssign && sawArrow);
    }

    void spansAreByteColumns()
    {
        const auto r = tokenize("x = \"é\" + y\n");
        // 'é' is two bytes in UTF-8, so y sits at byte column 12.
        const Token* y = nullptr;
        for (const auto& t : r.tokens)
            if (t.text == "y") y = &t;
        QVERIFY(y);
        QCOMPARE(y->span.line, 1u);
        QCOMPARE(y->span.column, 12u);
        QCOMPARE(y->begin, 11u);
    }

    void errors()
    {
        auto r = tokenize("x = 'abc\n");
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QCOMPARE(r.diagnostics[0].span.column, 5u);
        r = tokenize("f(1, [2)\n");
        QVERIFY(!r.diagnostics.empty());
        r = tokenize("def f():\n\tpass\n");
        QVERIFY(!r.diagnostics.empty());
        QCOMPARE(r.diagnostics[0].span.line, 2u);
        r = tokenize("if x:\n        a\n    b\n");
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QCOMPARE(r.diagnostics[0].span.line, 3u);
        r = tokenize(std::string_view("\x01\x00 $", 4));
        QCOMPARE(r.diagnostics.size(), size_t(3));
        QCOMPARE(r.tokens.back().kind, TokenKind::EndOfFile);
    }

    void editorMode()
    {
        LexOptions opt;
        opt.keepComments = true;
        opt.layoutTokens = false;
        const auto r = tokenize("x = 1  # note\n    y\n", opt);
        for (const auto& t : r.tokens) {
            QVERIFY(t.kind != TokenKind::Newline && t.kind != TokenKind::Indent && t.kind != TokenKind::Dedent);
        }
        QCOMPARE(r.tokens[3].kind, TokenKind::Comment);
        QCOMPARE(r.tokens[3].text, std::string_view("# note"));
    }
};

QTEST_APPLESS_MAIN(TestLexer)
#include "test_lexer.moc"
