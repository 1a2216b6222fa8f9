#include "module_generator.h"

namespace tirx::bench {

namespace {

std::string function(size_t index)
{
    const std::string n = std::to_string(index);
    std::string f;
    f += "    @T.function\n";
    f += "    def kernel_" + n +
         "(A: T.Tensor((512, 512), \"float32\", layout=None), "
         "B: T.Tensor((512, 512), \"float32\", layout=None)):\n";
    f += "        T.func_attr({\"global_symbol\": \"kernel_" + n + "\"})\n";
    f += "        A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((262144,), \"float32\", layout=None)])\n";
    f += "        xs = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 2048), \"float32\", scope=\"trn.sbuf\")])\n";
    f += "        ys = T.alloc_tensor((8192,), ty_args=[T.Tensor((128, 2048), \"float32\", scope=\"trn.sbuf\")])\n";
    f += "        acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((8, 128, 512), \"float32\", scope=\"trn.psum\")])\n";
    f += "        for i in range(4):\n";
    f += "            for j in range(2):\n";
    f += "                for k in range(2):\n";
    f += "                    with T.nki.tensorized_instruction():\n";
    f += "                        for p_loop in T.serial(128, annotations={\"nki_dim\": \"P\"}):\n";
    f += "                            for f_loop in T.serial(512, annotations={\"nki_dim\": \"F\"}):\n";
    f += "                                T.nki.load(xs[p_loop, i * 512 + f_loop], "
         "A_1[i * 65536 + p_loop * 512 + f_loop])\n";
    static const char* const kBodies[] = {
        "T.nki.activation(ys[p_loop, f_loop], xs[p_loop, f_loop], \"exp\", T.float32(0.0), T.float32(1.0))",
        "T.nki.tensortensor(ys[p_loop, f_loop], xs[p_loop, f_loop], ys[p_loop, f_loop], \"add\")",
        "T.nki.tensorscalar(ys[p_loop, f_loop], xs[p_loop, f_loop], T.float32(2.0), \"mul\", False)",
        "T.nki.memset(ys[p_loop, j * 512 + f_loop], T.float32(0.0))",
        "T.nki.reciprocal(ys[p_loop, f_loop], xs[p_loop, f_loop])",
        "T.nki.tensor_copy(xs[p_loop, f_loop], ys[p_loop, f_loop])",
        "T.nki.tensorreduce(ys[p_loop, 0], xs[p_loop, f_loop], \"max\", False, 1)",
        "T.nki.scalar_tensor_scalar(ys[p_loop, f_loop], xs[p_loop, f_loop], T.float32(1.0), T.float32(2.0), "
        "\"mul\", \"add\", False, False)",
        "T.nki.matmul(acc[0, p_loop, f_loop], xs[p_loop, f_loop], ys[p_loop, f_loop], True)",
        "T.nki.store(A_1[(i * 128 + p_loop) * 512 + f_loop], ys[p_loop, f_loop // 2 * 2 + f_loop % 2])",
    };
    for (const char* body : kBodies) {
        f += "                    with T.nki.tensorized_instruction():\n";
        f += "                        for p_loop in T.serial(128, annotations={\"nki_dim\": \"P\"}):\n";
        f += "                            for f_loop in T.serial(512, annotations={\"nki_dim\": \"F\"}):\n";
        f += "                                if f_loop < j * 128 + 256:\n";
        f += "                                    " + std::string{body} + "\n";
    }
    f += "        T.trn.tile.load(xs[0:128, 0:512], A[0:128, 0:512])\n";
    f += "        T.trn.tile.activation(ys[0:128, 0:512], xs[0:128, 0:512], bias=T.float32(1.0), opcode=\"exp\")\n";
    f += "        T.trn.tile.store(B[0:128, 0:512], ys[0:128, 0:512])\n";
    return f;
}

} // namespace

std::string generateModule(size_t targetBytes)
{
    std::string text = "from tvm_tirx.script import tirx as T\n\n@T.ir_module\nclass Module:\n";
    for (size_t i = 0; text.size() < targetBytes; ++i) text += function(i);
    return text;
}

} // namespace tirx::bench
