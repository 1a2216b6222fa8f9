"""Behaviour of the NKI stand-in: regions, names, implicit tiles, direct
allocation, programs, checks, unmodelled names, placeholders, the cap."""

import json
import os
import subprocess
import tempfile
import unittest

import standin
import trace_schema

HEAD = "import nki\nimport nki.isa as nisa\nimport nki.language as nl\n\n\n"
LEGACY = "import neuronxcc.nki as nki\nimport neuronxcc.nki.language as nl\nimport neuronxcc.nki.isa as nisa\n" \
         "import neuronxcc.nki.compiler as ncc\n\n\n"


def arg(name, shape, dtype="float32"):
    return {"name": name, "shape": list(shape), "dtype": dtype}


def trace(body, args, head=HEAD, **launch):
    launch = dict(launch, args=args)
    doc = standin.trace_source(head + body, launch)
    trace_schema.validate(doc)
    return doc


def tensor_names(body, args):
    """The names the first program gives its tensors, in order."""
    return [t["name"] for t in trace(body, args)["programs"][0]["tensors"]]


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def line_of(doc_source, text):
    for n, line in enumerate(doc_source.splitlines(), 1):
        if text in line:
            return n
    raise AssertionError(text)


class Regions(unittest.TestCase):
    def test_slices_ds_ap_int_and_strides(self):
        doc = trace(
            "@nki.jit\n"
            "def k(a):\n"
            "    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)\n"
            "    nisa.dma_copy(dst=t, src=a)\n"
            "    h = nl.ndarray((64, 16), dtype=nl.float32, buffer=nl.sbuf)\n"
            "    nisa.tensor_copy(dst=h, src=t[32:96, nl.ds(8, 16)])\n"
            "    nisa.tensor_copy(dst=h, src=t.ap(pattern=[[64, 64], [2, 16]], offset=64 * 64 + 3))\n"
            "    nisa.tensor_copy(dst=h[:, 0:1], src=t[0:64, 5])\n"
            "    nisa.tensor_copy(dst=h, src=t[64:128, 0:64:4])\n"
            "    nisa.dma_copy(dst=h, src=a[1:129:2, 0:16])\n"
            "    return a\n",
            [arg("a", (256, 64))])
        ins = doc["programs"][0]["instructions"]
        read = [i["reads"][0] for i in ins]
        self.assertEqual(read[1]["partitions"], {"start": 32, "step": 1, "count": 64})
        self.assertEqual(read[1]["free"], {"offset": 8, "dims": [[1, 16]]})
        self.assertEqual(read[1]["bytes"], [32, 96])
        self.assertEqual(read[2]["partitions"], {"start": 64, "step": 1, "count": 64})
        self.assertEqual(read[2]["free"], {"offset": 3, "dims": [[2, 16]]})
        self.assertEqual(read[2]["bytes"], [12, 136])
        self.assertEqual(read[3]["free"], {"offset": 5, "dims": [[1, 1]]})
        self.assertEqual(ins[3]["writes"][0]["free"], {"offset": 0, "dims": [[1, 1]]})
        self.assertEqual(read[4]["free"], {"offset": 0, "dims": [[4, 16]]})
        self.assertEqual(read[5]["partitions"], {"start": 1, "step": 2, "count": 64})
        for i in ins:
            self.assertFalse(any(r["masked"] for r in i["reads"] + i["writes"]))

    def test_regions_in_another_order_say_so(self):
        doc = trace(
            "@nki.jit\n"
            "def k(a, g):\n"
            "    t = nl.ndarray((128, 128), dtype=nl.float32, buffer=nl.sbuf)\n"
            "    nisa.dma_copy(dst=t, src=a.ap(pattern=[[128, 128], [1, 128]], offset=0))\n"
            "    nisa.dma_copy(dst=t, src=a.ap(pattern=[[1, 128], [128, 128]], offset=0))\n"
            "    nisa.dma_copy(dst=t, src=g.ap(pattern=[[0, 128], [1, 128]], offset=0))\n"
            "    i_p = nl.arange(128)[:, None]\n"
            "    i_f = nl.arange(128)[None, :]\n"
            "    u = nl.load(a[i_f, i_p])\n"
            "    v = nl.load(a[i_p, i_f])\n"
            "    return a\n",
            [arg("a", (128, 128)), arg("g", (1, 128))])
        read = [i["reads"][0] for i in doc["programs"][0]["instructions"]]
        # In partition order: exact. Partitions inside the free loop: a transposition.
        self.assertNotIn("inexact", read[0])
        self.assertIn("transposing", read[1]["inexact"])
        # Its region is the same rectangle; only the order differs.
        self.assertEqual(read[1]["partitions"], read[0]["partitions"])
        self.assertEqual(read[1]["free"], read[0]["free"])
        self.assertIn("broadcast", read[2]["inexact"])
        # Index grids: a[i_f, i_p] walks a column per partition.
        self.assertIn("transposing", read[3]["inexact"])
        self.assertNotIn("inexact", read[4])

    def test_operands_name_each_tensor_parameter(self):
        doc = trace(
            "@nki.jit\n"
            "def k(a):\n"
            "    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)\n"
            "    nisa.dma_copy(dst=t, src=a)\n"
            "    col = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)\n"
            "    nisa.tensor_reduce(dst=col, op=nl.maximum, data=t, axis=1)\n"
            "    nisa.tensor_scalar(dst=t, data=t, op0=nl.subtract, operand0=col, reverse0=True)\n"
            "    nisa.tensor_tensor(dst=t, data1=t, data2=t, op=nl.add)\n"
            "    acc = nl.ndarray((64, 64), dtype=nl.float32, buffer=nl.psum)\n"
            "    nisa.nc_matmul(dst=acc, stationary=t, moving=t, accumulate=False)\n"
            "    return a\n",
            [arg("a", (128, 64))])
        ins = doc["programs"][0]["instructions"]
        self.assertEqual(ins[0]["operands"], {"dst": {"write": 0, "count": 1}, "src": {"read": 0, "count": 1}})
        self.assertEqual(ins[1]["operands"], {"dst": {"write": 0, "count": 1}, "data": {"read": 0, "count": 1}})
        self.assertEqual(ins[1]["args"]["op"], "maximum")
        self.assertEqual(ins[2]["operands"]["operand0"], {"read": 1, "count": 1})
        self.assertEqual(ins[2]["args"], {"op0": "subtract", "reverse0": True})
        self.assertEqual(ins[3]["operands"]["data2"], {"read": 1, "count": 1})
        self.assertEqual(ins[4]["operands"]["moving"], {"read": 1, "count": 1})
        self.assertIs(ins[4]["args"]["accumulate"], False)

    def test_arange_grid_and_mask(self):
        doc = trace(
            "@nki.jit\n"
            "def k(a):\n"
            "    out = nl.ndarray((200, 64), dtype=nl.float32, buffer=nl.shared_hbm)\n"
            "    i_p = nl.arange(128)[:, None]\n"
            "    i_f = nl.arange(32)[None, :]\n"
            "    t = nl.load(a[128 + i_p, 2 * i_f + 1], mask=(128 + i_p < 200))\n"
            "    g = nl.mgrid[0:64, 0:16]\n"
            "    nl.store(out[g.p, 32 + g.x], value=t[g.p, g.x])\n"
            "    return out\n",
            [arg("a", (200, 64))], head=LEGACY)
        ins = doc["programs"][0]["instructions"]
        load = ins[0]
        self.assertEqual(load["op"], "nl.load")
        self.assertEqual(load["reads"][0]["partitions"], {"start": 128, "step": 1, "count": 72})
        self.assertEqual(load["reads"][0]["free"], {"offset": 1, "dims": [[2, 32]]})
        self.assertTrue(load["reads"][0]["masked"])
        self.assertEqual(load["writes"][0]["partitions"]["count"], 72)
        store = ins[1]
        self.assertEqual(store["writes"][0]["partitions"], {"start": 0, "step": 1, "count": 64})
        self.assertEqual(store["writes"][0]["free"], {"offset": 32, "dims": [[1, 16]]})
        self.assertFalse(store["writes"][0]["masked"])


    def test_ap_with_another_dtype(self):
        doc = trace(
            "@nki.jit\n"
            "def k(a):\n"
            "    t = nl.ndarray((128, 128), dtype=nl.float8_e4m3fn_x4, buffer=nl.sbuf)\n"
            "    nisa.dma_copy(dst=t, src=a.ap(dtype=nl.float8_e4m3fn_x4, pattern=[[128, 128], [1, 128]], offset=0))\n"
            "    nisa.dma_copy(dst=t[:, 0:64], src=a.ap(dtype=nl.float8_e4m3fn_x4, pattern=[[128, 128], [2, 64]], offset=1))\n"
            "    return a\n",
            [arg("a", (128, 512), "uint8")])
        prog = doc["programs"][0]
        self.assertEqual(prog["tensors"][1]["bytes_per_partition"], 512)
        first, second = prog["instructions"]
        self.assertEqual(first["reads"][0]["free"], {"offset": 0, "dims": [[1, 512]]})
        self.assertEqual(second["reads"][0]["free"], {"offset": 4, "dims": [[8, 64], [1, 4]]})
        self.assertEqual(second["reads"][0]["bytes"], [4, 512])
        self.assertEqual(second["reads"][0]["partitions"], {"start": 0, "step": 1, "count": 128})
        self.assertEqual(second["writes"][0]["bytes"], [0, 256])
        self.assertEqual(prog["notes"], [])  # 128 x 64 packed elements on both sides


