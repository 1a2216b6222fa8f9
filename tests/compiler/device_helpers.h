#pragma once

// Shared by the device tests: the stand-in NKI runtime (a test double, see
// device_standin/README.md), stand-in neuron-ls and python3 scripts, and the
// kernel they send.

#include "device/device_run.h"
#include "driver/lower.h"
#include "sim/array_stats.h"
#include "sim/kernel_args.h"

#include <QFile>
#include <QString>
#include <QTest>

#include <map>
#include <memory>
#include <string>

namespace tirx::testing {

inline QString standinPath() { return QStringLiteral(TIRX_SOURCE_DIR "/tests/compiler/device_standin"); }

// The kernel the device tests send: B = A + 1 over 128 x 512, the module of
// the first code generation case (the text before its expected outputs).
inline std::string sentSource()
{
    QFile file(QStringLiteral(TIRX_SOURCE_DIR "/tests/golden/codegen/01-nki-add-1.py"));
    if (!file.open(QIODevice::ReadOnly)) return {};
    const std::string text = file.readAll().toStdString();
    return text.substr(0, text.find("# ---- expected"));
}

inline void writeExecutable(const QString& path, const QByteArray& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
    file.close();
    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
}

// A neuron-ls that prints `json`. With `newSpelling` false it refuses
// `--output-format` as the tools before SDK 2.34 do, so the caller must fall
// back to `--json-output`.
inline void writeNeuronLs(const QString& dir, const QByteArray& json, bool newSpelling = true)
{
    QFile data(dir + QStringLiteral("/neuron-ls.json"));
    QVERIFY(data.open(QIODevice::WriteOnly | QIODevice::Truncate));
    data.write(json);
    data.close();
    QByteArray script = "#!/bin/sh\n";
    if (!newSpelling) script += "if [ \"$1\" = --output-format ]; then echo 'unknown option' >&2; exit 2; fi\n";
    script += "exec cat '" + dir.toUtf8() + "/neuron-ls.json'\n";
    writeExecutable(dir + QStringLiteral("/neuron-ls"), script);
}

// A python3 that runs the system interpreter (which has numpy) with the
// stand-in runtime on its path and `env` set: the SDK being played.
inline QString writePython(const QString& dir, const std::map<std::string, std::string>& env)
{
    QByteArray script = "#!/bin/sh\nexport PYTHONPATH='" + standinPath().toUtf8() + "'\n";
    for (const auto& [name, value] : env) script += "export " + QByteArray(name.c_str()) + "='" + value.c_str() + "'\n";
    script += "export PYTHONDONTWRITEBYTECODE=1\nexec /usr/bin/python3 \"$@\"\n";
    const QString path = dir + QStringLiteral("/python3");
    writeExecutable(path, script);
    return path;
}

inline const char* kOneDevice = R"([{"neuron_device": 0, "bdf": "00:1e.0", "connected_to": null, "nc_count": 2,
  "memory_size": 34359738368, "neuron_processes": []}])";

// The sent kernel lowered, ready to be sent.
struct SentKernel {
    LowerResult lowered;
    FunctionRef kernel;
    device::RunRequest request;
};

inline std::unique_ptr<SentKernel> sentKernel(uint64_t seed = 7)
{
    auto sent = std::make_unique<SentKernel>();
    LowerRequest request;
    request.source = sentSource();
    sent->lowered = lower(request);
    if (!sent->lowered.ok()) return nullptr;
    const Module& final = *sent->lowered.trace->entries.back()->module;
    std::string error;
    sent->kernel = sim::kernelFunction(final, "", &error);
    if (!sent->kernel) return nullptr;
    sent->request = device::makeRequest(final, sent->lowered.parsed.module.get(), sent->kernel, *sent->lowered.target,
                                        {}, seed, &error);
    sent->request.timeoutSeconds = 60;
    return error.empty() ? std::move(sent) : nullptr;
}

} // namespace tirx::testing
