"""The current-API NKI that `tirx-cli emit-nki --api nki` prints, checked
for what it computes.

Accumulation groups run through `tirx-cli run KERNEL.py --device sim` on
inputs written here and match NumPy: the group starts with a matmul that
overwrites (accumulate=False on its first iteration) instead of a clear the
nc_matmul page calls undefined to accumulate onto.

Broadcast and transposing loads are checked by applying the printed access
patterns as the NKI access-pattern guide defines them (nki-aps.rst,
"Semantics of the Access Pattern": a view of shape [num, ...] whose element
[i, ...] is flat[offset + i * step + ...]; dma_copy pairs the views of dst
and src element for element, so their shapes must agree). The simulator
cannot check these two: its trace keeps an HBM access as rows times a free
pattern in row-major order, which loses a source walked in another order.

Needs TIRX_CLI (the tirx-cli executable); ctest sets it."""

import ast
import os
import re
import subprocess
import tempfile
import unittest

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(SOURCE, "tests", "golden", "codegen")
EXAMPLES = os.path.join(SOURCE, "resources", "examples")
CLI = os.environ.get("TIRX_CLI", "")

# name: (TVMScript file, kernel, [(argument, shape)], output, reference over the arguments)
CASES = {
    "accumulate_from_copy": (os.path.join(GOLDEN, "17-accumulate-from-copy.py"), "acc_k_kernel",
                             [("L_ptr", (512, 128)), ("R_ptr", (512, 512))], "O_ptr", lambda l, r: l.T @ r),
    "accumulate_two_loops": (os.path.join(GOLDEN, "20-accumulate-two-loops.py"), "acc_ab_kernel",
                             [("L_ptr", (512, 128)), ("R_ptr", (512, 512))], "O_ptr", lambda l, r: l.T @ r),
    "activation_const_bias": (os.path.join(GOLDEN, "21-activation-const-bias.py"), "act_kernel",
                              [("A_ptr", (128, 512))], "C_ptr", lambda a: np.exp(np.exp(a + 1.0) * 0.5)),
    "broadcast_load": (os.path.join(GOLDEN, "18-broadcast-load.py"), "scale_rows_kernel",
                       [("X_ptr", (128, 512)), ("G_ptr", (512,))], "O_ptr", lambda x, g: x * g[None, :]),
    "transposing_load": (os.path.join(GOLDEN, "19-transposing-load.py"), "transpose_load_kernel",
                         [("A_ptr", (128, 128))], "B_ptr", lambda a: a.T),
    "matmul_psum_example": (os.path.join(EXAMPLES, "matmul_psum.py"), "main_kernel",
                            [("A_ptr", (128, 512)), ("B_ptr", (512, 512))], "C_ptr", lambda a, b: a @ b),
}


def cli(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)


