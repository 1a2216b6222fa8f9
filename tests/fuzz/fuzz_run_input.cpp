// run --input's path, from the bytes of a .npy file to a simulated result:
// the bytes are read into an array or refused with a reason, an array the
// kernel's parameter does not take (another dtype, shape or name) is
// refused at the parameter, and an array it takes runs to outputs of the
// parameters' shapes. Never a crash, a hang or an output of the wrong form.
// The first byte picks the parameter the array is given as; the rest is the
// file (seeds: tests/fuzz/corpus/run_input).

#include "fuzz_lowering.h"

#include "script/parser.h"
#include "sim/npy.h"
#include "sim/simulator.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <span>
#include <string>

namespace {

// A float32 and a bfloat16 input, added into a float32 output.
constexpr const char* kKernel = R"PY(from tvm.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main(A: T.Tensor((16, 8), "float32"), B: T.Tensor((16, 8), "bfloat16"), C: T.Tensor((16, 8), "float32")):
    T.func_attr({"num_inputs": 2})
    T.device_entry()
    a = T.alloc_tensor((16, 8), "float32", scope="trn.sbuf", layout="PF")
    b = T.alloc_tensor((16, 8), "bfloat16", scope="trn.sbuf", layout="PF")
    c = T.alloc_tensor((16, 8), "float32", scope="trn.sbuf", layout="PF")
    T.trn.tile.load(a, A)
    T.trn.tile.load(b, B)
    T.trn.tile.tensortensor(c, a, b, opcode="add")
    T.trn.tile.store(C, c)
)PY";

const tirx::Function& loweredKernel()
{
    static const tirx::Trace trace = [] {
        const auto parsed = tirx::parseModule(kKernel);
        if (!parsed.ok()) std::abort();
        auto lowered = tirx::fuzz::lowerForFuzzing(parsed.module);
        if (lowered.failed() || lowered.entries.empty()) std::abort();
        return lowered;
    }();
    return *trace.entries.back()->module->functions().front().second;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0) return 0;
    static const char* const kNames[] = {"A", "B", "C", "D"};
    const std::string name = kNames[data[0] % 4];
    const auto read = tirx::sim::parseNpy(std::span<const uint8_t>(data + 1, size - 1));
    if (!read.array) {
        if (read.error.empty()) std::abort(); // a refusal always says why
        return 0;
    }
    const tirx::Function& kernel = loweredKernel();
    const auto* target = tirx::findTarget("aws/trn1/trn1.2xlarge");
    tirx::sim::SimOptions options;
    options.seed = 1;
    const auto result = tirx::sim::simulate(kernel, *target, {{name, *read.array}}, options);
    if (!result.ok()) {
        for (const auto& d : result.diagnostics) {
            if (d.message.empty()) std::abort();
        }
        if (!result.outputs.empty()) std::abort(); // a refused run has no outputs
        return 0;
    }
    // Taken: it was a parameter the kernel has, of its dtype and shape.
    const bool taken = name != "D" && read.array->shape == std::vector<int64_t>{16, 8} &&
                       read.array->dtype == (name == "B" ? tirx::DataType::bfloat16() : tirx::DataType::float32());
    if (!taken || result.outputs.size() != 1) std::abort();
    const auto& [outName, out] = result.outputs.front();
    if (outName != "C" || out.shape != std::vector<int64_t>{16, 8} || out.bytes.size() != 16 * 8 * 4) std::abort();
    return 0;
}