class Names(unittest.TestCase):
    def test_name_sources(self):
        src = ("def make(shape):\n"
               "    return nl.ndarray(shape, dtype=nl.float32, buffer=nl.sbuf)\n\n\n"
               "@nki.jit\n"
               "def k(a):\n"
               "    explicit = nl.ndarray((128, 4), dtype=nl.float32, buffer=nl.sbuf, name='given')\n"
               "    from_helper = make((128, 8))\n"
               "    tiles = []\n"
               "    tiles.append(nl.ndarray((128, 2), dtype=nl.float32, buffer=nl.sbuf))\n"
               "    typed: object = nl.zeros((128, 2), dtype=nl.float32)\n"
               "    return a\n")
        names = tensor_names(src, [arg("a", (128, 4))])
        self.assertEqual(names, ["a", "given", "from_helper", f"kernel.py:{line_of(HEAD + src, 'tiles.append')}",
                                 "typed"])

    def test_a_helper_that_returns_its_variable_names_nothing(self):
        # A stack allocator's `tile = nl.ndarray(...); return tile`: the
        # caller's variables name the tensors; the kernel's own returned
        # `out` keeps its name, and a result nobody assigns is named by the
        # place of its call.
        src = ("class Stack:\n"
               "    def alloc(self, shape):\n"
               "        tile = nl.ndarray(shape, dtype=nl.float32, buffer=nl.sbuf)\n"
               "        return tile\n\n\n"
               "@nki.jit\n"
               "def k(a):\n"
               "    stack = Stack()\n"
               "    x = stack.alloc((128, 4))\n"
               "    y = stack.alloc((128, 8))\n"
               "    stack.alloc((128, 2))\n"
               "    out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)\n"
               "    return out\n")
        names = tensor_names(src, [arg("a", (128, 4))])
        self.assertEqual(names, ["a", "x", "y", f"kernel.py:{line_of(HEAD + src, 'stack.alloc((128, 2))')}", "out"])

    def test_implicit_tiles(self):
        doc = trace(
            "@nki.jit\n"
            "def k(a, b):\n"
            "    x = nl.load(a)\n"
            "    y = nl.exp(x)\n"
            "    p = nl.matmul(x, nl.load(b), transpose_x=True)\n"
            "    s = nisa.tensor_copy(p)\n"
            "    return a\n",
            [arg("a", (128, 128), "bfloat16"), arg("b", (128, 512), "bfloat16")], head=LEGACY)
        tensors = {t["name"]: t for t in doc["programs"][0]["tensors"]}
        self.assertEqual((tensors["x"]["kind"], tensors["x"]["buffer"], tensors["x"]["created_by"]),
                         ("implicit", "sbuf", "nl.load"))
        self.assertEqual(tensors["y"]["buffer"], "sbuf")
        self.assertEqual((tensors["p"]["buffer"], tensors["p"]["dtype"], tensors["p"]["shape"]),
                         ("psum", "float32", [128, 512]))
        self.assertEqual(tensors["s"]["buffer"], "sbuf")
        ops = [(i["op"], i["engine"]) for i in doc["programs"][0]["instructions"]]
        self.assertEqual(ops, [("nl.load", "dma"), ("nl.exp", "act"), ("nl.load", "dma"), ("nl.matmul", "pe"),
                               ("nisa.tensor_copy", None)])
        self.assertEqual(doc["kernel"]["api"], "legacy")


    def test_legacy_accumulation_and_reduce_results(self):
        src = ("@nki.jit\n"
               "def k(a, b):\n"
               "    acc = nl.ndarray((nl.par_dim(128), 512), dtype=nl.float32, buffer=nl.psum)\n"
               "    for i in nl.affine_range(2):\n"
               "        acc += nisa.nc_matmul(nl.load(a), nl.load(b))\n"
               "    part = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)\n"
               "    e = nisa.activation(op=nl.exp, data=acc, reduce_op=nl.add, reduce_res=part)\n"
               "    total = nl.add(part, 1.0)\n"
               "    return a\n")
        doc = trace(src, [arg("a", (128, 128), "bfloat16"), arg("b", (128, 512), "bfloat16")], head=LEGACY)
        prog = doc["programs"][0]
        self.assertEqual(prog["notes"], [])
        mm = [i for i in prog["instructions"] if i["op"] == "nisa.nc_matmul"]
        self.assertEqual([i["args"]["accumulate"] for i in mm], [False, True])
        self.assertEqual([len(i["reads"]) for i in mm], [2, 3])
        self.assertTrue(all(i["writes"][0]["tensor"] == 2 for i in mm))  # retargeted into acc
        act = next(i for i in prog["instructions"] if i["op"] == "nisa.activation")
        names = [prog["tensors"][w["tensor"]]["name"] for w in act["writes"]]
        self.assertEqual(names, ["e", "part"])
        self.assertEqual(act["args"]["op"], "exp")


