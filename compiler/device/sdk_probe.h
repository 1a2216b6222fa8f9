#pragma once

#include "codegen/nki_api.h"

#include <optional>
#include <string>

namespace tirx::device {

// What the harness's `probe` found on a host (resources/device/harness.py).
struct SdkProbe {
    bool ok = false;
    std::string error; // the probe itself failed (not JSON, python3 missing)
    std::string python;
    std::string numpy;
    std::string nki;      // `import nki` works: its version
    std::string nkiError; // why it does not
    std::string compiler; // the neuronx-cc version, the SDK release it belongs to
    std::string compilerError;
};

[[nodiscard]] SdkProbe parseSdkProbe(const std::string& json);

// The API a host runs (spec 07 §8.3): current when `import nki` works and
// is NKI 0.3 or later (the `address=` placement the printed kernel uses came
// with it, SDK 2.29); legacy only when it is not and neuronx-cc is at most
// 2.29; otherwise none, with `reason` saying why in a sentence.
struct ApiChoice {
    std::optional<NkiApi> api;
    std::string reason;
};

[[nodiscard]] ApiChoice chooseApi(const SdkProbe& probe);

} // namespace tirx::device