class EmittedKernels(unittest.TestCase):
    def setUp(self):
        self.assertTrue(CLI and os.path.exists(CLI), "TIRX_CLI must name the tirx-cli executable")
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def emit(self, source, name):
        # A golden case's module is the part before its expected texts.
        with open(source) as f:
            module = f.read().split("# ---- expected")[0]
        script = os.path.join(self.tmp.name, name + ".tirx.py")
        with open(script, "w") as f:
            f.write(module)
        kernel = os.path.join(self.tmp.name, name + ".py")
        p = cli("emit-nki", script, "--api", "nki", "-o", kernel)
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(kernel) as f:
            return kernel, f.read()

    def run_case(self, name, seed=7):
        source, entry, args, output, reference = CASES[name]
        kernel, text = self.emit(source, name)
        rng = np.random.default_rng(seed)
        run = ["run", kernel, "--device", "sim", "--entry", entry]
        values = []
        for arg, shape in args:
            x = rng.uniform(-1.0, 1.0, size=shape).astype(np.float32)
            path = os.path.join(self.tmp.name, arg + ".npy")
            np.save(path, x)
            values.append(x)
            run += ["--arg", f"{arg}={'x'.join(map(str, shape))}:float32", "--input", f"{arg}={path}"]
        out = os.path.join(self.tmp.name, name + ".out.npy")
        run += ["--output", f"{output}={out}"]
        p = cli(*run)
        self.assertEqual(p.returncode, 0, p.stderr + "\n" + text)
        got = np.load(out).astype(np.float32)
        want = reference(*values).astype(np.float32)
        self.assertEqual(got.shape, want.shape)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5, err_msg=text)
        return text

    def test_accumulation_group_starts_with_an_overwriting_matmul(self):
        text = self.run_case("accumulate_from_copy")
        # The copy that cleared the accumulator is gone; the group's first matmul overwrites.
        self.assertIn("accumulate=(k_1 > 0)", text)
        self.assertNotIn("accumulate=True", text)
        self.assertNotIn("nisa.tensor_copy(dst=acc_ptr", text)

    def test_group_over_two_loops_starts_once(self):
        text = self.run_case("accumulate_two_loops")
        self.assertIn("accumulate=((a > 0) or (b > 0))", text)
        self.assertNotIn("nisa.memset(dst=acc_ptr", text)

    def test_full_tile_bias_prints_as_its_first_column(self):
        text = self.run_case("activation_const_bias")
        self.assertIn("bias=const_bias_ptr.ap(pattern=[[512, 128], [1, 1]], offset=0)", text)
        self.assertIn("bias=None", text)

    def test_example_accumulation_matches_numpy(self):
        text = self.run_case("matmul_psum_example")
        self.assertNotIn("accumulate=True", text)

    def load_through_patterns(self, name, argument, seed=7):
        """Applies the kernel's dma_copy that loads `argument` into an SBUF
        tile to random inputs; returns the inputs and the tile."""
        source, entry, args, output, reference = CASES[name]
        _, text = self.emit(source, name)
        rng = np.random.default_rng(seed)
        values = {arg: rng.uniform(-1.0, 1.0, size=shape).astype(np.float32) for arg, shape in args}
        shapes = dict(re.findall(r"^\s*(\w+) = nl\.ndarray\((\([0-9, ]+\))", text, re.M))
        flats = dict(re.findall(r"^\s*(\w+) = (\w+)\.reshape\(", text, re.M))
        loads = [m for m in re.finditer(r"nisa\.dma_copy\(dst=(.*), src=(.*)\)$", text, re.M)
                 if flats.get(operand(m.group(2))[0]) == argument]
        self.assertEqual(len(loads), 1, text)
        dma = loads[0]
        tile_name, tile_pattern, tile_offset = operand(dma.group(1))
        src_name, src_pattern, src_offset = operand(dma.group(2))
        tile = np.full(ast.literal_eval(shapes[tile_name]), np.nan, np.float32)
        src = values[argument].reshape(-1)
        dst_view_index = pattern_index(tile.shape, tile_pattern, tile_offset)
        src_view_index = pattern_index(src.shape, src_pattern, src_offset)
        # dma_copy: as many elements on both sides, paired by view position.
        self.assertEqual(dst_view_index.shape, src_view_index.shape, text)
        tile.reshape(-1)[dst_view_index.reshape(-1)] = src[src_view_index.reshape(-1)]
        return values, tile, text

    def test_broadcast_load_reads_as_many_elements_as_it_writes(self):
        values, tile, text = self.load_through_patterns("broadcast_load", "G_ptr")
        self.assertIn("G_ptr_buffer.ap(pattern=[[0, 128], [1, 512]], offset=0)", text)
        np.testing.assert_array_equal(tile, np.broadcast_to(values["G_ptr"], (128, 512)))

    def test_transposing_load_walks_both_sides_in_one_order(self):
        values, tile, text = self.load_through_patterns("transposing_load", "A_ptr")
        self.assertIn("A_ptr_buffer.ap(pattern=[[1, 128], [128, 128]], offset=0)", text)
        np.testing.assert_array_equal(tile, values["A_ptr"].T)


def operand(text):
    """`t.ap(pattern=[[s, n], ...], offset=o)` or a bare `t` (the whole tensor)."""
    m = re.fullmatch(r"(\w+)\.ap\(pattern=(\[.*\]), offset=(\d+)\)", text.strip())
    if m:
        return m.group(1), ast.literal_eval(m.group(2)), int(m.group(3))
    return text.strip(), None, 0


def pattern_index(shape, pattern, offset):
    """The flat element index of every position of the view (nki-aps.rst)."""
    if pattern is None:
        return np.arange(int(np.prod(shape))).reshape(shape)
    index = np.full([n for _, n in pattern], offset, np.int64)
    for axis, (step, count) in enumerate(pattern):
        grid = [1] * len(pattern)
        grid[axis] = count
        index = index + step * np.arange(count).reshape(grid)
    return index


if __name__ == "__main__":
    unittest.main()