class Allocation(unittest.TestCase):
    def test_mod_alloc_rotation_and_func(self):
        doc = trace(
            "def at(index, pdim, fdim):\n"
            "    return 32, 100 + index[0] * 1000 + index[1]\n\n\n"
            "@nki.jit\n"
            "def k(a):\n"
            "    s = nl.ndarray((6, nl.par_dim(128), 256), dtype=nl.bfloat16,\n"
            "                   buffer=ncc.sbuf.mod_alloc(base_addr=512, num_free_tiles=(3,)))\n"
            "    p = nl.ndarray((4, nl.par_dim(128), 512), dtype=nl.float32,\n"
            "                   buffer=ncc.psum.mod_alloc(base_bank=1, num_bank_tiles=(2,)))\n"
            "    f = nl.ndarray((2, 2, nl.par_dim(32), 16), dtype=nl.float32, buffer=ncc.sbuf.alloc(at))\n"
            "    return a\n",
            [arg("a", (128, 4))], head=LEGACY)
        t = {x["name"]: x for x in doc["programs"][0]["tensors"]}
        s = t["s"]["blocks"]
        self.assertEqual(t["s"]["kind"], "block")
        self.assertEqual(t["s"]["bytes_per_partition"], 512)
        self.assertEqual([a["byte"] for a in s["addresses"]], [512, 1024, 1536, 512, 1024, 1536])
        self.assertEqual(s["rotation"], {"allocator": "mod_alloc", "tiles": 3})
        self.assertEqual([a["byte"] for a in t["p"]["blocks"]["addresses"]], [2048, 4096, 2048, 4096])
        f = t["f"]["blocks"]
        self.assertEqual([(a["partition"], a["byte"]) for a in f["addresses"]],
                         [(32, 100), (32, 101), (32, 1100), (32, 1101)])
        self.assertEqual(f["rotation"], {"allocator": "func", "tiles": 4})
        self.assertEqual(t["f"]["partitions"], [32, 64])  # block 0's partition

    def test_explicit_address_and_partition_start(self):
        src = ("@nki.jit\n"
               "def k(a):\n"
               "    ok = nl.ndarray((32, 64), dtype=nl.float32, buffer=nl.sbuf, address=(96, 256))\n"
               "    bad = nl.ndarray((32, 64), dtype=nl.float32, buffer=nl.sbuf, address=(16, 0))\n"
               "    big = nl.ndarray((96, 64), dtype=nl.float32, buffer=nl.sbuf, address=(64, 0))\n"
               "    return a\n")
        doc = trace(src, [arg("a", (128, 4))])
        t = doc["programs"][0]["tensors"]
        self.assertEqual(t[1]["address"], {"partition": 96, "byte": 256})
        self.assertEqual(t[1]["partitions"], [96, 128])
        notes = [(n["code"], n["loc"]["line"], n["loc"]["column"]) for n in doc["programs"][0]["notes"]]
        full = HEAD + src
        self.assertEqual(notes, [("partition-start", line_of(full, "bad ="), 11),
                                 ("partition-start", line_of(full, "big ="), 11)])


