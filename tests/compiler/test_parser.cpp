// The TVMScript parser: the documented examples of spec 01 and 03 parse, and
// the IR built has the node kinds, dtypes, folded constants and spans the
// reference would give.

#include "ir/layout.h"
#include "ir/make.h"
#include "ir/stmt.h"
#include "ir/tensor_type.h"
#include "ir/trainium_layout.h"
#include "script/parser.h"

#include <QtTest>

#include <string>

using namespace tirx;

namespace {

QByteArray diagText(const ParseResult& r)
{
    return QByteArray::fromStdString(formatDiagnostics(r.diagnostics, "input.py"));
}

ParseResult parseOk(const std::string& src)
{
    ParseResult r = parseModule(src);
    if (!r.ok()) qWarning("%s", diagText(r).constData());
    return r;
}

FunctionRef mainOf(const ParseResult& r) { return r.module ? r.module->find("main") : nullptr; }

// The first statement of kind T in a pre-order walk.
template <class T> const T* findStmt(const Stmt& s)
{
    if (!s) return nullptr;
    if (const auto* hit = as<T>(s)) return hit;
    switch (s->kind()) {
    case StmtKind::Seq:
        for (const auto& c : as<SeqStmtNode>(s)->stmts())
            if (const auto* r = findStmt<T>(c)) return r;
        return nullptr;
    case StmtKind::For: return findStmt<T>(as<ForNode>(s)->body());
    case StmtKind::While: return findStmt<T>(as<WhileNode>(s)->body());
    case StmtKind::If:
        if (const auto* r = findStmt<T>(as<IfNode>(s)->thenBody())) return r;
        return findStmt<T>(as<IfNode>(s)->elseBody());
    case StmtKind::Region: return findStmt<T>(as<RegionNode>(s)->body());
    case StmtKind::Bind:
    case StmtKind::TensorStore:
    case StmtKind::Evaluate:
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Assert: return nullptr;
    }
    return nullptr;
}

const char* kApiDocPrivateAlloc = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

tile = T.Tensor((128, 512), "float32", scope="trn.sbuf",
                layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[tile])
    C = T.alloc_tensor(ty_args=[tile])
    T.trn.tile.activation(C, A, bias=T.float32(1), opcode="exp")
)";

const char* kApiDocExpected = R"(@T.function
def main():
    T.device_entry()
    const_bias = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(const_bias[p, f], T.float32(1))
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    T.trn.tile.activation(C, A, bias=T.float32(1), const_bias=const_bias, opcode="exp")
)";

const char* kNaiveAlloc = R"(@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor([512, 512], "float32", scope="trn.sbuf", layout="PF", allocated_addr=[4096])
    A2 = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((8, 128, 512), scope="trn.psum", allocated_addr=[0, 0])
    B_view = B.view(2, 256, 512)
)";

const char* kLowerLayout = R"(@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 2, 2), "float32", scope="trn.sbuf",
                                          layout=T.TileLayout(T.S[(128, 4):(1 @ P, 1 @ F)]))])
    A[0, 1, 0] = T.float32(1)
)";

const char* kLowerTirx = R"(# from tvm.script import tirx as T
@T.function
def expected(A: T.Tensor((512, 512), layout=None)):
    T.func_attr({"global_symbol": "copy"})
    A_1 = T.decl_tensor((262144,), data=A.data, layout=None)
    A_sbuf = T.alloc_tensor((128, 2048), scope="trn.sbuf")
    for i, b_loop in T.grid(4, 1):
        T.nki.tensorized_instruction()
        for p_loop in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.load(A_sbuf[p_loop, i * 512 + f_loop], A_1[i * 65536 + p_loop * 512 + f_loop])
)";

const char* kCopyInLoop = R"(from tvm.script import tirx as T
from tvm.tirx.layout import F, P, S, TileLayout

@T.function
def copy(A: T.Tensor((512, 512), "float32", layout=T.TileLayout(T.S[(4, 128, 512):(512*128, 512, 1)]))) -> None:
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)]))
    for i in range(4):
        T.trn.tile.load(A_sbuf[i*128:i*128+128, :], A[i*128:i*128+128, :])
)";

