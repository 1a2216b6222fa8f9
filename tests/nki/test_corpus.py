"""Every corpus kernel traces to a valid document, and each `# expect: CODE`
the stand-in owns appears as a note at that line."""

import concurrent.futures
import glob
import json
import os
import re
import sys
import tempfile
import unittest

import standin
import trace_schema

# Codes the explorer's C++ side checks from placements, not the stand-in.
PLACEMENT_CODES = {"sbuf-capacity", "psum-capacity", "overlap"}
EXPECT = re.compile(r"#\s*expect:\s*([\w-]+)")


def expectations(path):
    with open(path, encoding="utf-8") as f:
        return [(n, m.group(1)) for n, line in enumerate(f, 1) for m in [EXPECT.search(line)] if m]


def trace_corpus():
    """Traces every corpus kernel once; returns [(kernel, completed process, document or None)]."""
    kernels = sorted(glob.glob(os.path.join(standin.CORPUS, "*.py")))
    with tempfile.TemporaryDirectory() as tmp:
        def trace(kernel):
            out = os.path.join(tmp, os.path.basename(kernel)[:-3] + ".json")
            done = standin.run(["--launch", kernel[:-3] + ".launch.json", "--kernel", kernel, "--out", out])
            doc = None
            if done.returncode == 0:
                with open(out, encoding="utf-8") as f:
                    doc = json.load(f)
            return kernel, done, doc

        # One child per kernel (each needs a fresh interpreter), as many at once as there are cores.
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            return list(pool.map(trace, kernels))


def modelled_names():
    """Every instruction the stand-in models: the current nki.isa table, the
    legacy nki.isa calls, and the legacy nl.* compute functions."""
    sys.path.insert(0, os.path.join(standin.REPO, "resources", "nki"))
    from _nki_standin import isa, language, legacy_isa
    names = {"nisa." + n for n in isa.TABLE}
    names |= {"nisa." + n for n in legacy_isa.__all__
              if callable(getattr(legacy_isa, n)) and not isinstance(getattr(legacy_isa, n), type)
              and not n.startswith("get_") and n != "state_program_result"}
    names |= {"nl." + n for n in language.__all__ if isinstance(getattr(language, n), language.ApiFunction)}
    return names


class CorpusTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.runs = trace_corpus()

    def test_corpus_has_cases(self):
        self.assertGreaterEqual(len(self.runs), 25)
        for kernel, _, _ in self.runs:
            self.assertTrue(os.path.exists(kernel[:-3] + ".launch.json"), kernel)

    def test_every_modelled_instruction_is_exercised(self):
        traced = {i["op"] for _, _, doc in self.runs if doc for p in doc["programs"] for i in p["instructions"]}
        missing = sorted(modelled_names() - traced)
        self.assertEqual(missing, [], "modelled but no corpus kernel records them")

    def test_every_kernel(self):
        for kernel, done, doc in self.runs:
            name = os.path.basename(kernel)[:-3]
            with self.subTest(kernel=name):
                self.assertEqual(done.returncode, 0, done.stderr)
                trace_schema.validate(doc)
                self.assertEqual(doc["files"][0], kernel)
                notes = standin.all_notes(doc)
                expected = expectations(kernel)
                for line, code in expected:
                    if code in PLACEMENT_CODES:
                        continue
                    hits = [n for n in notes if n["code"] == code and n["loc"] and n["loc"]["file"] == 0
                            and n["loc"]["line"] == line]
                    self.assertTrue(hits, f"{name}.py:{line}: no '{code}' note; notes: "
                                    + "; ".join(f"{n['code']}@{n['loc'] and n['loc']['line']}" for n in notes))
                if not any(code not in PLACEMENT_CODES and code != "legacy-api" for _, code in expected):
                    errors = [n for n in notes if n["severity"] == "error"]
                    self.assertEqual(errors, [], f"{name}: unexpected errors")
                    self.assertTrue(doc["programs"] and all(p["instructions"] for p in doc["programs"]), name)


if __name__ == "__main__":
    unittest.main()
