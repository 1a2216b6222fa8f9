// The op tables (ir/nki_ops.def, ir/tile_ops.def, ir/opcodes.def,
// ir/binary_ops.def, ir/mem_scopes.def): every instruction and tile op has
// exactly one row, every row's spelling parses and prints back, calls carry
// their row, opcode strings are checked, every binary operator's spellings
// parse to it and print back, and scope strings map to their memory.

#include "ir/binary_ops.h"
#include "ir/callables.h"
#include "ir/expr.h"
#include "ir/functor.h"
#include "script/parser.h"
#include "script/printer.h"

#include <QtTest>

#include <algorithm>
#include <set>
#include <string>

using namespace tirx;

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// An argument that fits a parameter, written as a user would.
std::string argumentFor(const CallableParam& p, bool tileOp)
{
    if (p.opcodes != OpcodeUse::None) {
        for (const OpcodeInfo& o : opcodes()) {
            if (accepts(o.uses, p.opcodes)) return "\"" + std::string(o.text) + "\"";
        }
    }
    if (p.role == ParamRole::Tensor) return tileOp ? "A[0:128, 0:512]" : "A[p, f]";
    if (p.type == "lambda") return "lambda i, j: i < j";
    if (p.type == "bool") return "True";
    if (p.type == "int") return "128";
    return "T.float32(2.0)";
}

// A module whose body is one call of `c`, every required parameter given.
std::string moduleCalling(const Callable& c)
{
    const bool tileOp = c.tileOp.has_value();
    std::string call = std::string(c.name) + "(";
    bool first = true;
    for (const CallableParam& p : c.params) {
        if (p.hasDefault() || p.optional) continue;
        if (!first) call += ", ";
        first = false;
        if (p.variadic) {
            call += "-1";
            continue;
        }
        call += argumentFor(p, tileOp);
    }
    call += ")";
    std::string body = tileOp ? "    " + call + "\n"
                              : "    for p in T.serial(128, annotations={\"nki_dim\": \"P\"}):\n"
                                "        for f in T.serial(512, annotations={\"nki_dim\": \"F\"}):\n"
                                "            " +
                                    call + "\n";
    return "from tvm.script import tirx as T\n\n@T.function\n"
           "def main(A: T.Tensor((128, 512), \"float32\", scope=\"trn.sbuf\")):\n" +
           body;
}

// The first node of type N (a call, a binary node) in a module's functions, in visiting order.
template <typename N> const N* firstOf(const Module& m)
{
    struct Finder final : IrVisitor {
        const N* found = nullptr;

    protected:
        void visitExpr(const Expr& e) override
        {
            if (!found) found = as<N>(e);
            IrVisitor::visitExpr(e);
        }
    } finder;
    for (const auto& entry : m.functions()) finder.visitStmt(entry.second->body());
    return finder.found;
}

