"""Runs one NKI kernel on the Neuron host it is copied to.

  python3 harness.py probe           prints the host's NKI facts as JSON
  python3 harness.py run job.json    runs the job, writes result.json beside it

job.json: {"kernel": "kernel.py", "function": NAME, "api": "nki" | "legacy",
"inputs": [{"name", "file"}], "outputs": [{"name", "file", "shape", "dtype"}]}.
result.json: {"ok", "stage", "error", "kernel_line", "seconds", "versions",
"outputs": [{"name", "file"}]}. Every failure ends up in result.json; the exit
status is 0 whenever result.json was written.
"""

import importlib
import importlib.util
import json
import os
import sys
import time
import traceback


def module_version(name):
    try:
        module = importlib.import_module(name)
    except Exception as error:  # noqa: BLE001 - any import failure is a fact to report
        return None, "%s: %s" % (type(error).__name__, error)
    return str(getattr(module, "__version__", "unknown")), ""


def distribution_version(name):
    try:
        from importlib import metadata
        return metadata.version(name)
    except Exception:  # noqa: BLE001
        return None


def probe():
    numpy_version, numpy_error = module_version("numpy")
    nki_version, nki_error = module_version("nki")
    # neuronxcc itself, never neuronxcc.nki: that import succeeds on SDKs
    # whose legacy kernels then fail or return zeros.
    compiler_version = distribution_version("neuronx-cc")
    compiler_error = ""
    if compiler_version is None:
        compiler_version, compiler_error = module_version("neuronxcc")
    return {
        "python": "%d.%d.%d" % sys.version_info[:3],
        "numpy": numpy_version,
        "numpy_error": numpy_error,
        "nki": nki_version,
        "nki_error": nki_error,
        "neuronxcc": compiler_version,
        "neuronxcc_error": compiler_error,
    }


def kernel_line(trace, kernel_path):
    line = None
    for frame in trace:
        if os.path.abspath(frame.filename) == kernel_path:
            line = frame.lineno
    return line


def fail(result, stage, error, kernel_path):
    result["ok"] = False
    result["stage"] = stage
    result["error"] = "%s: %s" % (type(error).__name__, error)
    line = getattr(error, "lineno", None) if isinstance(error, SyntaxError) else None
    if line is None:
        line = kernel_line(traceback.extract_tb(error.__traceback__), kernel_path)
    result["kernel_line"] = line
    result["log"] = traceback.format_exc()
    return result


def load_array(np, path):
    array = np.load(path)
    if array.dtype.kind == "V" and array.dtype.itemsize == 2:
        import ml_dtypes
        array = array.view(ml_dtypes.bfloat16)
    return array


def new_array(np, shape, dtype):
    if dtype == "bfloat16":
        import ml_dtypes
        return np.zeros(shape, dtype=ml_dtypes.bfloat16)
    return np.zeros(shape, dtype=dtype)


def set_launch_environment(job):
    """The runtime's settings, before anything imports it.

    The kernel is launched as kernel(...), that is with LNC 1, and the nki.jit
    page (nki/api/nki/__init__.py, jit) makes a launch that differs from
    NEURON_LOGICAL_NC_CONFIG a runtime error; trn2 defaults to 2, so it is set
    to 1 here, as AWS's profiling guide does. The platform is set as the NKI
    quickstart does (NEURON_PLATFORM_TARGET_OVERRIDE: trn1, trn2 or trn3), from
    the target the kernel was compiled for.
    """
    os.environ["NEURON_LOGICAL_NC_CONFIG"] = "1"
    if job.get("platform"):
        os.environ["NEURON_PLATFORM_TARGET_OVERRIDE"] = job["platform"]


def run(job_path):
    folder = os.path.dirname(os.path.abspath(job_path))
    with open(job_path) as handle:
        job = json.load(handle)
    kernel_path = os.path.join(folder, job["kernel"])
    set_launch_environment(job)
    facts = probe()
    result = {"ok": False, "stage": "probe", "error": "", "kernel_line": None, "seconds": 0.0,
              "versions": facts, "outputs": [], "log": ""}
    if facts["numpy"] is None:
        result["error"] = "this host has no numpy (%s)" % facts["numpy_error"]
        return result
    if job["api"] == "nki" and facts["nki"] is None:
        result["error"] = "this host has no NKI (%s)" % facts["nki_error"]
        return result
    import numpy as np
    try:
        inputs = [load_array(np, os.path.join(folder, item["file"])) for item in job["inputs"]]
    except Exception as error:  # noqa: BLE001
        return fail(result, "inputs", error, kernel_path)
    try:
        spec = importlib.util.spec_from_file_location("tirx_kernel", kernel_path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        kernel = getattr(module, job["function"])
    except Exception as error:  # noqa: BLE001
        return fail(result, "import", error, kernel_path)
    outputs = []
    start = time.perf_counter()
    try:
        if job["api"] == "legacy":
            # The signature takes the outputs too, but the results are what
            # the call returns: every documented baremetal example reads them
            # from the return value, and the arrays passed in may stay zero.
            returned = kernel(*inputs, *[new_array(np, item["shape"], item["dtype"]) for item in job["outputs"]])
        else:
            returned = kernel(*inputs)
        outputs = list(returned) if isinstance(returned, (tuple, list)) else [returned]
    except Exception as error:  # noqa: BLE001
        result["seconds"] = time.perf_counter() - start
        return fail(result, "run", error, kernel_path)
    result["seconds"] = time.perf_counter() - start
    if len(outputs) != len(job["outputs"]):
        result["stage"] = "outputs"
        result["error"] = "the kernel returned %d arrays, %d expected" % (len(outputs), len(job["outputs"]))
        return result
    for item, array in zip(job["outputs"], outputs):
        array = np.asarray(array)
        if list(array.shape) != list(item["shape"]):
            result["stage"] = "outputs"
            result["error"] = "output '%s' has shape %s, %s expected" % (item["name"], list(array.shape), item["shape"])
            return result
        np.save(os.path.join(folder, item["file"]), array)
        result["outputs"].append({"name": item["name"], "file": item["file"]})
    result["ok"] = True
    result["stage"] = "done"
    return result


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "probe":
        print(json.dumps(probe()))
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "run":
        result = run(sys.argv[2])
        with open(os.path.join(os.path.dirname(os.path.abspath(sys.argv[2])), "result.json"), "w") as handle:
            json.dump(result, handle)
        return 0
    sys.stderr.write("usage: harness.py probe | run job.json\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
