#include "tile_module_generator.h"

#include <array>
#include <span>
#include <string_view>

namespace tirx::bench {

namespace {

// `head` (imports, signature, allocations), then `count` calls taken from
// `calls` in turn.
std::string cycleCalls(std::string_view head, std::span<const std::string_view> calls, int count)
{
    std::string out{head};
    for (int i = 0; i < count; ++i) out += calls[static_cast<size_t>(i) % calls.size()];
    return out;
}

} // namespace

std::string generateTileModule(int calls)
{
    static constexpr std::array<std::string_view, 8> kCalls = {
        "    T.trn.tile.load(a, X)\n",
        "    T.trn.tile.tensor_copy(b, a)\n",
        "    T.trn.tile.memset(c, T.float32(0.0))\n",
        "    T.trn.tile.activation(c, a, bias=col, scale=T.float32(2.0), opcode=\"exp\")\n",
        "    T.trn.tile.tensortensor(c, a, b, opcode=\"add\")\n",
        "    T.trn.tile.tensorscalar(c, a, T.float32(2.0), opcode=\"mul\")\n",
        "    T.trn.tile.affine_select(c, a, T.float32(0.0), lambda i, j: i < j)\n",
        "    T.trn.tile.store(X, c)\n",
    };
    return cycleCalls("from tvm_tirx.script import tirx as T\n"
                      "from tvm_tirx.backend.trn.axis import P, F\n\n"
                      "@T.function\n"
                      "def main(X: T.Tensor((128, 512), \"float32\", "
                      "layout=T.TileLayout(T.S[(128, 512):(512, 1)]))):\n"
                      "    T.device_entry()\n"
                      "    a = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    b = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    c = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    col = T.alloc_tensor((128, 1), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n",
                      kCalls, calls);
}

std::string generateMatmulReductionModule(int calls)
{
    static constexpr std::array<std::string_view, 4> kCalls = {
        "    T.trn.tile.matmul(acc, a, b, acc)\n",
        "    T.trn.tile.tensorreduce(col, x, reduce_op=\"max\", axes=-1)\n",
        "    T.trn.tile.matmul(acc, a, b, acc)\n",
        "    T.trn.tile.tensorreduce(cols, x4, reduce_op=\"sum\", axes=[1, 3])\n",
    };
    return cycleCalls("from tvm_tirx.script import tirx as T\n"
                      "from tvm_tirx.backend.trn.axis import P, F\n\n"
                      "@T.function\n"
                      "def main():\n"
                      "    T.device_entry()\n"
                      "    a = T.alloc_tensor((128, 256), \"float32\", scope=\"trn.sbuf\", "
                      "layout=T.TileLayout(T.S[(128, 2, 128):(1 @ F, 128 @ F, 1 @ P)]))\n"
                      "    b = T.alloc_tensor((256, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    acc = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.psum\", layout=\"PF\")\n"
                      "    x = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    x4 = T.alloc_tensor((128, 8, 4, 16), \"float32\", scope=\"trn.sbuf\", "
                      "layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))\n"
                      "    col = T.alloc_tensor((128, 1), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    cols = T.alloc_tensor((128, 4), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n",
                      kCalls, calls);
}

} // namespace tirx::bench
