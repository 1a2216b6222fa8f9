// The NKI spellings of ir/nki_ops.def against the text the printers emit:
// for every instruction row a one-instruction kernel is lowered and printed
// in both APIs, and the instruction's line must call the row's function for
// that API. A row whose spelling and the emitted text disagree fails here.

#include "codegen_case.h"

#include "codegen/nki_form.h"
#include "ir/callables.h"

#include <QtTest>

#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace tirx;

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// One call of each instruction, written as a user would, over the tensors
// of kernelCalling; `matmulLoops` gives it the P / lhs_F / rhs_F nest.
struct Sample {
    std::string call;
    bool matmulLoops = false;
};

const std::map<std::string_view, Sample>& samples()
{
    static const std::map<std::string_view, Sample> s = {
        {"activation", {R"(T.nki.activation(b[p, f], a[p, f], "exp", T.float32(0.0), T.float32(1.0)))"}},
        {"activation_reduce",
         {R"(T.nki.activation_reduce(s[p, 0], b[p, f], a[p, f], "exp", "add", T.float32(0.0), T.float32(1.0)))"}},
        {"affine_select", {"T.nki.affine_select(b[p, f], p - f >= 0, a[p, f], T.float32(-30000.0))"}},
        {"identity", {"T.nki.identity(b[p, f], 128)"}},
        {"load", {"T.nki.load(a[p, f], A[p, f])"}},
        // Overwriting: nothing wrote acc before, so an accumulating matmul has no nki.jit form.
        {"matmul", {"T.nki.matmul(acc[0, f, g], a[p, f], b[p, g], False)", true}},
        {"memset", {"T.nki.memset(b[p, f], T.float32(0.0))"}},
        {"reciprocal", {"T.nki.reciprocal(b[p, f], a[p, f])"}},
        {"scalar_tensor_scalar",
         {R"(T.nki.scalar_tensor_scalar(b[p, f], a[p, f], T.float32(0.0), T.float32(6.0), "max", "min", False, True))"}},
        {"scalar_tensor_tensor",
         {R"(T.nki.scalar_tensor_tensor(c[p, f], a[p, f], T.float32(2.0), b[p, f], "mul", "add"))"}},
        {"store", {"T.nki.store(B[p, f], a[p, f])"}},
        {"tensor_copy", {"T.nki.tensor_copy(b[p, f], a[p, f])"}},
        {"tensorreduce", {R"(T.nki.tensorreduce(s[p, 0], a[p, f], "add", False, -1))"}},
        {"tensorscalar", {R"(T.nki.tensorscalar(b[p, f], a[p, f], T.float32(1.0), "add"))"}},
        {"tensorscalar_reduce",
         {R"(T.nki.tensorscalar_reduce(s[p, 0], b[p, f], a[p, f], T.float32(1.0), "mul", "max"))"}},
        {"tensortensor", {R"(T.nki.tensortensor(c[p, f], a[p, f], b[p, f], "add"))"}},
    };
    return s;
}

std::string kernelCalling(const Sample& sample)
{
    std::string s = "from tvm.script import tirx as T\n\n@T.prim_func\n"
                    "def k(A: T.Tensor((128, 128), \"float32\"), B: T.Tensor((128, 128), \"float32\")):\n"
                    "    T.func_attr({\"num_inputs\": 1})\n"
                    "    a = T.alloc_tensor((128, 128), \"float32\", scope=\"trn.sbuf\")\n"
                    "    b = T.alloc_tensor((128, 128), \"float32\", scope=\"trn.sbuf\")\n"
                    "    c = T.alloc_tensor((128, 128), \"float32\", scope=\"trn.sbuf\")\n"
                    "    s = T.alloc_tensor((128, 1), \"float32\", scope=\"trn.sbuf\")\n"
                    "    acc = T.alloc_tensor((1, 128, 128), \"float32\", scope=\"trn.psum\", allocated_addr=[0, 0])\n"
                    "    with T.nki.tensorized_instruction():\n"
                    "        for p in T.serial(0, 128, annotations={\"nki_dim\": \"P\"}):\n";
    if (sample.matmulLoops) {
        s += "            for f in T.serial(0, 128, annotations={\"nki_dim\": \"lhs_F\"}):\n"
             "                for g in T.serial(0, 128, annotations={\"nki_dim\": \"rhs_F\"}):\n"
             "                    " +
             sample.call + "\n";
    } else {
        s += "            for f in T.serial(0, 128, annotations={\"nki_dim\": \"F\"}):\n"
             "                " +
             sample.call + "\n";
    }
    return s;
}

