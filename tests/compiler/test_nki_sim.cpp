// An NKI trace on the simulator (compiler/nki/sim_*): the iteration space
// that lines operands up element for element, and whole traces written
// here run to the values the NumPy-free C++ below works out, stop at the
// line of an instruction the simulator does not model, and report a read
// of never-written PSUM at the matmul's line.

#include "sim_helpers.h"

#include "nki/sim_run.h"
#include "nki/sim_space.h"
#include "nki/trace_reader.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace tirx;
using nlohmann::json;

namespace {

json loc(int line) { return {{"file", 0}, {"line", line}, {"column", 5}}; }

// A trace of one program built tensor by tensor, instruction by instruction.
class Kernel {
public:
    int hbm(const std::string& name, int64_t rows, int64_t cols, bool argument = true)
    {
        return add({{"name", name},
                    {"buffer", argument ? "hbm" : "shared_hbm"},
                    {"shape", {rows, cols}},
                    {"dtype", "float32"},
                    {"dtype_bytes", 4},
                    {"kind", argument ? "argument" : "ndarray"},
                    {"created_by", argument ? "argument" : "nl.ndarray"},
                    {"loc", argument ? json(nullptr) : loc(2)},
                    {"stack", json::array()}});
    }
    int tile(const std::string& name, const std::string& buffer, int64_t partitions, int64_t cols, int line,
             std::optional<int64_t> byte = std::nullopt)
    {
        return add({{"name", name},
                    {"buffer", buffer},
                    {"shape", {partitions, cols}},
                    {"dtype", "float32"},
                    {"dtype_bytes", 4},
                    {"kind", "ndarray"},
                    {"created_by", "nl.ndarray"},
                    {"loc", loc(line)},
                    {"stack", json::array()},
                    {"partitions", {0, partitions}},
                    {"bytes_per_partition", cols * 4},
                    {"address", byte ? json{{"partition", 0}, {"byte", *byte}} : json(nullptr)},
                    {"blocks", nullptr}});
    }
    // The whole of a [P, F] tensor.
    static json whole(int tensor, int64_t partitions, int64_t cols)
    {
        return {{"tensor", tensor},
                {"block", nullptr},
                {"partitions", {{"start", 0}, {"step", 1}, {"count", partitions}}},
                {"free", {{"offset", 0}, {"dims", json::array({json::array({1, cols})})}}},
                {"bytes", {0, cols * 4}},
                {"masked", false}};
    }
    void op(const std::string& name, json writes, json reads, json args, json operands, int line)
    {
        m_instructions.push_back({{"index", m_instructions.size()},
                                  {"op", name},
                                  {"engine", nullptr},
                                  {"writes", writes},
                                  {"reads", reads},
                                  {"args", args},
                                  {"operands", operands},
                                  {"loc", loc(line)},
                                  {"stack", json::array({loc(line)})}});
    }
    [[nodiscard]] json document() const
    {
        const json program{{"program", json::array()}, {"tensors", m_tensors},   {"instructions", m_instructions},
                           {"loops", json::array()},   {"notes", json::array()}, {"truncated", false}};
        const json doc{{"format", "tirx-nki-trace"},
                       {"version", 1},
                       {"kernel", {{"file", "/k/kernel.py"}, {"entry", "kernel"}, {"api", "nki"}}},
                       {"launch", {{"grid", nullptr}, {"lnc", 1}}},
                       {"files", {"/k/kernel.py"}},
                       {"programs", {program}},
                       {"notes", json::array()},
                       {"error", nullptr}};
        return doc;
    }
    [[nodiscard]] nki::Trace trace() const
    {
        auto read = nki::readTrace(document().dump());
        if (!read.trace) qFatal("the test's trace does not read: %s", read.error.c_str());
        return std::move(*read.trace);
    }

private:
    int add(json t)
    {
        const int id = static_cast<int>(m_tensors.size());
        t["id"] = id;
        m_tensors.push_back(std::move(t));
        return id;
    }
    json m_tensors = json::array();
    json m_instructions = json::array();
};

nki::NkiRunResult run(const nki::Trace& trace, std::map<std::string, sim::HostArray> inputs = {})
{
    const Target& target = defaultTarget();
    std::vector<nki::NkiPlan> plans;
    for (size_t i = 0; i < trace.programs.size(); ++i) plans.push_back(nki::buildNkiPlan(trace, i, target));
    nki::NkiRunOptions options;
    options.inputs = std::move(inputs);
    return nki::runNkiOnSimulator(trace, plans, target, options);
}

// a → SBUF, b → SBUF, x = a op b, x → out; `line` is the compute call's.
Kernel elementwise(const std::string& op, json args, int line)
{
    Kernel k;
    const int a = k.hbm("a", 128, 32);
    const int b = k.hbm("b", 128, 32);
    const int out = k.hbm("out", 128, 32, false);
    const int ta = k.tile("ta", "sbuf", 128, 32, 3);
    const int tb = k.tile("tb", "sbuf", 128, 32, 4);
    const int tx = k.tile("tx", "sbuf", 128, 32, 5);
    const json none = json::object();
    k.op("nisa.dma_copy", {Kernel::whole(ta, 128, 32)}, {Kernel::whole(a, 128, 32)}, none,
         {{"dst", {{"write", 0}}}, {"src", {{"read", 0}}}}, 6);
    k.op("nisa.dma_copy", {Kernel::whole(tb, 128, 32)}, {Kernel::whole(b, 128, 32)}, none,
         {{"dst", {{"write", 0}}}, {"src", {{"read", 0}}}}, 7);
    k.op(op, {Kernel::whole(tx, 128, 32)}, {Kernel::whole(ta, 128, 32), Kernel::whole(tb, 128, 32)}, args,
         {{"dst", {{"write", 0}}}, {"data1", {{"read", 0}}}, {"data2", {{"read", 1}}}}, line);
    k.op("nisa.dma_copy", {Kernel::whole(out, 128, 32)}, {Kernel::whole(tx, 128, 32)}, none,
         {{"dst", {{"write", 0}}}, {"src", {{"read", 0}}}}, 9);
    return k;
}

} // namespace