const char* kTx1Printed = R"(# from tvm.script import ir as I
# from tvm.script import tirx as T

@I.ir_module
class Module:
    @T.prim_func
    def main(X: T.Buffer((128, 64), "float32", layout=None)):
        T.func_attr({"num_inputs": 1})
        X_1 = X.view(8192)
        xs = T.alloc_buffer((128, 64), scope="trn.sbuf", layout=None, allocated_addr=0)
        for b_loop in range(1):
            T.attr({"tensorized_nki_instruction": 1})
            for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
                for f_loop in T.serial(64, annotations={"nki_dim": "F"}):
                    T.nki.load(xs[p_loop, f_loop], X_1[p_loop * 64 + f_loop])
)";

} // namespace

class TestParser : public QObject {
    Q_OBJECT

private slots:
    void apiDocPrivateAlloc()
    {
        auto r = parseOk(kApiDocPrivateAlloc);
        QVERIFY(r.ok());
        auto f = mainOf(r);
        QVERIFY(f);
        QVERIFY(f->params().empty());
        QVERIFY(!f->isPrivate());
        const auto* gs = as<StringImmNode>(f->attrs().get("global_symbol"));
        QVERIFY(gs);
        QCOMPARE(gs->value(), std::string("main"));
        const auto* region = as<RegionNode>(f->body());
        QVERIFY(region);
        QCOMPARE(region->op(), std::string(kDeviceEntry));
        auto body = stmtList(region->body());
        QCOMPARE(body.size(), size_t(3));
        const auto* bindA = as<BindNode>(body[0]);
        QVERIFY(bindA);
        QVERIFY(bindA->var()->isTensor());
        const auto& ty = bindA->var()->tensorType();
        QCOMPARE(ty->scope(), std::string("trn.sbuf"));
        QVERIFY(ty->layout());
        QCOMPARE(ty->layout()->shard().size(), size_t(2));
        QVERIFY(ty->layout()->shard()[0].axis == Axis::P());
        QVERIFY(ty->layout()->shard()[1].axis == Axis::F());
        const auto* alloc = as<CallNode>(bindA->value());
        QVERIFY(alloc);
        QCOMPARE(alloc->op(), std::string(kAllocTensor));
        QVERIFY(alloc->args().empty());
        QCOMPARE(alloc->tyArgs().size(), size_t(1));
        const auto* ev = as<EvaluateNode>(body[2]);
        QVERIFY(ev);
        const auto* c = as<CallNode>(ev->value());
        QVERIFY(c);
        QCOMPARE(c->op(), std::string("tirx.trn.tile.activation"));
        QCOMPARE(c->args().size(), size_t(5)); // dst, src, scale, bias, const_bias
        QCOMPARE(c->args()[0]->kind(), ExprKind::TensorRegion);
        const auto* scale = as<FloatImmNode>(c->args()[2]);
        QVERIFY(scale);
        QCOMPARE(scale->value(), 1.0);
        const auto* bias = as<FloatImmNode>(c->args()[3]);
        QVERIFY(bias);
        QCOMPARE(bias->dtype(), DataType::float32());
        QCOMPARE(c->args()[4]->kind(), ExprKind::Tuple); // absent workspace
        QVERIFY(as<TupleNode>(c->args()[4])->fields().empty());
        const auto* opcode = as<StringImmNode>(c->attrs().get("opcode"));
        QVERIFY(opcode);
        QCOMPARE(opcode->value(), std::string("exp"));
        QVERIFY(c->attrs().get("scope"));
        // Spans: the call starts at line 12, column 5.
        QCOMPARE(c->span().line, 12u);
        QCOMPARE(c->span().column, 5u);
    }

