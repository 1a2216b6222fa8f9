"""The documented-contract table (resources/nki/_nki_standin/contracts.py):
each rule fires on a kernel that breaks it, names its source, stays quiet
on one that keeps it, and CONTRACTS.md is the table as printed."""

import os
import subprocess
import sys
import unittest

from standin import REPO, all_notes, trace_source

NKI = os.path.join(REPO, "resources", "nki")
sys.path.insert(0, NKI)
from _nki_standin import contracts  # noqa: E402

HEADER = "import nki\nimport nki.language as nl\nimport nki.isa as nisa\n\n@nki.jit\ndef k(a):\n"
LAUNCH = {"entry": "k", "args": [{"name": "a", "shape": [128, 512], "dtype": "float32"}]}
TILES = ("  s = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)\n"
         "  t = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)\n"
         "  p = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)\n"
         "  q = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)\n"
         "  nisa.dma_copy(dst=s, src=a)\n  nisa.dma_copy(dst=t, src=a)\n")


def contract_notes(body):
    doc = trace_source(HEADER + TILES + body + "  return a\n", LAUNCH)
    return [n for n in all_notes(doc) if n["code"] in ("contract", "psum-tile", "partition-count")]


class ContractTable(unittest.TestCase):
    def test_contracts_md_is_the_table(self):
        printed = subprocess.run([sys.executable, "-m", "_nki_standin.contracts"], cwd=NKI, capture_output=True,
                                 text=True, check=True).stdout
        with open(os.path.join(NKI, "CONTRACTS.md"), encoding="utf-8") as f:
            self.assertEqual(f.read(), printed, "regenerate: cd resources/nki && python3 -m _nki_standin.contracts")

    def test_every_rule_names_a_documentation_page(self):
        for rule in contracts.RULES.values():
            self.assertRegex(rule.source, r"nki\.(isa|language)\.", rule.id)
            self.assertTrue(rule.requires and rule.calls, rule.id)

    def test_a_kernel_keeping_the_rules_has_no_violation(self):
        self.assertEqual(contract_notes(
            "  nisa.nc_matmul(dst=p[0:128, 0:512], stationary=s[:, 0:128], moving=t, accumulate=False)\n"
            "  nisa.tensor_tensor(dst=s, data1=s, data2=p, op=nl.add)\n"
            "  nisa.tensor_reduce(dst=t[:, 0:1], op=nl.add, data=s, axis=1)\n"), [])

    def violation(self, body, source):
        notes = contract_notes(body)
        self.assertTrue(notes, "no violation reported")
        self.assertTrue(any(source in n["message"] for n in notes), [n["message"] for n in notes])
        self.assertEqual(notes[0]["loc"]["line"], 6 + TILES.count("\n") + 1)

    def test_both_operands_in_psum(self):
        self.violation("  nisa.tensor_tensor(dst=s, data1=p, data2=q, op=nl.add)\n", "nki.isa.tensor_tensor")

    def test_a_negative_reduce_axis(self):
        self.violation("  nisa.tensor_reduce(dst=t[:, 0:1], op=nl.add, data=s, axis=-1)\n", "nki.isa.tensor_reduce")

    def test_a_matmul_result_of_another_shape_than_its_destination(self):
        self.violation("  nisa.nc_matmul(dst=p, stationary=s[:, 0:128], moving=s[:, 0:256], accumulate=False)\n",
                       "nki.isa.nc_matmul, Layout")

    def test_a_dma_into_psum(self):
        self.violation("  nisa.dma_copy(dst=p, src=a)\n", "nki.isa.dma_copy, Memory types")

    def test_a_compute_instruction_on_hbm(self):
        self.violation("  nisa.tensor_copy(dst=s, src=a)\n", "Memory types")

    def test_gpsimd_touching_psum(self):
        self.violation("  nisa.tensor_copy(dst=s, src=p, engine=nisa.engine.gpsimd)\n", "GpSimd")


if __name__ == "__main__":
    unittest.main()
