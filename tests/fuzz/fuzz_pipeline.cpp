// The passes on valid modules: the input bytes drive a generator of TIRx
// kernels (shapes, layouts, scopes, loops, tile calls), so the pipeline sees
// deep, well-formed inputs instead of parse errors. Lowering may fail with
// diagnostics; it must not crash, hang or leak, and a module it produces
// must print to text that parses again.

#include "fuzz_lowering.h"

#include "script/parser.h"
#include "script/printer.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Tile {
    std::string name;
    int partitions;
    int free;
};

std::string generate(FuzzedDataProvider& in)
{
    const int rows = 128 * in.ConsumeIntegralInRange(1, 4);
    const int cols = 4 * in.ConsumeIntegralInRange(1, 256);
    std::string src = "from tvm.script import tirx as T\n\n@T.function\n";
    src += "def main(A: T.Tensor((" + std::to_string(rows) + ", " + std::to_string(cols) +
           "), \"float32\", layout=T.TileLayout(T.S[(" + std::to_string(rows) + ", " + std::to_string(cols) + "):(" +
           std::to_string(cols) + ", 1)]))):\n";
    src += "    T.device_entry()\n";
    std::vector<Tile> tiles;
    const int count = in.ConsumeIntegralInRange(1, 12);
    for (int t = 0; t < count; ++t) {
        // A PSUM tile holds at most one bank (2 KB) per partition.
        const bool psum = in.ConsumeIntegralInRange(0, 5) == 0;
        const int maxFree = psum ? 512 : std::max(4, cols);
        Tile tile{"B" + std::to_string(t), 1 << in.ConsumeIntegralInRange(0, 7),
                  4 * in.ConsumeIntegralInRange(1, maxFree / 4)};
        src += "    " + tile.name + " = T.alloc_tensor((" + std::to_string(tile.partitions) + ", " +
               std::to_string(tile.free) + "), \"float32\", scope=\"" + (psum ? "trn.psum" : "trn.sbuf") +
               "\", layout=\"PF\")\n";
        tiles.push_back(tile);
    }
    int depth = 1;
    const int statements = in.ConsumeIntegralInRange(1, 40);
    for (int s = 0; s < statements && in.remaining_bytes() > 0; ++s) {
        const std::string indent(static_cast<size_t>(depth) * 4, ' ');
        const Tile& a = tiles[in.ConsumeIntegralInRange<size_t>(0, tiles.size() - 1)];
        const Tile& b = tiles[in.ConsumeIntegralInRange<size_t>(0, tiles.size() - 1)];
        switch (in.ConsumeIntegralInRange(0, 5)) {
        case 0:
            if (depth < 6) {
                src += indent + "for i" + std::to_string(depth) + " in T.serial(0, " +
                       std::to_string(in.ConsumeIntegralInRange(1, 8)) + "):\n";
                ++depth;
                src += std::string(static_cast<size_t>(depth) * 4, ' ') + "T.trn.tile.memset(" + a.name +
                       ", T.float32(0.0))\n";
            }
            break;
        case 1:
            if (depth > 1) --depth;
            break;
        case 2: src += indent + "T.trn.tile.memset(" + a.name + ", T.float32(1.5))\n"; break;
        case 3:
            if (a.partitions <= rows && a.free <= cols)
                src += indent + "T.trn.tile.load(" + a.name + ", A[0:" + std::to_string(a.partitions) +
                       ", 0:" + std::to_string(a.free) + "])\n";
            break;
        case 4:
            if (a.partitions == b.partitions && a.free == b.free)
                src += indent + "T.trn.tile.tensor_copy(" + a.name + ", " + b.name + ")\n";
            break;
        default:
            if (a.partitions <= rows && a.free <= cols)
                src += indent + "T.trn.tile.store(A[0:" + std::to_string(a.partitions) +
                       ", 0:" + std::to_string(a.free) + "], " + a.name + ")\n";
            break;
        }
    }
    return src;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const std::string src = generate(in);
    const auto parsed = tirx::parseModule(src);
    if (!parsed.ok()) return 0;
    const auto trace = tirx::fuzz::lowerForFuzzing(parsed.module);
    for (const auto& entry : trace.entries) {
        if (!entry->module || entry->failed) continue;
        if (!tirx::parseModule(entry->text).ok()) std::abort(); // a pass's output does not parse back
    }
    return 0;
}