class Programs(unittest.TestCase):
    def test_grid_and_program_option(self):
        body = ("@nki.jit\n"
                "def k(a):\n"
                "    t = nl.ndarray((128, 8), dtype=nl.float32, buffer=nl.sbuf)\n"
                "    nisa.dma_copy(dst=t, src=a[nl.program_id(0) * 128:(nl.program_id(0) + 1) * 128,\n"
                "                            nl.ds(nl.program_id(1) * 8, 8)])\n"
                "    assert nl.num_programs(1) == 3 and nl.program_ndim() == 2\n"
                "    return a\n")
        doc = trace(body, [arg("a", (256, 24))], grid=[2, 3])
        self.assertEqual([p["program"] for p in doc["programs"]], [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]])
        reads = [p["instructions"][0]["reads"][0] for p in doc["programs"]]
        self.assertEqual([(r["partitions"]["start"], r["free"]["offset"]) for r in reads],
                         [(0, 0), (0, 8), (0, 16), (128, 0), (128, 8), (128, 16)])
        self.assertEqual(doc["launch"], {"grid": [2, 3], "lnc": 1})
        self.assertIsNone(doc["error"])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "k.py")
            with open(path, "w") as f:
                f.write(HEAD + body)
            out = os.path.join(tmp, "t.json")
            launch = {"args": [arg("a", (256, 24))], "lnc": 2}
            done = standin.run(["--launch-json", json.dumps(launch), "--kernel", path, "--out", out, "--program", "1"])
            self.assertEqual(done.returncode, 0, done.stderr)
            doc = load(out)
        self.assertEqual([p["program"] for p in doc["programs"]], [[1]])
        self.assertEqual(doc["launch"]["lnc"], 2)
        self.assertEqual(doc["error"]["code"], "python")  # num_programs(1) is 1 under LNC: the assert fails


