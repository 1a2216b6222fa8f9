// The TVMScript lexer: token kinds, Python literal forms, INDENT/DEDENT,
// implicit and explicit line joining, byte columns, and its diagnostics; and
// the token stream the parser reads, which must give exactly the same.

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

// Everything a TokenStream produces, batch after batch. False when a step
// gave no token (the parser would stall) or the finished stream kept some.
bool drain(std::string_view source, LexResult& all)
{
    TokenStream stream(source);
    while (stream.step()) {
        const auto& batch = stream.batch();
        if (batch.tokens.empty()) return false;
        all.tokens.insert(all.tokens.end(), batch.tokens.begin(), batch.tokens.end());
        all.diagnostics.insert(all.diagnostics.end(), batch.diagnostics.begin(), batch.diagnostics.end());
    }
    return stream.batch().tokens.empty() && !stream.step();
}

bool sameSpan(const Span& a, const Span& b)
{
    return a.line == b.line && a.column == b.column && a.endLine == b.endLine && a.endColumn == b.endColumn;
}

// A source whose last line closes `depth` indented blocks at once: one burst
// of Dedent tokens longer than any small token window.
std::string deepNest(int depth)
{
    std::string s;
    for (int i = 0; i < depth; ++i) s += std::string(static_cast<size_t>(i) * 2, ' ') + "if x:\n";
    s += std::string(static_cast<size_t>(depth) * 2, ' ') + "pass\ny = 1\n";
    return s;
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
        const std::vector<K> want = {K::Keyword, K::Name,   K::Operator, K::Operator, K::Operator,
                                     K::Newline, K::Indent, K::Name,     K::Operator, K::Int,
                                     K::Newline, K::Name,   K::Operator, K::Int,      K::Newline,
                                     K::Dedent,  K::Name,   K::Newline,  K::EndOfFile};
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
        // Tabs indent as in Python; only a mix whose meaning depends on the
        // tab width is refused.
        r = tokenize("def f():\n\tpass\n");
        QVERIFY(r.diagnostics.empty());
        r = tokenize("def f():\n    if x:\n\tpass\n");
        QVERIFY(!r.diagnostics.empty());
        QCOMPARE(r.diagnostics[0].span.line, 3u);
        r = tokenize("if x:\n        a\n    b\n");
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QCOMPARE(r.diagnostics[0].span.line, 3u);
        r = tokenize(std::string_view("\x01\x00 $", 4));
        QCOMPARE(r.diagnostics.size(), size_t(3));
        QCOMPARE(r.tokens.back().kind, TokenKind::EndOfFile);
    }

    void streamMatchesTokenize_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("layout") << QStringLiteral("def f():\n    x = 1\n\n    # c\n    y = 2\nz\n");
        QTest::newRow("joining") << QStringLiteral("f(1,\n  2)\nx = 1 + \\\n    2\n");
        QTest::newRow("unclosed") << QStringLiteral("f(1, [2\n  x = 'abc\n");
        QTest::newRow("dedent burst") << QString::fromStdString(deepNest(150));
        QTest::newRow("no newline at end") << QStringLiteral("a.b(c)[d]");
        QTest::newRow("empty") << QString();
        std::string garbage;
        for (int i = 0; i < 200; ++i) garbage += "$ 09 '\n";
        QTest::newRow("many errors") << QString::fromStdString(garbage);
    }

    void streamMatchesTokenize()
    {
        QFETCH(QString, source);
        const std::string text = source.toStdString();
        const LexResult whole = tokenize(text);
        LexResult streamed;
        QVERIFY(drain(text, streamed));
        QCOMPARE(streamed.tokens.size(), whole.tokens.size());
        for (size_t i = 0; i < whole.tokens.size(); ++i) {
            const Token& a = whole.tokens[i];
            const Token& b = streamed.tokens[i];
            QVERIFY2(a.kind == b.kind && a.text == b.text && a.begin == b.begin && a.end == b.end &&
                         sameSpan(a.span, b.span),
                     ("token " + std::to_string(i) + " differs").c_str());
        }
        QCOMPARE(streamed.diagnostics.size(), whole.diagnostics.size());
        for (size_t i = 0; i < whole.diagnostics.size(); ++i) {
            QCOMPARE(streamed.diagnostics[i].message, whole.diagnostics[i].message);
            QVERIFY(sameSpan(streamed.diagnostics[i].span, whole.diagnostics[i].span));
        }
    }

    void operatorsLongestMatch()
    {
        const auto r = tokenize("a **= b //= c >>= d <<= e ... f ** g // h -> i != j := k <> l ! m");
        std::vector<std::string_view> ops;
        for (const auto& t : r.tokens) {
            if (t.kind == TokenKind::Operator) ops.push_back(t.text);
        }
        const std::vector<std::string_view> want = {"**=", "//=", ">>=", "<<=", "...", "**",
                                                    "//",  "->",  "!=",  ":=",  "<",   ">"};
        QCOMPARE(ops, want);
        // A lone '!' is not an operator.
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QVERIFY(r.diagnostics[0].message.find("'!'") != std::string::npos);
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
