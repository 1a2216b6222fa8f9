"""The round trip of the NKI front end: for every bundled example and every
codegen and TileDispatch golden that lowers, the current-API kernel
`tirx-cli emit-nki --api nki --launch` writes, opened by the front end with
the TIRx signature's shapes, places its SBUF tensors where `tirx-cli memmap`
of the TIRx module after TrnNaiveAllocator does: the same names (the
emitted `_ptr` suffix aside), partitions and bytes.

A module the current API refuses (located, as nki_contract_corpus checks)
has no kernel to compare and is counted. Needs TIRX_CLI; ctest sets it.
Prints the counts, which the issue notes quote."""

import collections
import concurrent.futures
import json
import os
import subprocess
import tempfile
import unittest

from contract_corpus import CLI, SOURCE, corpus, expected_to_fail, module_text


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)


def sbuf_placements(memmap_json):
    """{name: (partition range, byte range)} of the placed SBUF tensors."""
    doc = json.loads(memmap_json)
    out = {}
    for a in doc["allocations"]:
        if a["scope"] != "trn.sbuf" or not a["rects"]:
            continue
        name = a["name"][:-4] if a["name"].endswith("_ptr") else a["name"]
        out[name] = (tuple(a["partition_range"]), tuple(a["byte_range"]))
    return out


def round_trip(kind, path, folder):
    """("refused" | "unlowered" | "same" | "different", detail)."""
    stem = f"{kind}-{os.path.splitext(os.path.basename(path))[0]}"
    module = os.path.join(folder, stem + ".tirx.py")
    with open(module, "w", encoding="utf-8") as f:
        f.write(module_text(path))
    tirx = run("memmap", module, "--json")
    if tirx.returncode != 0:
        return "unlowered", tirx.stderr.strip()
    kernel = os.path.join(folder, stem + ".py")
    launch = os.path.join(folder, stem + ".launch.json")
    emitted = run("emit-nki", module, "--api", "nki", "-o", kernel, "--launch", launch)
    if emitted.returncode != 0:
        return "refused", emitted.stderr.strip()
    nki = run("memmap", kernel, "--launch", launch, "--json")
    # Exit status 1 is a kernel with an error the checks found (a read of a
    # tile no instruction wrote, in a pass-level fragment): the map is there.
    if nki.returncode not in (0, 1) or not nki.stdout.strip():
        return "different", "the front end failed: " + nki.stderr.strip()
    want, got = sbuf_placements(tirx.stdout), sbuf_placements(nki.stdout)
    if want == got:
        return "same", len(want)
    return "different", f"TIRx {sorted(want.items())}\n  NKI  {sorted(got.items())}"


class RoundTrip(unittest.TestCase):
    def test_emitted_kernels_place_sbuf_as_the_allocator(self):
        self.assertTrue(CLI and os.path.exists(CLI), "TIRX_CLI must name the tirx-cli executable")
        cases = [(kind, path) for kind, path in corpus() if not expected_to_fail(path)]
        with tempfile.TemporaryDirectory() as folder, concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(lambda c: (c, round_trip(*c, folder)), cases))
        counts = collections.Counter()
        tensors = 0
        different = []
        for (kind, path), (outcome, detail) in results:
            counts[outcome] += 1
            if outcome == "same":
                tensors += detail
            elif outcome == "different":
                different.append(f"{os.path.relpath(path, SOURCE)}:\n  {detail}")
        print("\nround trip:", dict(sorted(counts.items())), f"({tensors} SBUF tensors placed alike)")
        self.maxDiff = None
        self.assertEqual(different, [], "emitted kernels place SBUF tensors elsewhere than the allocator")
        self.assertGreater(counts["same"], 20)


if __name__ == "__main__":
    unittest.main()