class Checks(unittest.TestCase):
    def test_uninitialised_and_accumulate(self):
        src = ("@nki.jit\n"
               "def k(a, b):\n"
               "    lhs = nl.ndarray((128, 128), dtype=nl.bfloat16, buffer=nl.sbuf)\n"
               "    rhs = nl.ndarray((128, 512), dtype=nl.bfloat16, buffer=nl.sbuf)\n"
               "    nisa.dma_copy(dst=lhs, src=a)\n"
               "    nisa.dma_copy(dst=rhs[:, 0:256], src=b[:, 0:256])\n"
               "    acc = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)\n"
               "    nisa.nc_matmul(dst=acc[:, 0:256], stationary=lhs, moving=rhs[:, 0:256], accumulate=False)\n"
               "    nisa.nc_matmul(dst=acc[:, 0:256], stationary=lhs, moving=rhs[:, 0:256], accumulate=True)\n"
               "    nisa.nc_matmul(dst=acc, stationary=lhs, moving=rhs, accumulate=True)\n"
               "    bad = nl.ndarray((128, 512), dtype=nl.bfloat16, buffer=nl.psum)\n"
               "    nisa.nc_matmul(dst=bad[:, 0:256], stationary=lhs, moving=rhs[:, 0:256])\n"
               "    return a\n")
        doc = trace(src, [arg("a", (128, 128), "bfloat16"), arg("b", (128, 512), "bfloat16")])
        full = HEAD + src
        notes = [(n["code"], n["loc"]["line"]) for n in doc["programs"][0]["notes"]]
        third = line_of(full, "moving=rhs, accumulate=True")
        self.assertIn(("uninitialised-read", third), notes)
        self.assertIn(("contract", third), notes)
        self.assertIn(("psum-tile", line_of(full, "dst=bad")), notes)
        self.assertEqual([c for c, _ in notes].count("contract"), 1)
        ins = doc["programs"][0]["instructions"]
        self.assertEqual(len(ins[3]["reads"]), 3)  # accumulate=True reads its destination
        self.assertEqual(ins[3]["args"]["accumulate"], True)


