// printModuleWithSourceMap: each printed line points back at the source
// statement (or function) it came from, before and after a pass.

// The module and its StmtSimplify run are shared with the widget tests
// that map IR lines back to source lines.
#include "../widgets/lowered_fixture.h"

#include "script/parser.h"
#include "script/printer.h"

#include <QtTest>

#include <string>
#include <string_view>

using namespace tirx;

namespace {

ModuleRef parsed()
{
    ParseResult result = parseModule(kLoweredSource);
    return result.ok() ? result.module : nullptr;
}

// The 1-based printed line that reads `text` once trimmed (or, with
// `prefix`, starts with it); 0 if none.
int lineReading(const std::string& printed, std::string_view text, bool prefix = false)
{
    int number = 1;
    size_t begin = 0;
    while (begin < printed.size()) {
        const size_t nl = printed.find('\n', begin);
        std::string_view line(printed.data() + begin, (nl == std::string::npos ? printed.size() : nl) - begin);
        while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
        if (line == text || (prefix && line.starts_with(text))) return number;
        begin = nl == std::string::npos ? printed.size() : nl + 1;
        ++number;
    }
    return 0;
}

} // namespace

class TestSourceMap : public QObject {
    Q_OBJECT

private slots:
    void textIsThePlainPrint()
    {
        const ModuleRef module = parsed();
        QVERIFY(module);
        const PrintedModule printed = printModuleWithSourceMap(*module);
        QCOMPARE(printed.text, printModule(*module));
        QCOMPARE(printed.lineSpans.size(),
                 static_cast<size_t>(std::count(printed.text.begin(), printed.text.end(), '\n')));
    }

    void linesMapToTheirStatements()
    {
        const ModuleRef module = parsed();
        QVERIFY(module);
        const PrintedModule printed = printModuleWithSourceMap(*module);
        QVERIFY(!printed.spanOfLine(1).valid()); // the header comment has no source
        QCOMPARE(printed.spanOfLine(lineReading(printed.text, "@T.function")).line, 3u);
        const int alloc = lineReading(printed.text, "W = T.alloc_tensor(", true);
        QVERIFY2(alloc > 0, printed.text.c_str());
        QCOMPARE(printed.spanOfLine(alloc).line, 5u);
        const int guard = lineReading(printed.text, "if f < 512:");
        QVERIFY2(guard > 0, printed.text.c_str());
        QCOMPARE(printed.spanOfLine(guard).line, 8u);
        QCOMPARE(printed.spanOfLine(guard + 1).line, 9u);
        QVERIFY(!printed.spanOfLine(0).valid());
        QVERIFY(!printed.spanOfLine(static_cast<int>(printed.lineSpans.size()) + 1).valid());
    }

    void spansSurviveAPass()
    {
        const auto trace = loweredTrace();
        QVERIFY(trace && trace->entries.size() == 2);
        const TraceEntry& simplified = *trace->entries[1];
        QVERIFY(simplified.changed);
        const PrintedModule printed = printModuleWithSourceMap(*simplified.module);
        QCOMPARE(printed.text, simplified.text);

        // The decided guard is gone; its store keeps the store's own line.
        QCOMPARE(lineReading(printed.text, "if f < 512:"), 0);
        const int store0 = lineReading(printed.text, "W[p, f] = T.float32(0.0)");
        QVERIFY2(store0 > 0, printed.text.c_str());
        QCOMPARE(printed.spanOfLine(store0).line, 9u);
        const int guard = lineReading(printed.text, "if f < j * 128:");
        QVERIFY2(guard > 0, printed.text.c_str());
        QCOMPARE(printed.spanOfLine(guard).line, 10u);
        QCOMPARE(printed.spanOfLine(guard + 1).line, 11u);

        // Source line -> printed lines, the tightest statement first.
        QCOMPARE(printed.linesForSourceLine(9), std::vector<int>{store0});
        QCOMPARE(printed.linesForSourceLine(11), std::vector<int>{guard + 1});
        QVERIFY(printed.linesForSourceLine(2).empty());
        // Line 7 is the inner loop, printed merged into the outer one's T.grid line.
        const std::vector<int> loop = printed.linesForSourceLine(7);
        QCOMPARE(loop.size(), size_t{1});
        QCOMPARE(printed.spanOfLine(loop.front()).line, 6u);
    }
};

QTEST_APPLESS_MAIN(TestSourceMap)
#include "test_source_map.moc"
