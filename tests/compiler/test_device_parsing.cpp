// What the device layer reads from a Neuron host and from the user: neuron-ls
// JSON in both spellings (written from the documented format: a device list,
// per device its index, cores, memory and processes), the SDK probe and the
// API it leads to (spec 07 §8.3), SSH host names, and the comparison of
// device outputs with the simulator's.

#include "device/compare.h"
#include "device/host_facts.h"
#include "device/neuron_ls.h"
#include "device/sdk_probe.h"
#include "device/ssh_target.h"
#include "sim/numerics.h"

#include <QTest>

#include <cstring>

using namespace tirx;
using namespace tirx::device;

namespace {

const char* kTrn1 = R"([
  {"neuron_device": 0, "bdf": "10:1c.0", "connected_to": [1], "nc_count": 2, "memory_size": 34359738368,
   "neuron_processes": []},
  {"neuron_device": 1, "bdf": "20:1d.0", "connected_to": [0], "nc_count": 2, "memory_size": 34359738368,
   "neuron_processes": [{"pid": 4242, "command": "python3 train.py", "neuron_runtime_version": "2.29.40.0"}]}
])";

// SDK 2.34's `--output-format json`: the instance facts beside the list.
const char* kTrn2 = R"({"instance_type": "trn2.48xlarge", "logical_neuroncore_config": 2,
  "neuron_devices": [{"neuron_device": 0, "bdf": "cc:00.0", "neuroncore_count": 8, "memory_size": 103079215104,
                      "neuron_processes": [{"pid": 7, "command": "python3 serve.py"}]}]})";

sim::HostArray floats(std::vector<float> values)
{
    sim::HostArray a;
    a.shape = {static_cast<int64_t>(values.size())};
    a.bytes.resize(values.size() * 4);
    std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
    return a;
}

SdkProbe probe(const char* json)
{
    const SdkProbe p = parseSdkProbe(json);
    if (!p.ok) qWarning("%s", p.error.c_str());
    return p;
}

} // namespace