class Failures(unittest.TestCase):
    def test_unmodelled_names(self):
        src = ("@nki.jit\n"
               "def k(a):\n"
               "    t = nl.ndarray((128, 4), dtype=nl.float32, buffer=nl.sbuf)\n"
               "    nisa.memset(dst=t, value=0.0)\n"
               "    nl.device_print('t', t)\n"
               "    return a\n")
        doc = trace(src, [arg("a", (128, 4))])
        err = doc["error"]
        self.assertEqual((err["code"], err["severity"]), ("unmodelled", "error"))
        self.assertIn("nki.language.device_print", err["message"])
        self.assertEqual((err["loc"]["line"], err["loc"]["column"]), (line_of(HEAD + src, "device_print"), 5))
        self.assertEqual(len(doc["programs"][0]["instructions"]), 1)  # recorded before the name is kept
        doc = trace("@nki.jit\ndef k(a):\n    a.some_view_method()\n    return a\n", [arg("a", (4, 4))])
        self.assertIn("NkiTensor.some_view_method", doc["error"]["message"])

    def test_host_simulators_import_and_stop_when_called(self):
        # The legacy text emit-nki prints imports simulate_kernel; importing
        # the SDK's simulators is fine, calling one inside a trace is not.
        src = ("from neuronxcc.nki import simulate_kernel\n"
               "from nki import simulate\n\n\n"
               "@nki.jit\n"
               "def k(a):\n"
               "    simulate(k)\n"
               "    return a\n")
        doc = trace(src, [arg("a", (128, 4))])
        err = doc["error"]
        self.assertEqual(err["code"], "unmodelled")
        self.assertIn("nki.simulate", err["message"])
        self.assertEqual(err["loc"]["line"], line_of(HEAD + src, "simulate(k)"))

    def test_placeholder_fails_only_when_used(self):
        src = ("import torch\nfrom scipy import special\n\n\n"
               "@nki.jit\n"
               "def k(a):\n"
               "    t = nl.ndarray((128, 4), dtype=nl.float32, buffer=nl.sbuf)\n"
               "    nisa.memset(dst=t, value=0.0)\n"
               "    x = torch.zeros(3)\n"
               "    return a\n")
        doc = trace(src, [arg("a", (128, 4))])
        full = HEAD + src
        notes = [(n["code"], n["loc"]["line"]) for n in doc["notes"]]
        self.assertEqual(notes, [("placeholder", line_of(full, "import torch")),
                                 ("placeholder", line_of(full, "from scipy"))])
        self.assertEqual(doc["error"]["code"], "python")
        self.assertIn("torch.zeros", doc["error"]["message"])
        self.assertEqual(doc["error"]["loc"]["line"], line_of(full, "torch.zeros"))
        self.assertEqual(len(doc["programs"][0]["instructions"]), 1)

    def test_record_cap(self):
        src = "@nki.jit\ndef k(a):\n    t = nl.ndarray((128, 4), dtype=nl.float32, buffer=nl.sbuf)\n" \
              "    for i in range(100):\n        nisa.memset(dst=t, value=i)\n    return a\n"
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "k.py")
            with open(path, "w") as f:
                f.write(HEAD + src)
            out = os.path.join(tmp, "t.json")
            env = dict(os.environ, TIRX_NKI_RECORD_CAP="10")
            done = subprocess.run([standin.PYTHON, "-I", standin.RUNNER, "--launch-json",
                                   json.dumps({"args": [arg("a", (128, 4))]}), "--kernel", path, "--out", out],
                                  capture_output=True, text=True, env=env, timeout=60)
            self.assertEqual(done.returncode, 0, done.stderr)
            doc = load(out)
        trace_schema.validate(doc)
        prog = doc["programs"][0]
        self.assertTrue(prog["truncated"])
        self.assertEqual(len(prog["instructions"]), 10)
        self.assertEqual([n["code"] for n in prog["notes"]], ["limit"])


