#include "tile_module_generator.h"

#include <array>
#include <string_view>

namespace tirx::bench {

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
    std::string out = "from tvm_tirx.script import tirx as T\n"
                      "from tvm_tirx.backend.trn.axis import P, F\n\n"
                      "@T.function\n"
                      "def main(X: T.Tensor((128, 512), \"float32\", "
                      "layout=T.TileLayout(T.S[(128, 512):(512, 1)]))):\n"
                      "    T.device_entry()\n"
                      "    a = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    b = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    c = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"
                      "    col = T.alloc_tensor((128, 1), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n";
    for (int i = 0; i < calls; ++i) out += kCalls[static_cast<size_t>(i) % kCalls.size()];
    return out;
}

} // namespace tirx::bench
