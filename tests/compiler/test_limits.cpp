// Extreme inputs end in a result or a located refusal, quickly and without a
// signal: long operator chains, deep nesting, long elif chains, a million
// statements, many functions, many diagnostics, long lines, and the text
// forms Python accepts (a byte order mark, tabs, non-ASCII names, CR line
// ends). The inputs are generated here; none is kept as a file.

#include "ir/diagnostic_cap.h"
#include "ir/make.h"
#include "script/parser.h"
#include "script/printer.h"
#include "target/target.h"
#include "transform/pipeline.h"

#include <QElapsedTimer>
#include <QtTest>

#include <algorithm>
#include <string>

using namespace tirx;

namespace {

const char* kHead = "from tvm.script import tirx as T\n\n@T.function\n"
                    "def main(A: T.Tensor((128, 512), \"float32\")):\n";

// Each case takes well under 5 s in a Debug build on an idle machine; the
// machines that run the tests are shared, so the bound only tells a result
// from a hang, and growth is checked as a ratio of two sizes instead.
constexpr qint64 kBudgetMs = 30000;

// Milliseconds f takes, at least 1.
template <class F> qint64 timed(F&& f)
{
    QElapsedTimer timer;
    timer.start();
    f();
    return std::max<qint64>(1, timer.elapsed());
}

// A function whose body is `body` (already indented).
std::string module(const std::string& body) { return kHead + body; }

std::string chain(const std::string& term, const std::string& op, int terms)
{
    std::string out = term;
    out.reserve(static_cast<size_t>(terms) * (term.size() + op.size() + 2));
    for (int i = 1; i < terms; ++i) out += " " + op + " " + term;
    return out;
}

bool mentions(const ParseResult& r, const std::string& text)
{
    for (const auto& d : r.diagnostics) {
        if (d.message.find(text) != std::string::npos && d.span.valid()) return true;
    }
    return false;
}

} // namespace

class TestLimits : public QObject {
    Q_OBJECT

private slots:
    void longChainsAreRefusedWithALocation_data()
    {
        QTest::addColumn<QString>("op");
        for (const char* op : {"+", "-", "*", "//", "%", "<", "==", "and", "or"}) QTest::newRow(op) << op;
    }

    void longChainsAreRefusedWithALocation()
    {
        QFETCH(QString, op);
        const std::string src = module("    for i in T.serial(0, 4):\n        A[0, 0] = T.Cast(\"float32\", " +
                                       chain("i", op.toStdString(), 100'000) + ")\n");
        QElapsedTimer timer;
        timer.start();
        const ParseResult r = parseModule(src);
        QVERIFY(timer.elapsed() < kBudgetMs);
        QVERIFY(!r.ok());
        QVERIFY(mentions(r, "operators; split it over several statements"));
    }

    void chainsWithinTheLimitRoundTrip()
    {
        const std::string src =
            module("    for i in T.serial(0, 4):\n        A[0, " + chain("i", "+", 1000) + "] = T.float32(0)\n");
        const ParseResult r = parseModule(src);
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics, "input.py").c_str());
        const std::string printed = printModule(*r.module);
        const ParseResult again = parseModule(printed);
        QVERIFY(again.ok());
        QCOMPARE(printModule(*again.module), printed);
    }

