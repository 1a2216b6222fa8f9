#pragma once

#include <optional>
#include <string_view>

namespace tirx {

// The two NKI dialects a kernel is printed in (spec 07 §8.1). Legacy is the
// reference's text (`neuronxcc.nki`, `@baremetal`, `ncc.*.mod_alloc`), which
// only Neuron SDKs up to 2.29 run; Current is the `nki.jit` API of the SDKs
// that followed, the one a trn2/trn3 host runs today.
enum class NkiApi : uint8_t { Legacy, Current };

// "legacy" / "nki", as `tirx-cli emit-nki --api` spells them.
[[nodiscard]] std::string_view nkiApiName(NkiApi api);
[[nodiscard]] std::optional<NkiApi> parseNkiApi(std::string_view name);

} // namespace tirx
