#include "codegen/nki_api.h"

namespace tirx {

std::string_view nkiApiName(NkiApi api)
{
    switch (api) {
    case NkiApi::Legacy: return "legacy";
    case NkiApi::Current: return "nki";
    }
    return "legacy";
}

std::optional<NkiApi> parseNkiApi(std::string_view name)
{
    if (name == "legacy") return NkiApi::Legacy;
    if (name == "nki" || name == "current") return NkiApi::Current;
    return std::nullopt;
}

} // namespace tirx