class TestDeviceParsing : public QObject {
    Q_OBJECT

private slots:
    void neuronLsOldSpellingList()
    {
        const NeuronLsReport r = parseNeuronLs(kTrn1);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.devices.size(), size_t(2));
        QCOMPARE(r.cores(), 4);
        QCOMPARE(r.memoryBytes(), int64_t(68719476736));
        QCOMPARE(r.devices[1].index, 1);
        QCOMPARE(r.devices[1].processes.front().pid, int64_t(4242));
        QCOMPARE(r.busyDevices(), 1);
    }

    void neuronLsNewSpellingObject()
    {
        const NeuronLsReport r = parseNeuronLs(kTrn2);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.instanceType, std::string("trn2.48xlarge"));
        QCOMPARE(r.cores(), 8);
        QCOMPARE(r.devices.front().bdf, std::string("cc:00.0"));
    }

    void neuronLsNoDevices()
    {
        const NeuronLsReport r = parseNeuronLs("[]");
        QVERIFY(r.ok);
        QVERIFY(r.devices.empty());
        HostFacts facts;
        facts.neuronLs = r;
        DeviceInfo info;
        facts.fill(info);
        QCOMPARE(info.status, std::string("unavailable"));
        QCOMPARE(info.message, std::string("neuron-ls lists no Neuron devices on this host"));
    }

    void busyCoresAreNamed()
    {
        HostFacts facts;
        facts.neuronLs = parseNeuronLs(kTrn2);
        facts.probed = true;
        facts.probe = probe(R"({"numpy": "1.26.4", "nki": "0.8.0", "neuronxcc": null})");
        DeviceInfo info;
        facts.fill(info);
        QCOMPARE(info.status, std::string("busy"));
        QVERIFY2(info.message.find("pid 7: python3 serve.py") != std::string::npos, info.message.c_str());
        // One of two devices in use: still ready, and said so.
        facts.neuronLs = parseNeuronLs(kTrn1);
        DeviceInfo some;
        facts.fill(some);
        QCOMPARE(some.status, std::string("ready"));
        QVERIFY2(some.message.find("1 of 2 devices in use") != std::string::npos, some.message.c_str());
        QCOMPARE(some.cores, 4);
    }

    void malformedJsonIsAClearMessage()
    {
        const NeuronLsReport truncated = parseNeuronLs(R"([{"neuron_device": 0, "nc_count": )");
        QVERIFY(!truncated.ok);
        QCOMPARE(truncated.error, std::string("neuron-ls printed something that is not JSON"));
        const NeuronLsReport wrongType = parseNeuronLs(R"([{"neuron_device": 0, "nc_count": "two"}])");
        QVERIFY(!wrongType.ok);
        QVERIFY2(wrongType.error.find("non-integer") != std::string::npos, wrongType.error.c_str());
        const NeuronLsReport noList = parseNeuronLs(R"({"instance_type": "trn1.2xlarge"})");
        QVERIFY(!noList.ok);
        QVERIFY2(noList.error.find("no device list") != std::string::npos, noList.error.c_str());
        QVERIFY(!parseNeuronLs("neuron-ls: command failed").ok);
    }

    void apiFollowsTheProbe()
    {
        // SDK 2.26: only neuronxcc.
        auto choice = chooseApi(probe(R"({"numpy": "1.24", "nki": null, "neuronxcc": "2.26.0"})"));
        QVERIFY(choice.api == NkiApi::Legacy);
        // 2.29: still legacy when nki does not import.
        choice = chooseApi(probe(R"({"numpy": "1.24", "nki": null, "neuronxcc": "2.29.3.0"})"));
        QVERIFY(choice.api == NkiApi::Legacy);
        // 2.28: nki.jit without address= placement: still the legacy text.
        choice = chooseApi(probe(R"({"numpy": "1.24", "nki": "0.2.0", "neuronxcc": "2.28.1"})"));
        QVERIFY(choice.api == NkiApi::Legacy);
        QVERIFY2(choice.reason.find("predates the address=") != std::string::npos, choice.reason.c_str());
        // 2.32: both; `import nki` wins, never the zero-returning legacy path.
        choice = chooseApi(probe(R"({"numpy": "1.24", "nki": "0.6.0", "neuronxcc": "2.32.0"})"));
        QVERIFY(choice.api == NkiApi::Current);
        // 2.34: nki only.
        choice = chooseApi(probe(R"({"numpy": "1.24", "nki": "0.8.0", "neuronxcc": null})"));
        QVERIFY(choice.api == NkiApi::Current);
        // 2.31 without a working nki: neither, and why.
        choice = chooseApi(
            probe(R"({"numpy": "1.24", "nki": null, "nki_error": "ImportError: boom", "neuronxcc": "2.31.1"})"));
        QVERIFY(!choice.api);
        QVERIFY2(choice.reason.find("too new for the legacy") != std::string::npos, choice.reason.c_str());
        QVERIFY2(choice.reason.find("ImportError: boom") != std::string::npos, choice.reason.c_str());
        choice = chooseApi(probe(R"({"numpy": "1.24", "nki": null, "neuronxcc": null})"));
        QVERIFY(!choice.api);
        QVERIFY2(choice.reason.find("this host has no NKI") != std::string::npos, choice.reason.c_str());
        choice = chooseApi(probe(R"({"numpy": null, "nki": "0.8.0"})"));
        QCOMPARE(choice.reason, std::string("python3 on this host has no numpy"));
        QVERIFY(!chooseApi(parseSdkProbe("Traceback (most recent call last):")).api);
    }

    void sshTargets()
    {
        auto t = parseSshTarget("ssh://ubuntu@trn1.example.com:2222");
        QVERIFY2(t.target, t.error.c_str());
        QCOMPARE(t.target->user, std::string("ubuntu"));
        QCOMPARE(t.target->host, std::string("trn1.example.com"));
        QCOMPARE(t.target->port, 2222);
        QCOMPARE(t.target->url(), std::string("ssh://ubuntu@trn1.example.com:2222"));
        t = parseSshTarget("ssh://trn-alias");
        QVERIFY(t.target);
        QCOMPARE(t.target->destination(), std::string("trn-alias"));
        for (const char* bad : {"ssh://host;rm -rf ~", "ssh://$(reboot)", "ssh://-oProxyCommand=x", "ssh://a b",
                                "ssh://host|cat", "ssh://`id`@host", "ssh://", "ssh://host:99999", "ssh://host:x"}) {
            const auto refused = parseSshTarget(bad);
            QVERIFY2(!refused.target, bad);
            QVERIFY2(refused.error.starts_with("refusing SSH"), refused.error.c_str());
        }
        QVERIFY(safeShellWord("/tmp/tirx-device-Ab12_x"));
        QVERIFY(!safeShellWord("/tmp/x'; rm -rf /"));
        QVERIFY(!safeShellWord("-rf"));
    }

    void comparisonPassesWithinTolerance()
    {
        const auto c = compareOutputs({{"B", floats({1.0f, 2.00005f, -3.0f})}}, {{"B", floats({1.0f, 2.0f, -3.0f})}});
        QVERIFY(c.passed());
        QVERIFY(c.maxAbsError() > 4e-5 && c.maxAbsError() < 6e-5);
        QVERIFY(c.maxRelError() > 2e-5 && c.maxRelError() < 3e-5);
    }

    void comparisonFailsBeyondTolerance()
    {
        const auto c = compareOutputs({{"B", floats({1.0f, 2.1f})}}, {{"B", floats({1.0f, 2.0f})}});
        QVERIFY(!c.passed());
        QVERIFY(!c.outputs.front().allZeros);
        QVERIFY(std::abs(c.maxAbsError() - 0.1) < 1e-6);
    }

    void allZerosAreNamed()
    {
        const auto c = compareOutputs({{"B", floats({0.0f, 0.0f})}}, {{"B", floats({0.0f, 2.0f})}});
        QVERIFY(!c.passed());
        QVERIFY(c.outputs.front().allZeros);
        QCOMPARE(c.outputs.front().problem, std::string("'B' is all zeros on the device where the simulator's is not"));
        // Zeros where the simulator also has zeros are simply right.
        QVERIFY(compareOutputs({{"B", floats({0.0f})}}, {{"B", floats({0.0f})}}).passed());
    }

    void missingAndMisshapenOutputs()
    {
        const auto missing = compareOutputs({}, {{"B", floats({1.0f})}});
        QVERIFY(!missing.passed());
        QCOMPARE(missing.outputs.front().problem, std::string("the device returned no 'B'"));
        const auto shape = compareOutputs({{"B", floats({1.0f, 1.0f})}}, {{"B", floats({1.0f})}});
        QVERIFY(!shape.passed());
        QVERIFY(shape.outputs.front().problem.find("different shape") != std::string::npos);
        const auto nan = compareOutputs({{"B", floats({NAN})}}, {{"B", floats({NAN})}});
        QVERIFY(nan.passed());
    }
};

QTEST_GUILESS_MAIN(TestDeviceParsing)
#include "test_device_parsing.moc"