    void apiDocExpected()
    {
        auto r = parseOk(kApiDocExpected);
        QVERIFY(r.ok());
        auto f = mainOf(r);
        const auto* region = findStmt<RegionNode>(as<RegionNode>(f->body())->body());
        QVERIFY(region);
        QCOMPARE(region->op(), std::string(kTensorizedInstruction));
        const auto* loop = findStmt<ForNode>(region->body());
        QVERIFY(loop);
        QCOMPARE(loop->forKind(), ForKind::Serial);
        QVERIFY(isConstInt(loop->begin(), 0));
        QVERIFY(isConstInt(loop->end(), 128));
        const auto* ann = as<StringImmNode>(loop->annotations().get("nki_dim"));
        QVERIFY(ann);
        QCOMPARE(ann->value(), std::string("P"));
        const auto* ev = findStmt<EvaluateNode>(loop->body());
        const auto* memset = as<CallNode>(ev->value());
        QCOMPARE(memset->op(), std::string("tirx.nki.memset"));
        QCOMPARE(memset->args()[0]->kind(), ExprKind::TensorLoad);
        // The activation call carries the workspace operand.
        auto body = stmtList(as<RegionNode>(f->body())->body());
        const auto* act = as<CallNode>(as<EvaluateNode>(body.back())->value());
        QVERIFY(as<VarNode>(act->args()[4]));
    }

    void naiveAllocatorForms()
    {
        auto r = parseOk(kNaiveAlloc);
        QVERIFY(r.ok());
        auto body = stmtList(mainOf(r)->body());
        QCOMPARE(body.size(), size_t(5));
        const auto* b = as<BindNode>(body[1]);
        const auto* call = as<CallNode>(b->value());
        QCOMPARE(call->args().size(), size_t(1));
        const auto* placement = as<TupleNode>(call->args()[0]);
        QVERIFY(isConstInt(placement->fields()[0], 4096));
        const auto& layout = b->var()->tensorType()->layout();
        QVERIFY(layout);
        QCOMPARE(layout->shard().size(), size_t(3)); // "PF" on (512, 512) → S[(4,128,512):(512@F,1@P,1@F)]
        QVERIFY(isConstInt(layout->shard()[0].stride, 512));
        QVERIFY(layout->shard()[1].axis == Axis::P());
        const auto* acc = as<BindNode>(body[3]);
        QVERIFY(!acc->var()->tensorType()->layout()); // psum without layout= → None
        QCOMPARE(as<TupleNode>(as<CallNode>(acc->value())->args()[0])->fields().size(), size_t(2));
        const auto* view = as<BindNode>(body[4]);
        const auto* decl = as<CallNode>(view->value());
        QCOMPARE(decl->op(), std::string(kDeclTensor));
        QCOMPARE(as<CallNode>(decl->args()[0])->op(), std::string(kTensorDataPtr));
        QCOMPARE(view->var()->tensorType()->shape().size(), size_t(3));
        QCOMPARE(view->var()->tensorType()->layout(), layout); // parent's layout object unchanged
    }

    void tx2AndTx3AllocGiveSameType()
    {
        auto r = parseOk(R"(@T.function
def main():
    A = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", allocated_addr=[0])
    B = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
)");
        QVERIFY(r.ok());
        auto body = stmtList(mainOf(r)->body());
        const auto* a = as<BindNode>(body[0]);
        const auto* b = as<BindNode>(body[1]);
        const auto& ta = a->var()->tensorType();
        const auto& tb = b->var()->tensorType();
        QCOMPARE(ta->scope(), tb->scope());
        QCOMPARE(ta->dtype(), tb->dtype());
        QCOMPARE(ta->layout(), tb->layout());
        QCOMPARE(as<CallNode>(a->value())->args().size(), as<CallNode>(b->value())->args().size());
    }

