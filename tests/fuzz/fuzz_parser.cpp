// Any byte string must parse to a module or to diagnostics: never a crash,
// a hang or a leak. When it parses, printing and re-parsing must work too.

#include "script/parser.h"
#include "script/printer.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto result = tirx::parseModule(text);
    if (!result.ok()) return 0;
    const auto printed = tirx::printModule(*result.module);
    const auto again = tirx::parseModule(printed);
    if (!again.ok()) std::abort(); // the printer wrote something the parser rejects
    return 0;
}
