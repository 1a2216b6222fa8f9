// The callable table: names, look-ups, NKI operand counts and defaults (spec 06
// §1.2), tile-op operand order (spec 05 §4, spec 01 §8), suggestions and
// call-tip text.

#include "ir/callables.h"

#include <QSet>
#include <QString>
#include <QtTest>

#include <initializer_list>
#include <string_view>

using namespace tirx;

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

const Callable& get(std::string_view name)
{
    const Callable* c = findCallable(name);
    if (c == nullptr)
        qFatal("callable %s missing", QByteArray(name.data(), static_cast<qsizetype>(name.size())).constData());
    return *c;
}

const CallableParam* param(const Callable& c, std::string_view name)
{
    for (const CallableParam& p : c.params) {
        if (p.name == name) return &p;
    }
    return nullptr;
}

QStringList names(std::initializer_list<const char*> list)
{
    QStringList out;
    for (const char* n : list) out << QString::fromLatin1(n);
    return out;
}

QStringList paramNames(const Callable& c)
{
    QStringList names;
    for (const CallableParam& p : c.params) names << qs(p.name);
    return names;
}

} // namespace

class TestCallables : public QObject {
    Q_OBJECT

private slots:
    void namesAreUnique()
    {
        QSet<QString> seen;
        for (const Callable& c : callables()) {
            QVERIFY2(!seen.contains(qs(c.name)), qPrintable(qs(c.name)));
            seen.insert(qs(c.name));
            QVERIFY2(!c.doc.empty(), qPrintable(qs(c.name)));
            QSet<QString> params;
            for (const CallableParam& p : c.params) {
                QVERIFY2(!params.contains(qs(p.name)), qPrintable(qs(c.name) + QStringLiteral(".") + qs(p.name)));
                params.insert(qs(p.name));
            }
        }
        QVERIFY(callables().size() > 80);
    }

    void everyEntryIsFindable()
    {
        for (const Callable& c : callables()) {
            QCOMPARE(findCallable(c.name), &c);
            if (c.op.empty()) continue;
            const Callable* byOp = findCallableByOp(c.op);
            QVERIFY2(byOp != nullptr, qPrintable(qs(c.op)));
            QCOMPARE(qs(byOp->op), qs(c.op));
            if (c.replacedBy.empty()) {
                QCOMPARE(byOp, &c);
                QCOMPARE(findCallable(c.op), &c);
            } else {
                QCOMPARE(qs(byOp->name), qs(c.replacedBy));
            }
        }
    }

    void oldSpellingsNameExistingEntries()
    {
        for (const Callable& c : callables()) {
            if (!c.replacedBy.empty()) QVERIFY2(findCallable(c.replacedBy) != nullptr, qPrintable(qs(c.name)));
        }
        QCOMPARE(qs(get("T.prim_func").replacedBy), QStringLiteral("T.function"));
        QCOMPARE(qs(get("T.alloc_buffer").replacedBy), QStringLiteral("T.alloc_tensor"));
        QCOMPARE(qs(get("T.decl_buffer").replacedBy), QStringLiteral("T.decl_tensor"));
        QCOMPARE(qs(get("T.Buffer").replacedBy), QStringLiteral("T.Tensor"));
    }

    void aliases()
    {
        const Callable* memset = findCallable("T.nki.memset");
        QVERIFY(memset != nullptr);
        QCOMPARE(findCallable("nki.memset"), memset);
        QCOMPARE(findCallable("tirx.nki.memset"), memset);
        QCOMPARE(findCallable("T.nki_memset"), memset);
        QCOMPARE(findCallable("nki_memset"), memset);
        QCOMPARE(findCallable("tirx.nki_memset"), memset);
        QCOMPARE(findCallableByOp("tirx.nki_memset"), memset);
        QCOMPARE(findCallable("trn.tile.load"), findCallable("T.trn.tile.load"));
        QCOMPARE(findCallable("min"), findCallable("T.min"));
        QVERIFY(findCallable("T.nki.no_such") == nullptr);
        QVERIFY(findCallable("T.nki_") == nullptr);
        QVERIFY(findCallableByOp("T.nki.memset") == nullptr);
    }

