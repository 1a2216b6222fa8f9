#include "device/sdk_probe.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace tirx::device {

namespace {

std::string text(const nlohmann::json& doc, const char* name)
{
    const auto it = doc.find(name);
    return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// major.minor of "2.29.1.0"; nullopt when it does not start that way.
std::optional<std::pair<int, int>> majorMinor(const std::string& version)
{
    int major = 0;
    int minor = 0;
    if (std::sscanf(version.c_str(), "%d.%d", &major, &minor) != 2) return std::nullopt;
    return std::pair{major, minor};
}

} // namespace

SdkProbe parseSdkProbe(const std::string& json)
{
    SdkProbe probe;
    const auto doc = nlohmann::json::parse(json, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        probe.error = "the SDK probe printed something that is not a JSON object";
        return probe;
    }
    probe.ok = true;
    probe.python = text(doc, "python");
    probe.numpy = text(doc, "numpy");
    probe.nki = text(doc, "nki");
    probe.nkiError = text(doc, "nki_error");
    probe.compiler = text(doc, "neuronxcc");
    probe.compilerError = text(doc, "neuronxcc_error");
    return probe;
}

ApiChoice chooseApi(const SdkProbe& probe)
{
    if (!probe.ok) return {std::nullopt, probe.error};
    if (probe.numpy.empty()) return {std::nullopt, "python3 on this host has no numpy"};
    const auto nki = majorMinor(probe.nki);
    if (!probe.nki.empty() && (!nki || *nki >= std::pair{0, 3}))
        return {NkiApi::Current, "`import nki` works (NKI " + probe.nki + ")"};
    if (probe.compiler.empty())
        return {std::nullopt, "this host has no NKI: neither `import nki` nor neuronx-cc is installed"};
    const auto version = majorMinor(probe.compiler);
    if (!version) return {std::nullopt, "this host's neuronx-cc version '" + probe.compiler + "' cannot be read"};
    if (*version <= std::pair{2, 29})
        return {NkiApi::Legacy,
                "neuronx-cc " + probe.compiler + " (SDK 2.29 or older) runs the legacy API" +
                    (probe.nki.empty() ? std::string()
                                       : "; NKI " + probe.nki + " predates the address= placement of NKI 0.3")};
    return {std::nullopt, "neuronx-cc " + probe.compiler +
                              " is too new for the legacy neuronxcc.nki API (a compile error from SDK 2.30, gone "
                              "in 2.34) and `import nki` fails here (" +
                              probe.nkiError + ")"};
}

} // namespace tirx::device