    void constantTypesAreSharedPerKind()
    {
        auto r = parseOk(R"(@T.function
def main(n: T.int32):
    A = T.alloc_tensor((128, 8), "int8", scope="trn.sbuf")
    B = T.alloc_tensor((128, 8), "int8", scope="trn.sbuf")
    C = T.alloc_tensor((128, 8), "int16", scope="trn.sbuf")
    D = T.alloc_tensor((128, 8), "int8", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 8):(1 @ P, 1 @ F)]))
    E = T.alloc_tensor((128, 8), "int8", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 8):(1 @ P, 1 @ F)]))
    G = T.alloc_tensor((n, 8), "int8", scope="trn.sbuf")
    H = T.alloc_tensor((n, 8), "int8", scope="trn.sbuf")
    I = T.alloc_tensor((T.int64(128), 8), "int8", scope="trn.sbuf")
)");
        QVERIFY(r.ok());
        auto body = stmtList(mainOf(r)->body());
        QCOMPARE(body.size(), size_t(8));
        auto type = [&](size_t i) { return as<BindNode>(body[i])->var()->tensorType(); };
        QCOMPARE(type(0), type(1));  // identical declarations: one node
        QVERIFY(type(2) != type(0)); // another dtype
        QVERIFY(type(3) != type(0)); // a layout
        QCOMPARE(type(3), type(4));  // identical layouts too
        QVERIFY(type(5) != type(6)); // symbolic shapes are never merged
        QVERIFY(type(7) != type(0)); // a constant of another dtype
        QCOMPARE(type(7)->shape().front()->dtype(), DataType::int64());
        QVERIFY(constantTypeKey(*type(5)).empty());
    }

    void lowerLayoutExample()
    {
        auto r = parseOk(kLowerLayout);
        QVERIFY(r.ok());
        const auto* store = findStmt<TensorStoreNode>(mainOf(r)->body());
        QVERIFY(store);
        QCOMPARE(store->indices().size(), size_t(3));
        QVERIFY(as<FloatImmNode>(store->value()));
    }

    void lowerTirxExample()
    {
        auto r = parseOk(kLowerTirx);
        QVERIFY(r.ok());
        auto f = r.module->functions().front().second;
        QCOMPARE(r.module->functions().front().first, std::string("main"));
        const auto* gs = as<StringImmNode>(f->attrs().get("global_symbol"));
        QCOMPARE(gs->value(), std::string("copy"));
        QVERIFY(!f->params()[0]->tensorType()->layout());
        const auto* outer = findStmt<ForNode>(f->body());
        QVERIFY(outer);
        const auto* inner = as<ForNode>(outer->body());
        QVERIFY(inner);
        QVERIFY(isConstInt(inner->end(), 1));
        const auto* region = as<RegionNode>(inner->body());
        QVERIFY(region);
        QCOMPARE(region->op(), std::string(kTensorizedInstruction));
        const auto* ev = findStmt<EvaluateNode>(region->body());
        const auto* load = as<CallNode>(ev->value());
        const auto* src = as<TensorLoadNode>(load->args()[1]);
        QVERIFY(src);
        // i * 65536 + p_loop * 512 + f_loop: ((i*65536) + (p_loop*512)) + f_loop
        const auto* top = as<BinaryNode>(src->indices()[0]);
        QCOMPARE(top->op(), BinaryOp::Add);
        QVERIFY(as<VarNode>(top->b()));
    }

    void copyInLoopRegions()
    {
        auto r = parseOk(kCopyInLoop);
        QVERIFY(r.ok());
        const auto* ev = findStmt<EvaluateNode>(mainOf(r)->body());
        const auto* call = as<CallNode>(ev->value());
        const auto* dst = as<TensorRegionNode>(call->args()[0]);
        QVERIFY(dst);
        QCOMPARE(dst->ranges().size(), size_t(2));
        QVERIFY(isConstInt(dst->ranges()[1].min, 0));
        QVERIFY(isConstInt(dst->ranges()[1].extent, 512));
        const auto* param = mainOf(r)->params()[0].get();
        QVERIFY(isConstInt(param->tensorType()->layout()->shard()[0].stride, 65536)); // 512*128 folded
        QVERIFY(param->tensorType()->layout()->shard()[0].axis == Axis::m());
    }

    void tx1PrintedForm()
    {
        auto r = parseOk(kTx1Printed);
        QVERIFY(r.ok());
        auto f = mainOf(r);
        QVERIFY(f);
        auto body = stmtList(f->body());
        const auto* xs = as<BindNode>(body[1]);
        QVERIFY(xs);
        const auto* alloc = as<CallNode>(xs->value());
        QVERIFY(isConstInt(as<TupleNode>(alloc->args()[0])->fields()[0], 0));
        QVERIFY(findStmt<RegionNode>(f->body()));
    }

    void literals()
    {
        auto r = parseOk(R"(N = 0x10 + 1_000 + 0o7 + 0b11
X = 2 * 512 * 4
@T.function
def main(A: T.Tensor((16,), "float32")):
    a = N
    b = 1.5e3
    c = 1.
    d = T.int64(5)
    e = True
    f = X
    g = 3 // 2 + -7 % 3
    h = T.bool(False)
)");
        QVERIFY(r.ok());
        auto body = stmtList(mainOf(r)->body());
        auto value = [&](size_t i) { return as<BindNode>(body[i])->value(); };
        QVERIFY(isConstInt(value(0), 16 + 1000 + 7 + 3));
        QCOMPARE(as<FloatImmNode>(value(1))->value(), 1500.0);
        QCOMPARE(value(2)->dtype(), DataType::float32());
        QCOMPARE(value(3)->dtype(), DataType::int64());
        QCOMPARE(value(4)->dtype(), DataType::boolean());
        QVERIFY(isConstInt(value(5), 4096));
        QVERIFY(isConstInt(value(6), 1 + 2)); // Python floor semantics: -7 % 3 == 2
        QCOMPARE(value(7)->dtype(), DataType::boolean());
    }

    void precedenceAndFolding()
    {
        auto r = parseOk(R"(@T.function
def main(A: T.Tensor((4096,), "float32"), n: T.int32):
    for i in range(4):
        x = i * 512 + 0 * n
        y = (i + 1) * 512 - 512
        z = i // 16 * 64 + i % 4 * 16
        w = T.max(i, n) < 3 and not i == 2
)");
        QVERIFY(r.ok());
        const auto* loop = findStmt<ForNode>(mainOf(r)->body());
        auto body = stmtList(loop->body());
        const auto* x = as<BinaryNode>(as<BindNode>(body[0])->value());
        QCOMPARE(x->op(), BinaryOp::Mul); // i * 512 + 0 * n folds to i * 512
        const auto* y = as<BinaryNode>(as<BindNode>(body[1])->value());
        QCOMPARE(y->op(), BinaryOp::Sub); // kept as written
        const auto* z = as<BinaryNode>(as<BindNode>(body[2])->value());
        QCOMPARE(z->op(), BinaryOp::Add);
        QCOMPARE(as<BinaryNode>(z->a())->op(), BinaryOp::Mul);
        const auto* w = as<BinaryNode>(as<BindNode>(body[3])->value());
        QCOMPARE(w->op(), BinaryOp::And);
        QCOMPARE(w->dtype(), DataType::boolean());
    }

    void logicalCallsAreTheOperators()
    {
        // T.And / T.Or / T.Not, TVMScript's function forms of and / or / not,
        // build the same nodes as the operators.
        auto r = parseOk(R"(@T.function
def main(n: T.int32):
    for i in range(4):
        a = T.Or(i < n, T.Not(i == 2))
        b = T.And(i < n, i > 0)
)");
        QVERIFY(r.ok());
        const auto* loop = findStmt<ForNode>(mainOf(r)->body());
        auto body = stmtList(loop->body());
        const auto* a = as<BinaryNode>(as<BindNode>(body[0])->value());
        QCOMPARE(a->op(), BinaryOp::Or);
        QVERIFY(as<NotNode>(a->b()));
        QCOMPARE(as<BinaryNode>(as<BindNode>(body[1])->value())->op(), BinaryOp::And);
        QVERIFY(!parseModule("@T.function\ndef main(n: T.int32):\n    a = T.Not(n < 1, n)\n").ok());
    }

    void layoutNotation()
    {
        auto r = parseOk(R"(L1 = T.TileLayout(T.S[4, 8])
L2 = T.TileLayout(T.S[(128, 32 * 32 * 4):(1@P, 1@F)])
L3 = T.TileLayout(T.S[(2, 8):(4 @ F, 1 @ P)] + 2 @ F + 3)
L4 = T.TileLayout.from_iters(shard=[T.Iter(128, 1, "P"), T.Iter(512, 1, "F")], replica=[], offset={})
@T.function
def main(A: T.Tensor((4, 8), "float32", layout=L1), B: T.Tensor((128, 4096), "float32", layout=L2),
         C: T.Tensor((16,), "float32", scope="trn.sbuf", layout=L3), D: T.Tensor((128, 512), "float32", layout=L4)):
    pass
)");
        QVERIFY(r.ok());
        auto f = mainOf(r);
        const auto& l1 = f->params()[0]->tensorType()->layout();
        QVERIFY(isConstInt(l1->shard()[0].stride, 8));
        const auto& l2 = f->params()[1]->tensorType()->layout();
        QVERIFY(isConstInt(l2->shard()[1].extent, 4096));
        const auto& l3 = f->params()[2]->tensorType()->layout();
        QCOMPARE(l3->offset().size(), size_t(2));
        const auto& l4 = f->params()[3]->tensorType()->layout();
        QVERIFY(l4->shard()[0].axis == Axis::P());
    }

    void lambdaPredicate()
    {
        auto r = parseOk(R"(@T.function
def main():
    A = T.alloc_tensor((128, 128), "float32", scope="trn.sbuf")
    T.trn.tile.affine_select(A, A, T.float32(0.0), lambda r, c: r >= c)
)");
        QVERIFY(r.ok());
        const auto* ev = findStmt<EvaluateNode>(mainOf(r)->body());
        const auto* c = as<CallNode>(ev->value());
        const auto* pred = as<CallNode>(c->args()[3]);
        QVERIFY(pred);
        QCOMPARE(pred->op(), std::string("tirx.lambda"));
    }

    void loopsAndControlFlow()
    {
        auto r = parseOk(R"(@T.function(private=True)
def main(A: T.Tensor((16,), "float32")):
    for i in T.serial(0, 16, unroll=True):
        if i < 4:
            A[i] = 0.0
        elif i < 8:
            continue
        else:
            break
    for j in T.unroll(4):
        pass
    while False:
        pass
    assert True, "msg"
)");
        QVERIFY(r.ok());
        auto f = mainOf(r);
        QVERIFY(f->isPrivate());
        const auto* loop = findStmt<ForNode>(f->body());
        QVERIFY(loop->annotations().get("pragma_unroll"));
        const auto* store = findStmt<TensorStoreNode>(f->body());
        QCOMPARE(store->value()->dtype(), DataType::float32());
        const auto* ifs = findStmt<IfNode>(f->body());
        QVERIFY(as<IfNode>(ifs->elseBody()));
        QVERIFY(findStmt<AssertNode>(f->body()));
    }

    void targetBlock()
    {
        auto r = parseOk(R"(import tvm
target = tvm.target.Target("aws/trn1/trn1.2xlarge")
with target:
    @T.function
    def main():
        T.func_attr({"target": T.target("trn1")})
)");
        QVERIFY(r.ok());
        QCOMPARE(r.target.value_or(""), std::string("aws/trn1/trn1.2xlarge"));
        const auto* t = as<CallNode>(mainOf(r)->attrs().get("target"));
        QVERIFY(t);
        QCOMPARE(t->op(), std::string("target"));
    }

    // The parser reads a small window of tokens: what it needs from far back
    // (a function's name, after a long body) must have been kept.
    void longFunctionsKeepTheirNames()
    {
        std::string body;
        for (int i = 0; i < 300; ++i) body += "        x" + std::to_string(i) + " = " + std::to_string(i) + " + 1\n";
        const std::string src =
            "@T.ir_module\nclass M:\n    @T.function\n    def f():\n" + body + "    @T.function\n    def f():\n" + body;
        const ParseResult r = parseModule(src);
        QVERIFY(!r.ok());
        const uint32_t secondDefLine = 4 + 300 + 2;
        bool found = false;
        for (const auto& d : r.diagnostics) {
            if (d.message == "function 'f' is defined twice" && d.span.line == secondDefLine && d.span.column == 9)
                found = true;
        }
        QVERIFY2(found, diagText(r).constData());

        const ParseResult one = parseOk("@T.function\ndef kernel():\n" + body);
        QVERIFY(one.ok());
        const auto* gs = as<StringImmNode>(mainOf(one)->attrs().get("global_symbol"));
        QVERIFY(gs);
        QCOMPARE(gs->value(), std::string("kernel"));
        QCOMPARE(gs->span().line, 2u);
        QCOMPARE(gs->span().column, 5u);
    }

    // Closing many blocks at once gives more Dedent tokens in a row than the
    // parser's token window holds.
    void deepNestingEndsInOneDedentBurst()
    {
        const int depth = 90;
        std::string src = "@T.function\ndef main():\n";
        for (int i = 0; i < depth; ++i)
            src += std::string(static_cast<size_t>(i + 1) * 4, ' ') + "for i" + std::to_string(i) + " in range(2):\n";
        src += std::string(static_cast<size_t>(depth + 1) * 4, ' ') + "T.evaluate(i0 + i" + std::to_string(depth - 1) +
               ")\n";
        const ParseResult r = parseOk(src);
        QVERIFY(r.ok());
        int loops = 0;
        Stmt s = mainOf(r)->body();
        while (s) {
            if (const auto* seq = as<SeqStmtNode>(s)) {
                s = seq->stmts().size() == 1 ? seq->stmts().front() : nullptr;
            } else if (const auto* loop = as<ForNode>(s)) {
                QCOMPARE(loop->var()->name(), "i" + std::to_string(loops));
                ++loops;
                s = loop->body();
            } else {
                s = nullptr;
            }
        }
        QCOMPARE(loops, depth);
    }

    // The lexer reports an unclosed bracket only when it reaches the end of
    // the file; its message still replaces the parser's at that position.
    void unclosedBracketMessageWins()
    {
        const ParseResult r = parseModule("@T.function\ndef main() (\n    pass\n");
        QVERIFY(!r.ok());
        bool unclosed = false;
        for (const auto& d : r.diagnostics) {
            if (d.span.line == 2 && d.span.column == 12) {
                QCOMPARE(d.message, std::string("'(' was never closed"));
                unclosed = true;
            }
        }
        QVERIFY2(unclosed, diagText(r).constData());
    }

    void trainiumLayoutConstructors()
    {
        auto shape = std::vector<Expr>{intImm(32), intImm(512), intImm(512)};
        auto r = trainiumLayout("FPF", shape);
        QVERIFY(r.layout);
        const auto& s = r.layout->shard();
        QCOMPARE(s.size(), size_t(4));
        QVERIFY(isConstInt(s[0].extent, 32) && isConstInt(s[0].stride, 512));
        QVERIFY(isConstInt(s[1].extent, 4) && isConstInt(s[1].stride, 16384));
        QVERIFY(s[2].axis == Axis::P());
        auto p = trainiumLayout("PF", {intImm(128), intImm(512)}, true);
        QVERIFY(p.layout);
        QCOMPARE(p.layout->shard().size(), size_t(3));
        QVERIFY(p.layout->shard()[1].axis == Axis::bank());
        auto multi = trainiumLayout("FPPF", {intImm(2), intImm(4), intImm(32), intImm(512)});
        QVERIFY(isConstInt(multi.layout->shard()[1].stride, 32));
        QVERIFY(!trainiumLayout("PP", {intImm(64), intImm(4)}).layout);
        QVERIFY(!trainiumLayout("PF", {intImm(200), intImm(4)}).layout);
    }
};

QTEST_APPLESS_MAIN(TestParser)
#include "test_parser.moc"