class TestNkiSim : public QObject {
    Q_OBJECT

private slots:
    void spaceSplitsLoopsToLineUpRowMajorOrder()
    {
        // A [128, 32] tile from one HBM row of 4096 elements.
        nki::OperandPattern tile{0, 0, {{true, 1, 128}, {false, 1, 32}}};
        nki::OperandPattern row{0, 0, {{false, 1, 4096}}};
        nki::IterationSpace space(tile);
        QVERIFY(space.add(row));
        QCOMPARE(space.counts(), (std::vector<int64_t>{128, 32}));
        QCOMPARE(space.operands()[1].terms[0].free, int64_t{32}); // each partition is the next 32 elements
        QCOMPARE(space.operands()[1].terms[1].free, int64_t{1});

        // Dims that cut across each other ([4, 6] against [6, 4]) do not line up.
        nki::IterationSpace odd(nki::OperandPattern{0, 0, {{true, 1, 4}, {false, 1, 6}}});
        QVERIFY(!odd.add(nki::OperandPattern{0, 0, {{true, 1, 6}, {false, 1, 4}}}));

        // [8, 6] against [8, 2, 3]: the space's free loop splits in two.
        nki::IterationSpace split(nki::OperandPattern{0, 0, {{true, 1, 8}, {false, 1, 6}}});
        QVERIFY(split.add(nki::OperandPattern{0, 0, {{true, 1, 8}, {false, 10, 2}, {false, 1, 3}}}));
        QCOMPARE(split.counts(), (std::vector<int64_t>{8, 2, 3}));
        QCOMPARE(split.operands()[0].terms[1].free, int64_t{3});
        QCOMPARE(split.operands()[1].terms[1].free, int64_t{10});
    }

    void spaceBroadcastsOneValuePerPartition()
    {
        nki::IterationSpace space(nki::OperandPattern{0, 0, {{true, 1, 128}, {false, 1, 512}}});
        QVERIFY(space.add(nki::OperandPattern{0, 0, {{true, 1, 128}}})); // a [128, 1] column
        for (const auto& t : space.operands()[1].terms) QCOMPARE(t.free, int64_t{0});
        QVERIFY(!space.add(nki::OperandPattern{0, 0, {{true, 1, 128}, {false, 1, 4}}}));
    }

    void tensorTensorRunsOnTheSimulator()
    {
        const auto trace = elementwise("nisa.tensor_tensor", {{"op", "subtract"}}, 8).trace();
        const auto a = testing::randomFloats(128 * 32, 1);
        const auto b = testing::randomFloats(128 * 32, 2);
        const auto result = run(trace, {{"a", testing::makeArray(DataType::float32(), {128, 32}, a)},
                                        {"b", testing::makeArray(DataType::float32(), {128, 32}, b)}});
        QVERIFY2(result.ok(), result.diagnostics.empty() ? "" : result.diagnostics.front().message.c_str());
        const auto* out = result.output("out");
        QVERIFY(out);
        QCOMPARE(out->shape, (std::vector<int64_t>{128, 32}));
        const auto got = testing::values(*out);
        for (size_t k = 0; k < got.size(); ++k) QCOMPARE(got[k], a[k] - b[k]);
        QCOMPARE(result.module.tensors.size(), size_t{3});
        for (const auto& t : result.module.tensors) QCOMPARE(t.placement, std::string("modelled"));
    }

