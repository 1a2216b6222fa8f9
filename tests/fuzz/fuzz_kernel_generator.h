#pragma once

// The TIRx kernels the fuzz targets past the parser feed on: the input bytes
// drive a generator of kernels (shapes, dtypes, layouts, scopes, loops, and
// tile calls of the copy, unary, binary and reduction families), so a pass
// or a printer sees deep, well-formed inputs instead of parse errors.

#include "script/parser.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace tirx::fuzz {

struct Tile {
    std::string name;
    int partitions;
    int free;
    bool psum;
};

inline std::string num(int64_t v) { return std::to_string(v); }

// A layout for a (partitions, free) on-chip tile: the "PF" shorthand, the
// same written out, or the free dimension split in two shards.
inline std::string layoutOf(FuzzedDataProvider& in, const Tile& t)
{
    switch (in.ConsumeIntegralInRange(0, 2)) {
    case 0: return "\"PF\"";
    case 1:
        if (!t.psum) return "T.TileLayout(T.S[(" + num(t.partitions) + ", " + num(t.free) + "):(1 @ P, 1 @ F)])";
        return "\"PF\"";
    default:
        if (!t.psum && t.free % 2 == 0)
            return "T.TileLayout(T.S[(" + num(t.partitions) + ", 2, " + num(t.free / 2) + "):(1 @ P, " +
                   num(t.free / 2) + " @ F, 1 @ F)])";
        return "\"PF\"";
    }
}

inline std::string pick(FuzzedDataProvider& in, std::initializer_list<const char*> options)
{
    const auto i = in.ConsumeIntegralInRange<size_t>(0, options.size() - 1);
    return *(options.begin() + static_cast<std::ptrdiff_t>(i));
}

inline std::string generateKernel(FuzzedDataProvider& in)
{
    const int rows = 128 * in.ConsumeIntegralInRange(1, 4);
    const int cols = 4 * in.ConsumeIntegralInRange(1, 256);
    std::string src = "from tvm.script import tirx as T\nfrom tvm_tirx.backend.trn.axis import P, F\n\n@T.function\n";
    src += "def main(A: T.Tensor((" + num(rows) + ", " + num(cols) + "), \"float32\", layout=T.TileLayout(T.S[(" +
           num(rows) + ", " + num(cols) + "):(" + num(cols) + ", 1)]))):\n";
    src += "    T.device_entry()\n";
    std::vector<Tile> tiles;
    const int count = in.ConsumeIntegralInRange(1, 12);
    for (int t = 0; t < count; ++t) {
        // A PSUM tile holds at most one bank (2 KB) per partition; some
        // tiles are one column, the shape reductions write.
        const bool psum = in.ConsumeIntegralInRange(0, 5) == 0;
        const bool column = in.ConsumeIntegralInRange(0, 4) == 0;
        const int maxFree = psum ? 512 : std::max(4, cols);
        Tile tile{"B" + num(t), 1 << in.ConsumeIntegralInRange(0, 7),
                  column ? 1 : 4 * in.ConsumeIntegralInRange(1, maxFree / 4), psum};
        const std::string dtype = psum ? "float32" : pick(in, {"float32", "float32", "bfloat16", "float16"});
        src += "    " + tile.name + " = T.alloc_tensor((" + num(tile.partitions) + ", " + num(tile.free) + "), \"" +
               dtype + "\", scope=\"" + (psum ? "trn.psum" : "trn.sbuf") + "\", layout=" + layoutOf(in, tile) + ")\n";
        tiles.push_back(tile);
    }
    int depth = 1;
    const int statements = in.ConsumeIntegralInRange(1, 40);
    for (int s = 0; s < statements && in.remaining_bytes() > 0; ++s) {
        const std::string indent(static_cast<size_t>(depth) * 4, ' ');
        const Tile& a = tiles[in.ConsumeIntegralInRange<size_t>(0, tiles.size() - 1)];
        const Tile& b = tiles[in.ConsumeIntegralInRange<size_t>(0, tiles.size() - 1)];
        const Tile& c = tiles[in.ConsumeIntegralInRange<size_t>(0, tiles.size() - 1)];
        const bool same = a.partitions == b.partitions && a.free == b.free;
        const std::string region = "A[0:" + num(a.partitions) + ", 0:" + num(a.free) + "]";
        const bool fitsA = a.partitions <= rows && a.free <= cols;
        switch (in.ConsumeIntegralInRange(0, 11)) {
        case 0:
            if (depth < 6) {
                src +=
                    indent + "for i" + num(depth) + " in T.serial(0, " + num(in.ConsumeIntegralInRange(1, 8)) + "):\n";
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
            if (fitsA) src += indent + "T.trn.tile.load(" + a.name + ", " + region + ")\n";
            break;
        case 4:
            if (same) src += indent + "T.trn.tile.tensor_copy(" + a.name + ", " + b.name + ")\n";
            break;
        case 5:
            if (fitsA) src += indent + "T.trn.tile.store(" + region + ", " + a.name + ")\n";
            break;
        case 6:
            if (same) src += indent + "T.trn.tile.reciprocal(" + a.name + ", " + b.name + ")\n";
            break;
        case 7:
            if (same && b.partitions == c.partitions && b.free == c.free)
                src += indent + "T.trn.tile.tensortensor(" + a.name + ", " + b.name + ", " + c.name + ", opcode=\"" +
                       pick(in, {"add", "sub", "mul", "max", "min"}) + "\")\n";
            break;
        case 8:
            if (same)
                src += indent + "T.trn.tile.tensorscalar(" + a.name + ", " + b.name + ", T.float32(" +
                       num(in.ConsumeIntegralInRange(-4, 4)) + ".5), opcode=\"" + pick(in, {"add", "mul", "max"}) +
                       "\")\n";
            break;
        case 9:
            if (same)
                src += indent + "T.trn.tile.activation(" + a.name + ", " + b.name + ", opcode=\"" +
                       pick(in, {"exp", "sqrt"}) + "\")\n";
            break;
        case 10:
            if (a.free == 1 && b.partitions == a.partitions)
                src += indent + "T.trn.tile.tensorreduce(" + a.name + ", " + b.name + ", reduce_op=\"" +
                       pick(in, {"sum", "max", "min"}) + "\", axes=[1])\n";
            break;
        default:
            // A region of a tile: its first half of the free dimension.
            if (same && a.free % 2 == 0)
                src += indent + "T.trn.tile.tensor_copy(" + a.name + "[:, 0:" + num(a.free / 2) + "], " + b.name +
                       "[:, 0:" + num(a.free / 2) + "])\n";
            break;
        }
    }
    return src;
}

// A generated kernel with its parse; the generator writing something that
// is not TIRx is the target's own bug, so it aborts.
struct GeneratedKernel {
    std::string source;
    ParseResult parsed;
};

inline GeneratedKernel parsedKernel(FuzzedDataProvider& in)
{
    GeneratedKernel k;
    k.source = generateKernel(in);
    k.parsed = parseModule(k.source);
    if (!k.parsed.ok()) std::abort();
    return k;
}

} // namespace tirx::fuzz