// The T.* calls of a binary_ops.def row ("truncdiv Div").
std::vector<std::string> callNames(const BinaryOpInfo& row)
{
    std::vector<std::string> out;
    std::string_view rest = row.callNames;
    while (!rest.empty()) {
        const size_t space = rest.find(' ');
        out.emplace_back(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    return out;
}

} // namespace

class TestOpTables : public QObject {
    Q_OBJECT

private slots:
    void everyInstructionHasOneRow()
    {
        std::set<std::string_view> names;
        for (const NkiOpInfo& info : nkiOps()) {
            const Callable& row = callableOf(info.op);
            QCOMPARE(qs(row.name), QStringLiteral("T.nki.") + qs(info.name));
            QVERIFY(row.nkiOp == info.op);
            QCOMPARE(row.kind, CallableKind::NkiInstruction);
            QCOMPARE(row.engine, info.engine);
            QVERIFY2(!info.current.empty(), row.name.data());
            QVERIFY2(names.insert(info.name).second, row.name.data());
            // Every tensor operand says what the instruction does to it and where it may live.
            for (const CallableParam& p : row.params) {
                if (p.role != ParamRole::Tensor) continue;
                QVERIFY2(p.access != Access::None, p.name.data());
                QVERIFY2(p.spaces != MemSpace::None, p.name.data());
            }
        }
        QCOMPARE(nkiOps().size(), size_t{16});
        // Every instruction writes something.
        for (const NkiOpInfo& info : nkiOps()) {
            bool writes = false;
            for (const CallableParam& p : callableOf(info.op).params)
                writes = writes || p.access == Access::Write || p.access == Access::ReadWrite;
            QVERIFY2(writes, info.name.data());
        }
    }

    void everyTileOpHasOneRow()
    {
        std::set<std::string_view> names;
        for (const TileOpInfo& info : tileOps()) {
            const Callable& row = callableOf(info.op);
            QCOMPARE(qs(row.name), QStringLiteral("T.trn.tile.") + qs(info.name));
            QVERIFY(row.tileOp == info.op);
            QCOMPARE(row.kind, CallableKind::TileOp);
            QVERIFY(!tileFamilyName(info.family).empty());
            QVERIFY2(names.insert(info.name).second, row.name.data());
        }
        QCOMPARE(tileOps().size(), size_t{15});
        QCOMPARE(tileOpInfo(TileOp::Matmul).family, TileFamily::Gemm);
        QCOMPARE(tileOpInfo(TileOp::TensorReduce).family, TileFamily::Reduction);
    }

    void columnsCarryTheSpecFacts()
    {
        const Callable& mm = callableOf(NkiOp::Matmul);
        QCOMPARE(mm.params[0].access, Access::ReadWrite);
        QVERIFY(allows(mm.params[0].spaces, MemSpace::Psum));
        QVERIFY(!allows(mm.params[0].spaces, MemSpace::Sbuf));
        QCOMPARE(mm.params[1].access, Access::Read);
        QVERIFY(allows(mm.params[1].spaces, MemSpace::Sbuf));
        QCOMPARE(qs(nkiOpInfo(NkiOp::Matmul).legacy), QStringLiteral("nisa.nc_matmul"));
        QCOMPARE(qs(nkiOpInfo(NkiOp::Load).legacy), QStringLiteral("nl.load"));
        QCOMPARE(qs(nkiOpInfo(NkiOp::Load).current), QStringLiteral("nisa.dma_copy"));
        QCOMPARE(qs(nkiOpInfo(NkiOp::Identity).current), QStringLiteral("nisa.dma_copy"));
        QVERIFY(allows(callableOf(NkiOp::Load).params[1].spaces, MemSpace::Hbm));
        QVERIFY(nkiOpInfo(NkiOp::Memset).legacy.empty()); // printed as an assignment
        QCOMPARE(qs(opcodeInfo(Opcode::Sub).nkiFunction), QStringLiteral("nki.language.subtract"));
        // The typed defaults print as the signature shows them.
        QCOMPARE(qs(defaultText(mm.params[3].defaultValue)), QStringLiteral("True"));
        const Callable& reduce = callableOf(TileOp::TensorReduce);
        const auto axes = std::find_if(reduce.params.begin(), reduce.params.end(),
                                       [](const CallableParam& p) { return p.name == "axes"; });
        QVERIFY(axes != reduce.params.end());
        QCOMPARE(qs(defaultText(axes->defaultValue)), QStringLiteral("[-1]"));
    }

    void opcodeStringsAreCheckedPerUse()
    {
        QVERIFY(findOpcode("add", OpcodeUse::Alu) == Opcode::Add);
        QVERIFY(findOpcode("sum", OpcodeUse::TileReduce) == Opcode::Sum);
        QVERIFY(!findOpcode("sum", OpcodeUse::NkiReduce));
        QVERIFY(!findOpcode("add", OpcodeUse::TileReduce));
        QVERIFY(!findOpcode("exp", OpcodeUse::Alu));
        QVERIFY(!findOpcode("expp", OpcodeUse::Activation));
        QCOMPARE(qs(validOpcodes(OpcodeUse::Activation)), QStringLiteral("\"exp\", \"sqrt\""));
    }

    void everyRowParsesAndPrintsBack_data()
    {
        QTest::addColumn<QString>("name");
        for (const NkiOpInfo& info : nkiOps()) QTest::newRow(info.name.data()) << qs(callableOf(info.op).name);
        for (const TileOpInfo& info : tileOps())
            QTest::newRow(("tile." + std::string(info.name)).c_str()) << qs(callableOf(info.op).name);
    }

    void everyRowParsesAndPrintsBack()
    {
        QFETCH(QString, name);
        const Callable* row = findCallable(name.toStdString());
        QVERIFY(row);
        const std::string source = moduleCalling(*row);
        const ParseResult parsed = parseModule(source);
        QVERIFY2(parsed.ok(), (source + formatDiagnostics(parsed.diagnostics, "row.py", source)).c_str());

        // The call refers to its row: an op check is a pointer compare.
        const CallNode* call = firstOf<CallNode>(*parsed.module);
        QVERIFY(call);
        QCOMPARE(call->callable(), row);

        const std::string printed = printModule(*parsed.module);
        QVERIFY2(printed.find(std::string(row->name) + "(") != std::string::npos, printed.c_str());
        const ParseResult again = parseModule(printed);
        QVERIFY2(again.ok(), printed.c_str());
        QCOMPARE(qs(printModule(*again.module)), qs(printed));
    }

    // Every spelling of every binary operator, infix and call, parses to
    // the row's operator, prints with the row's spelling and parses back.
    void everyBinaryOpRoundTrips()
    {
        QCOMPARE(binaryOps().size(), size_t{17});
        for (const BinaryOpInfo& row : binaryOps()) {
            // Integer `/` is refused, so `/` gets floats (the calls ints:
            // integer truncating division prints as T.Div); logical
            // operators take conditions.
            const bool logical = row.kind == BinaryKind::Logical;
            const std::string a = logical ? "x < y" : "x";
            const std::string b = logical ? "y < x" : "y";
            std::vector<std::pair<std::string, bool>> spellings; // (text, real operands)
            if (!row.infix.empty()) {
                const bool real = row.op == BinaryOp::Div;
                spellings.emplace_back("(" + (real ? std::string("u") : a) + ") " + std::string(row.infix) + " (" +
                                           (real ? std::string("v") : b) + ")",
                                       real);
            }
            for (const std::string& name : callNames(row))
                spellings.emplace_back("T." + name + "(" + a + ", " + b + ")", false);
            QVERIFY2(!spellings.empty(), row.text.data());
            for (const auto& [spelling, real] : spellings) {
                const std::string source = "from tvm.script import tirx as T\n\n@T.function\n"
                                           "def main(x: T.int32, y: T.int32, u: T.float32, v: T.float32):\n"
                                           "    T.evaluate(" +
                                           spelling + ")\n";
                const ParseResult parsed = parseModule(source);
                QVERIFY2(parsed.ok(), (source + formatDiagnostics(parsed.diagnostics, "op.py", source)).c_str());
                const BinaryNode* node = firstOf<BinaryNode>(*parsed.module);
                QVERIFY2(node && node->op() == row.op, source.c_str());
                QVERIFY(findInfixOp(row.infix) == (row.infix.empty() ? std::nullopt : std::optional(row.op)));

                const std::string printed = printModule(*parsed.module);
                const bool infix = !row.infix.empty() && (row.op != BinaryOp::Div || real);
                const std::string expected =
                    infix ? " " + std::string(row.infix) + " " : std::string(row.scriptCall) + "(";
                QVERIFY2(printed.find(expected) != std::string::npos, (expected + " in\n" + printed).c_str());
                const ParseResult again = parseModule(printed);
                QVERIFY2(again.ok(), printed.c_str());
                QCOMPARE(firstOf<BinaryNode>(*again.module)->op(), row.op);
                QCOMPARE(qs(printModule(*again.module)), qs(printed));
            }
        }
        QVERIFY(isComparison(BinaryOp::GE) && !isComparison(BinaryOp::And));
        QVERIFY(isLogical(BinaryOp::Or) && !isLogical(BinaryOp::Min));
        QVERIFY(!findInfixOp("**"));
        QVERIFY(!findBinaryCall("trunc"));
    }

    void scopeStringsNameTheirMemory()
    {
        QCOMPARE(qs(scopeName(MemSpace::Sbuf)), QStringLiteral("trn.sbuf"));
        QCOMPARE(qs(scopeName(MemSpace::Psum)), QStringLiteral("trn.psum"));
        QCOMPARE(qs(scopeName(MemSpace::Hbm)), QStringLiteral("global"));
        QVERIFY(scopeName(MemSpace::None).empty());
        for (const MemSpaceInfo& row : kMemSpaces) {
            QVERIFY(memSpaceOf(row.scope) == row.space);
            QCOMPARE(memSpaceInfo(row.space), &row);
        }
        QVERIFY(!memSpaceOf("local"));
        QVERIFY(isOnChipScope("trn.psum") && !isOnChipScope("global"));
        // A tensor written with the scope string carries its memory.
        const std::string source = "from tvm.script import tirx as T\n\n@T.function\n"
                                   "def main(A: T.Tensor((128, 512), \"float32\", scope=\"trn.psum\")):\n"
                                   "    T.evaluate(0)\n";
        const ParseResult parsed = parseModule(source);
        QVERIFY(parsed.ok());
        const std::string printed = printModule(*parsed.module);
        QVERIFY2(printed.find("scope=\"trn.psum\"") != std::string::npos, printed.c_str());
    }

    void flatAliasPrintsTheCanonicalName()
    {
        const std::string source = "from tvm.script import tirx as T\n\n@T.function\n"
                                   "def main(A: T.Tensor((128, 512), \"float32\", scope=\"trn.sbuf\")):\n"
                                   "    T.nki_memset(A[0, 0], T.float32(0.0))\n";
        const ParseResult parsed = parseModule(source);
        QVERIFY(parsed.ok());
        QCOMPARE(firstOf<CallNode>(*parsed.module)->callable(), &callableOf(NkiOp::Memset));
        QVERIFY(printModule(*parsed.module).find("T.nki.memset(") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestOpTables)
#include "test_op_tables.moc"