// The kernel body's instruction lines: what is left once the allocations,
// views, aranges and the return are taken out.
std::vector<std::string> instructionLines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    bool body = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("def ")) {
            body = true;
            continue;
        }
        if (!body || !line.starts_with("  ")) continue;
        const std::string stmt = line.substr(line.find_first_not_of(' '));
        if (stmt.starts_with("return") || stmt.find("nl.ndarray(") != std::string::npos ||
            stmt.find(".reshape(") != std::string::npos || stmt.find("nl.arange(") != std::string::npos)
            continue;
        out.push_back(stmt);
    }
    return out;
}

// The call a line makes: the line itself, or what follows its `x = ` / `x += `.
std::string callOf(const std::string& line)
{
    for (const std::string_view assign : {" = ", " += "}) {
        const size_t at = line.find(assign);
        const size_t paren = line.find('(');
        if (at != std::string::npos && (paren == std::string::npos || at < paren))
            return line.substr(at + assign.size());
    }
    return line;
}

} // namespace

class TestCodegenOpForms : public QObject {
    Q_OBJECT

private slots:
    void everyFormParsesAndNamesEveryOperand()
    {
        for (const NkiOpInfo& info : nkiOps()) {
            const Callable& row = callableOf(info.op);
            for (const NkiApi api : {NkiApi::Legacy, NkiApi::Current}) {
                const NkiForm& form = nkiForm(info.op, api);
                QVERIFY2(form.error.empty(), form.error.c_str());
                const std::string_view function = api == NkiApi::Legacy ? info.legacy : info.current;
                QCOMPARE(qs(form.function), qs(function));
                // Every operand of the signature is printed: a form cannot drop one.
                for (size_t p = 0; p < row.params.size(); ++p) {
                    bool printed = false;
                    for (const NkiFormPiece& piece : form.pieces)
                        printed = printed || (piece.kind == NkiFormPiece::Kind::Operand && piece.operand == p);
                    QVERIFY2(printed, (std::string(row.name) + " " + std::string(nkiApiName(api)) + " drops " +
                                       std::string(row.params[p].name))
                                          .c_str());
                }
            }
        }
    }

    void emittedLineCallsTheRowsFunction_data()
    {
        QTest::addColumn<int>("op");
        for (const NkiOpInfo& info : nkiOps()) QTest::newRow(info.name.data()) << static_cast<int>(info.op);
    }

    void emittedLineCallsTheRowsFunction()
    {
        QFETCH(int, op);
        const NkiOpInfo& info = nkiOpInfo(static_cast<NkiOp>(op));
        const auto sample = samples().find(info.name);
        QVERIFY2(sample != samples().end(), "a new instruction row needs a sample call here");
        const std::string source = kernelCalling(sample->second);
        const LoweredKernel kernel = lowerForCodegen(source);
        QVERIFY2(kernel.error.empty(), (source + kernel.error).c_str());

        for (const NkiApi api : {NkiApi::Legacy, NkiApi::Current}) {
            const NkiKernel emitted = emitNki(*kernel.final(), {api, nullptr});
            QVERIFY2(emitted.ok(), (source + formatDiagnostics(emitted.diagnostics, "k.py", source)).c_str());
            const std::vector<std::string> lines = instructionLines(emitted.source);
            QVERIFY2(!lines.empty(), emitted.source.c_str());
            const std::string_view function = api == NkiApi::Legacy ? info.legacy : info.current;
            const std::string call = callOf(lines.front());
            const std::string why = std::string(nkiApiName(api)) + " " + std::string(info.name) + ": the row says '" +
                                    std::string(function) + "', the printer emitted\n" + emitted.source;
            if (function.empty()) {
                // An assignment (legacy memset): no call at all.
                QVERIFY2(lines.size() == 1 && call.find('(') == std::string::npos, why.c_str());
            } else {
                QVERIFY2(call.starts_with(std::string(function) + "("), why.c_str());
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestCodegenOpForms)
#include "test_codegen_op_forms.moc"