    void nkiOperandCounts_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("engine");
        QTest::newRow("matmul") << QStringLiteral("T.nki.matmul") << 4 << QStringLiteral("Tensor");
        QTest::newRow("activation") << QStringLiteral("T.nki.activation") << 5 << QStringLiteral("Scalar");
        QTest::newRow("activation_reduce")
            << QStringLiteral("T.nki.activation_reduce") << 7 << QStringLiteral("Scalar");
        QTest::newRow("tensortensor") << QStringLiteral("T.nki.tensortensor") << 4 << QStringLiteral("Vector");
        QTest::newRow("tensorscalar") << QStringLiteral("T.nki.tensorscalar") << 5 << QStringLiteral("Any");
        QTest::newRow("tensorscalar_reduce")
            << QStringLiteral("T.nki.tensorscalar_reduce") << 7 << QStringLiteral("Vector");
        QTest::newRow("scalar_tensor_tensor")
            << QStringLiteral("T.nki.scalar_tensor_tensor") << 8 << QStringLiteral("Vector");
        QTest::newRow("scalar_tensor_scalar")
            << QStringLiteral("T.nki.scalar_tensor_scalar") << 8 << QStringLiteral("Any");
        QTest::newRow("identity") << QStringLiteral("T.nki.identity") << 2 << QStringLiteral("DMA");
        QTest::newRow("affine_select") << QStringLiteral("T.nki.affine_select") << 4 << QStringLiteral("GpSimd");
        QTest::newRow("load") << QStringLiteral("T.nki.load") << 2 << QStringLiteral("DMA");
        QTest::newRow("store") << QStringLiteral("T.nki.store") << 2 << QStringLiteral("DMA");
        QTest::newRow("tensor_copy") << QStringLiteral("T.nki.tensor_copy") << 2 << QStringLiteral("Any");
        QTest::newRow("reciprocal") << QStringLiteral("T.nki.reciprocal") << 2 << QStringLiteral("Any");
        QTest::newRow("memset") << QStringLiteral("T.nki.memset") << 2 << QStringLiteral("Any");
        QTest::newRow("tensorreduce") << QStringLiteral("T.nki.tensorreduce") << 5 << QStringLiteral("Vector");
    }

    void nkiOperandCounts()
    {
        QFETCH(QString, name);
        QFETCH(int, count);
        QFETCH(QString, engine);
        const Callable& c = get(name.toStdString());
        QCOMPARE(c.kind, CallableKind::NkiInstruction);
        QCOMPARE(static_cast<int>(c.params.size()), count);
        QCOMPARE(qs(engineName(c.engine)), engine);
        QCOMPARE(qs(c.op), QStringLiteral("tirx.") + name.mid(2));
        for (const CallableParam& p : c.params) {
            QVERIFY(!p.keywordOnly);
            QVERIFY(p.role == ParamRole::Tensor || p.role == ParamRole::Scalar);
        }
    }

    void nkiInstructionSet()
    {
        int count = 0;
        for (const Callable& c : callables()) {
            if (c.kind == CallableKind::NkiInstruction) ++count;
        }
        QCOMPARE(count, 16);
        QCOMPARE(get("T.nki.tensorized_instruction").kind, CallableKind::Region);
        QVERIFY(get("T.nki.tensorized_instruction").params.empty());
    }

    void nkiDefaults()
    {
        const Callable& act = get("T.nki.activation");
        QCOMPARE(paramNames(act), names({"result", "data", "opcode", "bias", "scale"}));
        QCOMPARE(qs(defaultText(param(act, "bias")->defaultValue)), QStringLiteral("0.0"));
        QCOMPARE(qs(defaultText(param(act, "scale")->defaultValue)), QStringLiteral("1.0"));
        QVERIFY(!param(act, "opcode")->hasDefault());
        QCOMPARE(param(act, "result")->role, ParamRole::Tensor);
        QCOMPARE(param(act, "opcode")->role, ParamRole::Scalar);

        const Callable& ar = get("T.nki.activation_reduce");
        QCOMPARE(qs(defaultText(param(ar, "bias")->defaultValue)), QStringLiteral("0.0"));
        QCOMPARE(qs(defaultText(param(ar, "scale")->defaultValue)), QStringLiteral("1.0"));

        const Callable& mm = get("T.nki.matmul");
        QCOMPARE(paramNames(mm), names({"res", "lhs", "rhs", "accum"}));
        QCOMPARE(qs(defaultText(param(mm, "accum")->defaultValue)), QStringLiteral("True"));

        QCOMPARE(qs(defaultText(param(get("T.nki.tensorscalar"), "reverse")->defaultValue)), QStringLiteral("False"));
        QCOMPARE(qs(defaultText(param(get("T.nki.tensorscalar_reduce"), "reverse")->defaultValue)),
                 QStringLiteral("False"));
        for (const char* chain : {"T.nki.scalar_tensor_tensor", "T.nki.scalar_tensor_scalar"}) {
            const Callable& c = get(chain);
            QCOMPARE(paramNames(c),
                     names({"result", "data", "operand0", "operand1", "opcode0", "opcode1", "reverse0", "reverse1"}));
            QCOMPARE(qs(defaultText(param(c, "reverse0")->defaultValue)), QStringLiteral("False"));
            QCOMPARE(qs(defaultText(param(c, "reverse1")->defaultValue)), QStringLiteral("False"));
        }

        const Callable& red = get("T.nki.tensorreduce");
        QCOMPARE(paramNames(red), names({"result", "data", "opcode", "negate", "axes"}));
        QVERIFY(red.params.back().variadic);
        QCOMPARE(paramNames(get("T.nki.affine_select")), names({"result", "pred", "true_value", "false_value"}));
    }

    void tileOpsPresent()
    {
        const char* names[] = {"load",
                               "store",
                               "tensor_copy",
                               "memset",
                               "reciprocal",
                               "activation",
                               "tensortensor",
                               "tensorscalar",
                               "tensorreduce",
                               "matmul",
                               "affine_select",
                               "scalar_tensor_scalar",
                               "scalar_tensor_tensor",
                               "tensorscalar_reduce",
                               "activation_reduce"};
        for (const char* n : names) {
            const QString name = QStringLiteral("T.trn.tile.") + QString::fromLatin1(n);
            const Callable& c = get(name.toStdString());
            QCOMPARE(c.kind, CallableKind::TileOp);
            QCOMPARE(qs(c.op), QStringLiteral("tirx.") + name.mid(2));
            const CallableParam* scope = param(c, "scope");
            QVERIFY2(scope != nullptr, n);
            QCOMPARE(scope->role, ParamRole::Qualifier);
            QVERIFY(scope->keywordOnly);
            QCOMPARE(qs(defaultText(scope->defaultValue)), QStringLiteral("\"thread\""));
            // Operands come first, qualifiers last; every qualifier is keyword-only.
            bool inQualifiers = false;
            for (const CallableParam& p : c.params) {
                if (p.role == ParamRole::Qualifier) {
                    inQualifiers = true;
                    QVERIFY(p.keywordOnly);
                    QVERIFY(p.optional);
                } else {
                    QVERIFY2(!inQualifiers, n);
                }
                if (p.role == ParamRole::Workspace) QVERIFY(p.optional);
            }
        }
    }

    void tileMatmulOrder()
    {
        // Spec 01 §8: T.trn.tile.matmul(C, A, B, C, False, False, T.float32(1.0), T.float32(0.0),
        // acc_psum=acc)
        const Callable& mm = get("T.trn.tile.matmul");
        QCOMPARE(paramNames(mm),
                 names({"D", "A", "B", "C", "transpose_A", "transpose_B", "alpha", "beta", "acc_psum", "scope"}));
        QCOMPARE(mm.params[0].role, ParamRole::Tensor);
        QVERIFY(!mm.params[0].optional);
        QVERIFY(mm.params[3].optional);
        QCOMPARE(mm.params[4].role, ParamRole::Scalar);
        QCOMPARE(qs(defaultText(mm.params[4].defaultValue)), QStringLiteral("False"));
        QCOMPARE(qs(defaultText(mm.params[6].defaultValue)), QStringLiteral("1.0"));
        QCOMPARE(qs(defaultText(mm.params[7].defaultValue)), QStringLiteral("0.0"));
        QCOMPARE(mm.params[8].role, ParamRole::Workspace);
    }

    void tileOperandsAndQualifiers()
    {
        const Callable& act = get("T.trn.tile.activation");
        QCOMPARE(paramNames(act),
                 names({"dst", "src", "scale", "bias", "const_bias", "scope", "opcode", "max_inst_size"}));
        QCOMPARE(qs(defaultText(param(act, "scale")->defaultValue)), QStringLiteral("1.0"));
        QCOMPARE(qs(defaultText(param(act, "bias")->defaultValue)), QStringLiteral("0.0"));
        QCOMPARE(param(act, "const_bias")->role, ParamRole::Workspace);
        QCOMPARE(qs(defaultText(param(act, "opcode")->defaultValue)), QStringLiteral("\"exp\""));
        QCOMPARE(qs(defaultText(param(act, "max_inst_size")->defaultValue)), QStringLiteral("512"));

        const Callable& red = get("T.trn.tile.tensorreduce");
        QCOMPARE(paramNames(red),
                 names({"dst", "src", "partial_reduce", "scope", "reduce_op", "axes", "negate", "max_inst_size"}));
        QCOMPARE(qs(defaultText(param(red, "reduce_op")->defaultValue)), QStringLiteral("\"sum\""));
        QCOMPARE(qs(defaultText(param(red, "axes")->defaultValue)), QStringLiteral("[-1]"));
        QCOMPARE(qs(defaultText(param(red, "max_inst_size")->defaultValue)), QStringLiteral("None"));

        QCOMPARE(paramNames(get("T.trn.tile.activation_reduce")),
                 names({"dst", "reduced", "src", "scale", "bias", "const_bias", "partial_reduce", "scope", "opcode",
                        "reduce_op", "axes", "max_inst_size"}));
        QCOMPARE(paramNames(get("T.trn.tile.tensorscalar_reduce")),
                 names({"dst", "reduced", "lhs", "rhs", "partial_reduce", "scope", "opcode", "reduce_op", "axes",
                        "max_inst_size"}));
        QCOMPARE(paramNames(get("T.trn.tile.scalar_tensor_scalar")),
                 names({"dst", "data", "operand0", "operand1", "scope", "op0", "op1", "reverse1", "max_inst_size"}));
        QCOMPARE(paramNames(get("T.trn.tile.affine_select")),
                 names({"dst", "true_value", "false_value", "pred", "scope"}));
        QCOMPARE(paramNames(get("T.trn.tile.load")), names({"dst", "src", "scope"}));
        QCOMPARE(paramNames(get("T.trn.tile.tensor_copy")), names({"dst", "src", "scope", "max_inst_size"}));
        QCOMPARE(param(get("T.trn.tile.memset"), "src")->role, ParamRole::Scalar);
    }

    void coreEntries()
    {
        for (const char* n : {"T.function",
                              "T.ir_module",
                              "T.func_attr",
                              "T.device_entry",
                              "T.device_scope",
                              "T.region",
                              "T.alloc_tensor",
                              "T.decl_tensor",
                              "T.Tensor",
                              "T.handle",
                              "T.float32",
                              "T.float16",
                              "T.bfloat16",
                              "T.int8",
                              "T.int16",
                              "T.int32",
                              "T.int64",
                              "T.uint8",
                              "T.uint16",
                              "T.uint32",
                              "T.uint64",
                              "T.bool",
                              "T.float64",
                              "T.float8_e4m3",
                              "T.float8_e5m2",
                              "T.serial",
                              "T.parallel",
                              "T.unroll",
                              "T.vectorized",
                              "T.grid",
                              "T.min",
                              "T.max",
                              "T.Select",
                              "T.if_then_else",
                              "T.Cast",
                              "T.floordiv",
                              "T.floormod",
                              "T.truncdiv",
                              "T.truncmod",
                              "T.Div",
                              "T.Ramp",
                              "T.Broadcast",
                              "T.let",
                              "T.target",
                              "T.attr",
                              "T.TileLayout",
                              "T.TileLayout.from_iters",
                              "T.S",
                              "T.R",
                              "T.Iter",
                              "T.dynamic",
                              "T.evaluate"}) {
            QVERIFY2(findCallable(n) != nullptr, n);
        }
        QCOMPARE(get("T.device_entry").kind, CallableKind::Region);
        QCOMPARE(qs(get("T.device_entry").op), QStringLiteral("tirx.device_entry"));
        QCOMPARE(get("T.serial").kind, CallableKind::Loop);
        QCOMPARE(get("T.TileLayout").kind, CallableKind::Layout);

        const Callable& alloc = get("T.alloc_tensor");
        for (const char* p : {"shape", "dtype", "data", "strides", "elem_offset", "byte_offset", "scope", "align",
                              "offset_factor", "layout", "allocated_addr", "annotations", "ty_args", "attrs"}) {
            QVERIFY2(param(alloc, p) != nullptr, p);
        }
        QVERIFY(param(alloc, "ty_args")->keywordOnly);
        QCOMPARE(qs(defaultText(param(alloc, "dtype")->defaultValue)), QStringLiteral("\"float32\""));
        QCOMPARE(findCallableByOp("tirx.alloc_tensor"), &alloc);
        QVERIFY(param(get("T.decl_tensor"), "ty_args") != nullptr);
    }

    void nearest()
    {
        const Callable* m = nearestCallable("T.nki.memst");
        QVERIFY(m != nullptr);
        QCOMPARE(qs(m->name), QStringLiteral("T.nki.memset"));
        const Callable* a = nearestCallable("T.trn.tile.activaton");
        QVERIFY(a != nullptr);
        QCOMPARE(qs(a->name), QStringLiteral("T.trn.tile.activation"));
        QVERIFY(nearestCallable("T.zzzzzzz") == nullptr);
        // The namespace restricts the candidates: a tile-op typo never suggests an NKI instruction.
        const Callable* t = nearestCallable("T.trn.tile.tensorcopy");
        QVERIFY(t != nullptr);
        QCOMPARE(qs(t->name), QStringLiteral("T.trn.tile.tensor_copy"));
        const Callable* s = nearestCallable("T.serail");
        QVERIFY(s != nullptr);
        QCOMPARE(qs(s->name), QStringLiteral("T.serial"));
        QVERIFY(nearestCallable("T.trn.tile.qqqqqqqqqq") == nullptr);
    }

    void signatures()
    {
        QCOMPARE(qs(signatureText(get("T.nki.activation"))),
                 QStringLiteral("T.nki.activation(result, data, opcode, bias=0.0, scale=1.0)"));
        QCOMPARE(qs(signatureText(get("T.nki.tensorreduce"))),
                 QStringLiteral("T.nki.tensorreduce(result, data, opcode, negate, *axes)"));
        QCOMPARE(qs(signatureText(get("T.trn.tile.load"))),
                 QStringLiteral("T.trn.tile.load(dst, src, *, scope=\"thread\")"));
        QCOMPARE(qs(signatureText(get("T.trn.tile.matmul"))),
                 QStringLiteral("T.trn.tile.matmul(D, A, B, C=None, transpose_A=False, transpose_B=False, "
                                "alpha=1.0, beta=0.0, acc_psum=None, *, scope=\"thread\")"));
        QCOMPARE(qs(signatureText(get("T.device_entry"))), QStringLiteral("T.device_entry()"));
    }

    void engineNames()
    {
        QCOMPARE(qs(engineName(Engine::None)), QStringLiteral("None"));
        QCOMPARE(qs(engineName(Engine::Tensor)), QStringLiteral("Tensor"));
        QCOMPARE(qs(engineName(Engine::Dma)), QStringLiteral("DMA"));
        QCOMPARE(qs(engineName(Engine::GpSimd)), QStringLiteral("GpSimd"));
        for (const Callable& c : callables()) {
            if (c.kind != CallableKind::NkiInstruction)
                QCOMPARE(c.engine, Engine::None);
            else
                QVERIFY(c.engine != Engine::None);
        }
    }
};

QTEST_APPLESS_MAIN(TestCallables)
#include "test_callables.moc"
