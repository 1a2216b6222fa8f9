"""Every corpus kernel traces to a valid document, and each `# expect: CODE`
the stand-in owns appears as a note at that line."""

import glob
import json
import os
import re
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


class CorpusTest(unittest.TestCase):
    def test_corpus_has_cases(self):
        kernels = glob.glob(os.path.join(standin.CORPUS, "*.py"))
        self.assertGreaterEqual(len(kernels), 25)
        for k in kernels:
            self.assertTrue(os.path.exists(k[:-3] + ".launch.json"), k)

    def test_every_kernel(self):
        with tempfile.TemporaryDirectory() as tmp:
            for kernel in sorted(glob.glob(os.path.join(standin.CORPUS, "*.py"))):
                name = os.path.basename(kernel)[:-3]
                with self.subTest(kernel=name):
                    out = os.path.join(tmp, name + ".json")
                    done = standin.run(["--launch", kernel[:-3] + ".launch.json", "--kernel", kernel, "--out", out])
                    self.assertEqual(done.returncode, 0, done.stderr)
                    with open(out, encoding="utf-8") as f:
                        doc = json.load(f)
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
