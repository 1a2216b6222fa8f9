#pragma once

// Shared by the simulator tests: parse a kernel written by hand (already in
// the physical form the simulator runs), fill inputs, run, read values.

#include "script/parser.h"
#include "sim/array_stats.h"
#include "sim/numerics.h"
#include "sim/simulator.h"
#include "target/target.h"

#include <QTest>

#include <map>
#include <random>
#include <string>
#include <vector>

namespace tirx::testing {

// Replaces every "{key}" in text.
inline std::string fill(std::string text, const std::map<std::string, std::string>& values)
{
    for (const auto& [key, value] : values) {
        const std::string pattern = "{" + key + "}";
        for (auto at = text.find(pattern); at != std::string::npos; at = text.find(pattern, at + value.size()))
            text.replace(at, pattern.size(), value);
    }
    return text;
}

struct SimRun {
    ParseResult parsed;
    sim::RunResult result;

    [[nodiscard]] const sim::HostArray* output(const std::string& name) const
    {
        for (const auto& [n, a] : result.outputs) {
            if (n == name) return &a;
        }
        return nullptr;
    }
};

inline SimRun simulateText(const std::string& text, const std::map<std::string, sim::HostArray>& inputs,
                           sim::SimOptions options = {})
{
    SimRun run;
    run.parsed = parseModule(text);
    if (!run.parsed.ok()) {
        for (const auto& d : run.parsed.diagnostics)
            qWarning("%u:%u: %s", d.span.line, d.span.column, d.message.c_str());
        return run;
    }
    run.result = sim::simulate(*run.parsed.module->functions().front().second, defaultTarget(), inputs, options);
    for (const auto& d : run.result.diagnostics)
        if (d.severity == Diagnostic::Severity::Error)
            qWarning("%u:%u: %s", d.span.line, d.span.column, d.message.c_str());
    return run;
}

// An array of `dtype` whose elements are `values` converted as the
// simulator converts (float32 -> dtype on store).
inline sim::HostArray makeArray(DataType dtype, std::vector<int64_t> shape, const std::vector<float>& values)
{
    sim::HostArray a;
    a.dtype = dtype;
    a.shape = std::move(shape);
    const auto kind = *sim::elementKind(dtype);
    const int item = sim::elementBytes(kind);
    a.bytes.resize(values.size() * static_cast<size_t>(item));
    for (size_t k = 0; k < values.size(); ++k) sim::storeElement(kind, a.bytes.data() + k * item, values[k]);
    return a;
}

inline std::vector<float> values(const sim::HostArray& a)
{
    std::vector<float> out(static_cast<size_t>(a.elements()));
    for (int64_t k = 0; k < a.elements(); ++k) out[static_cast<size_t>(k)] = sim::elementAt(a, k);
    return out;
}

// n floats in [-1, 1), the same for the same seed.
inline std::vector<float> randomFloats(size_t n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> real(-1.0f, 1.0f);
    std::vector<float> v(n);
    for (auto& x : v) x = real(rng);
    return v;
}

// Round-trips a float through dtype, as a store then a load would.
inline float through(DataType dtype, float v)
{
    const auto kind = *sim::elementKind(dtype);
    uint8_t bytes[8] = {};
    sim::storeElement(kind, bytes, v);
    return sim::loadElement(kind, bytes);
}

} // namespace tirx::testing
