// Differential: for any input that parses, print → parse → print is stable,
// and lowering the reparsed module gives the same text after every pass as
// lowering the original.

#include "fuzz_lowering.h"

#include "script/parser.h"
#include "script/printer.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto first = tirx::parseModule(text);
    if (!first.ok()) return 0;
    const std::string printed = tirx::printModule(*first.module);
    const auto second = tirx::parseModule(printed);
    if (!second.ok()) std::abort();                                 // the printer wrote something the parser rejects
    if (tirx::printModule(*second.module) != printed) std::abort(); // printing is not stable
    const auto a = tirx::fuzz::lowerForFuzzing(first.module);
    const auto b = tirx::fuzz::lowerForFuzzing(second.module);
    if (a.entries.size() != b.entries.size()) std::abort();
    for (size_t i = 1; i < a.entries.size(); ++i) {
        if (a.entries[i]->text != b.entries[i]->text) std::abort(); // a pass saw the two modules differently
    }
    return 0;
}