class Launch(unittest.TestCase):
    def test_entry_choice_signature_and_usage(self):
        src = HEAD + ("@nki.jit\ndef first(a, b=2, *, scale=1.5):\n    return a\n\n\n"
                      "@nki.jit\ndef second(a):\n    return a\n")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "two.py")
            with open(path, "w") as f:
                f.write(src)
            out = os.path.join(tmp, "t.json")
            done = standin.run(["--launch-json", "{}", "--kernel", path, "--out", out])
            self.assertEqual(done.returncode, 0)
            doc = load(out)
            self.assertEqual(doc["error"]["code"], "python")
            self.assertIn("first, second", doc["error"]["message"])
            done = standin.run(["--launch-json", '{"entry": "first"}', "--kernel", path, "--signature"])
            self.assertEqual(done.returncode, 0, done.stderr)
            sig = json.loads(done.stdout)
            self.assertEqual(sig["entry"], "first")
            self.assertEqual([(p["name"], p.get("default")) for p in sig["parameters"]],
                             [("a", None), ("b", "2"), ("scale", "1.5")])
            self.assertEqual(standin.run(["--kernel", path]).returncode, 2)
            self.assertEqual(standin.run(["--kernel", os.path.join(tmp, "missing.py"), "--out", out]).returncode, 2)

    def test_kwargs_setup_and_sys_path(self):
        body = ("import shapes\n\n\n"
                "@nki.jit\n"
                "def k(a, extra, n):\n"
                "    t = nl.ndarray(shapes.TILE, dtype=extra.dtype, buffer=nl.sbuf)\n"
                "    for i in nl.affine_range(n):\n"
                "        nisa.dma_copy(dst=t, src=extra[i])\n"
                "    return a\n")
        launch = {"args": [arg("a", (4, 4))], "kwargs": {"extra": {"shape": [3, 128, 16], "dtype": "bfloat16"},
                                                        "n": "N + 1"},
                  "setup": "N = 2", "sys_path": ["lib"]}
        doc = standin.trace_source(HEAD + body, launch, files={"lib/shapes.py": "TILE = (128, 16)\n"})
        trace_schema.validate(doc)
        prog = doc["programs"][0]
        self.assertIsNone(doc["error"])
        self.assertEqual(prog["tensors"][1]["name"], "extra")
        self.assertEqual(prog["tensors"][1]["dtype"], "bfloat16")
        self.assertEqual(len(prog["instructions"]), 3)
        self.assertEqual(prog["loops"], [{"kind": "affine_range", "first": 0, "last": 2,
                                          "loc": prog["loops"][0]["loc"]}])


if __name__ == "__main__":
    unittest.main()
