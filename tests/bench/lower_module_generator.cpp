#include "lower_module_generator.h"

namespace tirx::bench {

namespace {

// Three logical shapes of one physical (128, 8) int8 tile, 8 bytes per
// partition, so that 16,000 of them (8x the 2,000 target) still fit the
// SBUF; which shape a tensor gets depends on its number, so accesses need all
// three groupings.
struct Shape {
    const char* alloc;
    std::string (*index)(); // the logical index of element (p_loop, f_loop)
};

const Shape kShapes[] = {
    {"T.alloc_tensor((128, 8), \"int8\", scope=\"trn.sbuf\", "
     "layout=T.TileLayout(T.S[(128, 8):(1 @ P, 1 @ F)]))",
     [] { return std::string{"p_loop, f_loop"}; }},
    {"T.alloc_tensor((128, 2, 4), \"int8\", scope=\"trn.sbuf\", "
     "layout=T.TileLayout(T.S[(128, 8):(1 @ P, 1 @ F)]))",
     [] { return std::string{"p_loop, f_loop // 4, f_loop % 4"}; }},
    {"T.alloc_tensor((256, 4), \"int8\", scope=\"trn.sbuf\", "
     "layout=T.TileLayout(T.S[(2, 128, 4):(4 @ F, 1 @ P, 1 @ F)]))",
     [] { return std::string{"f_loop // 4 * 128 + p_loop, f_loop % 4"}; }},
};

std::string name(int k) { return "X" + std::to_string(k); }

std::string access(int k) { return name(k) + "[" + kShapes[k % 3].index() + "]"; }

void nest(std::string& out, const std::string& instruction)
{
    out += "    with T.nki.tensorized_instruction():\n";
    out += "        for p_loop in T.serial(128, annotations={\"nki_dim\": \"P\"}):\n";
    out += "            for f_loop in T.serial(8, annotations={\"nki_dim\": \"F\"}):\n";
    out += "                " + instruction + "\n";
}

} // namespace

std::string generateLoweringModule(int allocations)
{
    std::string out = "from tvm_tirx.script import tirx as T\n"
                      "from tvm_tirx.backend.trn.axis import P, F, Bank\n\n"
                      "@T.function\n"
                      "def main(G: T.Tensor((128, 256), \"int8\", "
                      "layout=T.TileLayout(T.S[(128, 256):(256, 1)]))):\n"
                      "    T.device_entry()\n";
    for (int k = 0; k < allocations; ++k) {
        out += "    " + name(k) + " = " + kShapes[k % 3].alloc + "\n";
        // Two operands before the chain has two tensors: the tensor itself.
        const int a = k >= 1 ? k - 1 : k;
        const int b = k >= 2 ? k - 2 : k;
        nest(out, "T.nki.tensortensor(" + access(k) + ", " + access(a) + ", " + access(b) + ", \"add\")");
        nest(out, "T.nki.tensor_copy(" + access(k) + ", G[p_loop, " + std::to_string(k % 32) + " * 8 + f_loop])");
    }
    return out;
}

} // namespace tirx::bench
