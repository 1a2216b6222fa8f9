"""Running the stand-in from tests: paths and a helper that traces a kernel."""

import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
RUNNER = os.path.join(REPO, "resources", "nki", "run_kernel.py")
CORPUS = os.path.join(HERE, "corpus")
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3"


def run(args, cwd=None):
    return subprocess.run([PYTHON, "-I", RUNNER] + args, capture_output=True, text=True, cwd=cwd, timeout=60)


def trace_source(source, launch, name="kernel.py", files=None):
    """Writes `source` to a temporary folder and returns its trace."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
        for rel, text in (files or {}).items():
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
            with open(os.path.join(tmp, rel), "w", encoding="utf-8") as f:
                f.write(text)
        out = os.path.join(tmp, "trace.json")
        done = run(["--launch-json", json.dumps(launch), "--kernel", path, "--out", out], cwd=tmp)
        if done.returncode != 0:
            raise AssertionError(f"run_kernel.py exited {done.returncode}: {done.stderr}")
        with open(out, encoding="utf-8") as f:
            return json.load(f)


def all_notes(doc):
    notes = list(doc["notes"])
    for p in doc["programs"]:
        notes += p["notes"]
    if doc["error"]:
        notes.append(doc["error"])
    return notes