    void constantChainsFold()
    {
        // Python-level arithmetic on literals builds no IR, so it has no limit.
        const ParseResult r =
            parseModule(module("    A[0, " + chain("1", "+", 100'000) + " - 100000] = T.float32(0)\n"));
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics, "input.py").c_str());
    }

    void powerAndUnaryNestingIsRefused_data()
    {
        QTest::addColumn<QString>("expr");
        QTest::newRow("power") << QString::fromStdString(chain("2", "**", 100'000));
        QTest::newRow("minus") << QString::fromStdString(std::string(100'000, '-') + "1");
        QTest::newRow("not") << QString::fromStdString(chain("", "not", 10'000) + " True");
        std::string parens = std::string(10'000, '(') + "1" + std::string(10'000, ')');
        QTest::newRow("parens") << QString::fromStdString(parens);
        std::string lists = std::string(10'000, '[') + "1" + std::string(10'000, ']');
        QTest::newRow("lists") << QString::fromStdString(lists);
    }

    void powerAndUnaryNestingIsRefused()
    {
        QFETCH(QString, expr);
        QElapsedTimer timer;
        timer.start();
        const ParseResult r = parseModule(module("    n = " + expr.toStdString() + "\n"));
        QVERIFY(timer.elapsed() < kBudgetMs);
        QVERIFY(!r.ok());
        QVERIFY(mentions(r, "nested too deeply"));
    }

    void deepBlocksAreRefused()
    {
        std::string body;
        for (int d = 0; d < 10'000; ++d) body += std::string(static_cast<size_t>(d + 1) * 4, ' ') + "if 1 < 2:\n";
        body += std::string(10'001 * 4, ' ') + "pass\n";
        const ParseResult r = parseModule(module(body));
        QVERIFY(!r.ok());
        QVERIFY(mentions(r, "blocks nested too deeply"));
    }

    void longElifChainsAreRefused()
    {
        std::string body = "    for i in T.serial(0, 4):\n        if i == 0:\n            pass\n";
        for (int b = 1; b < 15'000; ++b) body += "        elif i == " + std::to_string(b) + ":\n            pass\n";
        QElapsedTimer timer;
        timer.start();
        const ParseResult r = parseModule(module(body));
        QVERIFY(timer.elapsed() < kBudgetMs);
        QVERIFY(!r.ok());
        QVERIFY(mentions(r, "too many elif branches"));
    }

    void elifChainsPrintFlatAndParseBack()
    {
        // 900 branches: nested one level per branch, the text would be
        // quadratic in size and deeper than any parser accepts.
        std::string body = "    for i in T.serial(0, 4):\n        if i == 0:\n            A[0, 0] = T.float32(0)\n";
        for (int b = 1; b < 900; ++b)
            body += "        elif i == " + std::to_string(b) + ":\n            A[0, 0] = T.float32(" +
                    std::to_string(b) + ")\n";
        body += "        else:\n            A[0, 1] = T.float32(1)\n";
        const ParseResult r = parseModule(module(body));
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics, "input.py").c_str());
        const std::string printed = printModule(*r.module);
        QVERIFY(printed.size() < body.size() * 2);
        QVERIFY(printed.find("elif i == 899:") != std::string::npos);
        const ParseResult again = parseModule(printed);
        QVERIFY2(again.ok(), formatDiagnostics(again.diagnostics, "printed.py").c_str());
        QCOMPARE(printModule(*again.module), printed);
    }

    void shortElifChainsKeepTheNestedForm()
    {
        const ParseResult r = parseModule(module("    for i in T.serial(0, 4):\n        if i == 0:\n            pass\n"
                                                 "        elif i == 1:\n            A[0, 0] = T.float32(0)\n"));
        QVERIFY(r.ok());
        const std::string printed = printModule(*r.module);
        QVERIFY(printed.find("elif") == std::string::npos);
        QVERIFY(printed.find("else:") != std::string::npos);
    }

    void aMillionStatements()
    {
        std::string body;
        body.reserve(10'000'000);
        for (int s = 0; s < 1'000'000; ++s) body += "    pass\n";
        QElapsedTimer timer;
        timer.start();
        const ParseResult r = parseModule(module(body));
        QVERIFY(timer.elapsed() < kBudgetMs);
        QVERIFY(r.ok());
    }

    void manyFunctions()
    {
        // Duplicate names were found by comparing each function with all
        // before it: 16 times the functions took 256 times as long.
        const auto source = [](int functions) {
            std::string src = "from tvm.script import tirx as T\n\n@T.ir_module\nclass Module:\n";
            for (int f = 0; f < functions; ++f)
                src += "    @T.function\n    def f" + std::to_string(f) + "():\n        pass\n";
            return src + "    @T.function\n    def f17():\n        pass\n";
        };
        const std::string small = source(4'000);
        const std::string large = source(64'000);
        ParseResult r;
        const qint64 smallMs = timed([&] { r = parseModule(small); });
        const qint64 largeMs = timed([&] { r = parseModule(large); });
        QVERIFY(largeMs < kBudgetMs);
        QVERIFY2(largeMs < 40 * std::max<qint64>(smallMs, 20),
                 qPrintable(QStringLiteral("%1 ms vs %2 ms").arg(largeMs).arg(smallMs)));
        QVERIFY(mentions(r, "function 'f17' is defined twice"));
    }

    void bindingChainsLower()
    {
        // Each value is within the operator limit, but the simplifier
        // substitutes bindings: x99 stands for 90,000 additions.
        std::string body = "    for i in T.serial(0, 4):\n        x0 = i\n";
        for (int k = 1; k < 100; ++k)
            body += "        x" + std::to_string(k) + " = x" + std::to_string(k - 1) + chain("", "+ i", 900) + "\n";
        body += "        A[0, x99 % 512] = T.float32(0)\n";
        const ParseResult r = parseModule(module(body));
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics, "input.py").c_str());
        PipelineOptions options;
        options.passes = {"StmtSimplify"};
        options.context.target = findTarget("aws/trn1/trn1.2xlarge");
        const Trace trace = runPipeline(r.module, options);
        QCOMPARE(trace.entries.size(), size_t{2});
        QVERIFY(!trace.failed());
    }

    void sequenceBombsAreRefused()
    {
        std::string body = "    a0 = (1, 1)\n";
        for (int i = 1; i <= 24; ++i)
            body +=
                "    a" + std::to_string(i) + " = (a" + std::to_string(i - 1) + ", a" + std::to_string(i - 1) + ")\n";
        QElapsedTimer timer;
        timer.start();
        const ParseResult r = parseModule(module(body));
        QVERIFY(timer.elapsed() < kBudgetMs);
        QVERIFY(mentions(r, "sequence is too long"));
    }

    void checkedPythonArithmetic_data()
    {
        QTest::addColumn<QString>("expr");
        QTest::addColumn<bool>("ok");
        QTest::newRow("min % -1") << "(-9223372036854775807 - 1) % -1" << true;
        QTest::newRow("min // 1") << "(-9223372036854775807 - 1) // 1 + 9223372036854775807 + 1" << true;
        QTest::newRow("max + 1") << "9223372036854775807 + 1" << false;
        QTest::newRow("min - 1") << "-9223372036854775807 - 2" << false;
        QTest::newRow("2**63") << "2**63" << false;
        QTest::newRow("(-1)**1001") << "(-1)**1001 + 1" << true;
        QTest::newRow("1**100000") << "1**100000 - 1" << true;
        QTest::newRow("-min") << "-(-9223372036854775807 - 1)" << false;
        QTest::newRow("mul") << "3037000500 * 3037000500" << false;
    }

    void checkedPythonArithmetic()
    {
        QFETCH(QString, expr);
        QFETCH(bool, ok);
        const ParseResult r = parseModule(module("    A[0, " + expr.toStdString() + "] = T.float32(0)\n"));
        QCOMPARE(r.ok(), ok);
        if (!ok) QVERIFY(mentions(r, "integer overflow"));
    }

    void deepExpressionsAreFreedAndPrintedWithoutRecursion()
    {
        const Var i = makeVar("i", VarType::scalar(DataType::int32()));
        Expr e = i;
        for (int t = 0; t < 100'000; ++t) e = binary(BinaryOp::Add, e, i);
        const std::string text = printExpr(e);
        QCOMPARE(text.size(), size_t{1} + 100'000 * 4);
        e.reset(); // a recursive destructor would overflow the stack here
        QVERIFY(!e);
    }

    void textFormsPythonAccepts_data()
    {
        QTest::addColumn<QByteArray>("source");
        const std::string body = "    for i in T.serial(0, 4):\n        A[0, i] = T.float32(0)\n";
        QTest::newRow("byte order mark") << QByteArray::fromStdString("\xEF\xBB\xBF" + module(body));
        QTest::newRow("tabs") << QByteArray::fromStdString(
            module("\tfor i in T.serial(0, 4):\n\t\tA[0, i] = T.float32(0)\n"));
        QTest::newRow("non-ascii name") << QByteArray::fromStdString(
            module("    größe = 4\n    A[0, größe] = T.float32(0)\n"));
        std::string cr = module(body);
        for (char& c : cr) c = c == '\n' ? '\r' : c;
        QTest::newRow("cr line ends") << QByteArray::fromStdString(cr);
    }

    void textFormsPythonAccepts()
    {
        QFETCH(QByteArray, source);
        const ParseResult r = parseModule(source.toStdString());
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics, "input.py").c_str());
    }

    void diagnosticsQuoteCrOnlyLines()
    {
        const std::string src = "a\rbb\rccc x\r";
        const Diagnostic d{Diagnostic::Severity::Error, "here", Span{3, 5, 3, 6}};
        QCOMPARE(formatDiagnostic(d, "f.py", src), std::string("f.py:3:5: error: here\n  ccc x\n      ^\n"));
    }

    void diagnosticsQuoteLongLinesAroundTheColumn()
    {
        const std::string src = std::string(1'000'000, 'x') + "\n";
        std::vector<Diagnostic> ds;
        for (uint32_t k = 0; k < 64; ++k)
            ds.push_back({Diagnostic::Severity::Error, "bad", Span{1, 1 + k * 15000, 0, 0}});
        const std::string text = formatDiagnostics(ds, "f.py", src);
        QVERIFY(text.size() < 64 * 400);
        QVERIFY(text.find("...") != std::string::npos);
    }

    void formattingManyDiagnosticsIsLinear()
    {
        // Each diagnostic used to look its line up from the start of the file.
        const auto run = [](int lines, uint32_t diagnostics, std::string& text) {
            std::string src;
            for (int l = 0; l < lines; ++l) src += "line " + std::to_string(l) + "\n";
            std::vector<Diagnostic> ds;
            for (uint32_t k = 0; k < diagnostics; ++k) {
                const uint32_t line = static_cast<uint32_t>(lines) - k;
                ds.push_back({Diagnostic::Severity::Error, "bad", Span{line, 1, line, 2}});
            }
            return timed([&] { text = formatDiagnostics(ds, "f.py", src); });
        };
        std::string text;
        const qint64 smallMs = run(20'000, 2'000, text);
        const qint64 largeMs = run(200'000, 20'000, text);
        QVERIFY2(largeMs < 40 * std::max<qint64>(smallMs, 20),
                 qPrintable(QStringLiteral("%1 ms vs %2 ms").arg(largeMs).arg(smallMs)));
        QVERIFY(text.find("f.py:200000:1: error: bad\n  line 199999\n  ^\n") != std::string::npos);
    }

    void diagnosticCapCountsTheRest()
    {
        std::vector<Diagnostic> out;
        DiagnosticCap cap(out, "overlaps");
        for (uint32_t k = 0; k < 5000; ++k) cap.add({Diagnostic::Severity::Error, "overlap", Span{k + 1, 1, k + 1, 2}});
        QVERIFY(cap.full());
        cap.finish();
        QCOMPARE(out.size(), DiagnosticCap::kDefaultLimit + 1);
        QCOMPARE(out.back().message, std::string("… and 4,990 more overlaps"));
        QCOMPARE(out.back().severity, Diagnostic::Severity::Note);
        QCOMPARE(out.back().span.line, 10u);
        QVERIFY(hasErrors(out));
        QCOMPARE(withThousands(1234567), std::string("1,234,567"));
        QCOMPARE(withThousands(999), std::string("999"));
    }
};

QTEST_APPLESS_MAIN(TestLimits)
#include "test_limits.moc"