    void tensorNamesThatAreNotIdentifiers()
    {
        // name= can be anything: a keyword, a loop's name, a name with spaces, two tensors alike.
        json doc = elementwise("nisa.tensor_tensor", {{"op", "add"}}, 8).document();
        auto& tensors = doc["programs"][0]["tensors"];
        tensors[3]["name"] = "for";
        tensors[4]["name"] = "v0";
        tensors[5]["name"] = "x y";
        tensors[2]["name"] = "v0";
        auto read = nki::readTrace(doc.dump());
        QVERIFY(read.trace);
        const auto result = run(*read.trace);
        QVERIFY2(result.ok(), result.diagnostics.empty() ? "" : result.diagnostics.front().message.c_str());
        QVERIFY(result.output("v0"));
    }

    void unmodelledOpStopsAtItsLine()
    {
        const auto trace = elementwise("nisa.tensor_tensor", {{"op", "bitwise_xor"}}, 8).trace();
        const auto result = run(trace);
        QVERIFY(!result.completed);
        QCOMPARE(result.diagnostics.size(), size_t{1});
        const auto& d = result.diagnostics.front();
        QCOMPARE(d.line, 8);
        QCOMPARE(d.file, std::string("/k/kernel.py"));
        QCOMPARE(d.code, std::string("unmodelled"));
        QVERIFY(d.message.find("nisa.tensor_tensor") != std::string::npos);
        QVERIFY(d.message.find("bitwise_xor") != std::string::npos);

        const auto other = run(elementwise("nisa.max8", json::object(), 11).trace());
        QVERIFY(!other.completed);
        QCOMPARE(other.diagnostics.front().line, 11);
        QVERIFY(other.diagnostics.front().message.starts_with("nisa.max8 is not modelled"));
    }

    void uninitialisedAccumulatorAtTheMatmulLine()
    {
        Kernel k;
        const int a = k.hbm("a", 128, 128);
        const int b = k.hbm("b", 128, 64);
        const int out = k.hbm("out", 128, 64, false);
        const int lhs = k.tile("lhs", "sbuf", 128, 128, 3, 0);
        const int rhs = k.tile("rhs", "sbuf", 128, 64, 4, 512);
        const int acc = k.tile("acc", "psum", 128, 64, 5, 2048);
        const json copy{{"dst", {{"write", 0}}}, {"src", {{"read", 0}}}};
        k.op("nisa.dma_copy", {Kernel::whole(lhs, 128, 128)}, {Kernel::whole(a, 128, 128)}, json::object(), copy, 6);
        k.op("nisa.dma_copy", {Kernel::whole(rhs, 128, 64)}, {Kernel::whole(b, 128, 64)}, json::object(), copy, 7);
        // accumulate=True: the stand-in lists the destination among the reads.
        k.op("nisa.nc_matmul", {Kernel::whole(acc, 128, 64)},
             {Kernel::whole(lhs, 128, 128), Kernel::whole(rhs, 128, 64), Kernel::whole(acc, 128, 64)},
             {{"accumulate", true}},
             {{"dst", {{"write", 0}}}, {"stationary", {{"read", 0}}}, {"moving", {{"read", 1}}}}, 12);
        k.op("nisa.dma_copy", {Kernel::whole(out, 128, 64)}, {Kernel::whole(acc, 128, 64)}, json::object(), copy, 13);
        const auto result = run(k.trace());
        QVERIFY(result.completed);
        int found = 0;
        for (const auto& d : result.diagnostics) {
            if (d.code != "uninitialised-read") continue;
            ++found;
            QCOMPARE(d.line, 12);
            QVERIFY(d.message.starts_with("nisa.nc_matmul reads 8192 never-written elements of 'acc'"));
        }
        QCOMPARE(found, 1);
        for (const auto& t : result.module.tensors) QCOMPARE(t.placement, std::string("explicit"));
    }

    void readerKeepsArgumentsAndOperands()
    {
        const auto trace = elementwise("nisa.tensor_tensor", {{"op", "add"}, {"flags", {1, true}}}, 8).trace();
        const auto& ins = trace.programs[0].instructions[2];
        QVERIFY(ins.arg("op"));
        QCOMPARE(ins.arg("op")->text, std::string("add"));
        QCOMPARE(ins.arg("flags")->list.size(), size_t{2});
        QVERIFY(ins.operand("data2"));
        QCOMPARE(ins.operand("data2")->first, size_t{1});
        QVERIFY(!ins.operand("data2")->write);

        json doc = elementwise("nisa.tensor_tensor", {{"op", "add"}}, 8).document();
        doc["programs"][0]["instructions"][2]["operands"]["data2"] = {{"read", 5}};
        const auto bad = nki::readTrace(doc.dump());
        QVERIFY(!bad.trace);
        QVERIFY(bad.error.find("operands.data2") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestNkiSim)
#include "test_nki_sim.moc"
