// The passes on valid modules (fuzz_kernel_generator.h writes them from the
// input bytes). Lowering may fail with diagnostics; it must not crash, hang
// or leak, and a module it produces must print to text that parses again.

#include "fuzz_kernel_generator.h"
#include "fuzz_lowering.h"

#include "script/parser.h"
#include "script/printer.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const auto kernel = tirx::fuzz::parsedKernel(in);
    const auto trace = tirx::fuzz::lowerForFuzzing(kernel.parsed.module);
    for (const auto& entry : trace.entries) {
        if (!entry->module || entry->failed) continue;
        if (!tirx::parseModule(entry->text).ok()) std::abort(); // a pass's output does not parse back
    }
    return 0;
}
