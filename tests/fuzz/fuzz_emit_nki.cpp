// emit-nki's output is Python that runs: every kernel the generator writes
// (fuzz_kernel_generator.h) and the pipeline lowers is printed in both NKI
// APIs, and each text it prints must compile with the embedded CPython
// (no syntax error, no nest past the interpreter's block limit) and must
// not bind, inside a function, a name the kernel imports (a loop variable
// `nl` shadows the module: UnboundLocalError on the first call). A refusal
// is fine when it says where and why.

#include "fuzz_kernel_generator.h"
#include "fuzz_lowering.h"

#include "codegen/emit_nki.h"
#include "script/parser.h"

#define PY_SSIZE_T_CLEAN // Py_ssize_t lengths for "s#"
#include <Python.h>

#include <cstdio>
#include <cstdlib>
#include <string>

// The interpreter keeps its objects until the process ends; LeakSanitizer
// would report them after every run.
extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }

namespace {

// Compiles `source` and returns "" or what is wrong with it: the compile
// error, or the imported names a function binds as its own.
constexpr const char* kChecker = R"PY(
import ast, types

def _imported(tree):
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update((a.asname or a.name.split('.')[0]) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.update((a.asname or a.name) for a in node.names)
    return names

def _functions(code):
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield const
            yield from _functions(const)

def check(source):
    try:
        code = compile(source, '<emitted>', 'exec')
    except (SyntaxError, ValueError) as e:
        return 'does not compile: %s' % e
    imported = _imported(ast.parse(source))
    for fn in _functions(code):
        shadowed = sorted(imported & set(fn.co_varnames))
        if shadowed:
            return '%s binds %s, which the kernel imports' % (fn.co_name, ', '.join(shadowed))
    return ''
)PY";

PyObject* checker()
{
    static PyObject* check = [] {
        Py_InitializeEx(0);
        PyObject* globals = PyDict_New();
        PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
        PyObject* done = PyRun_String(kChecker, Py_file_input, globals, globals);
        if (!done) {
            PyErr_Print();
            std::abort();
        }
        Py_DECREF(done);
        return PyDict_GetItemString(globals, "check");
    }();
    return check;
}

void requireRunnable(const std::string& source, const char* api, const std::string& module)
{
    PyObject* result = PyObject_CallFunction(checker(), "s#", source.data(), static_cast<Py_ssize_t>(source.size()));
    if (!result) {
        PyErr_Print();
        std::abort();
    }
    const char* problem = PyUnicode_AsUTF8(result);
    if (problem && *problem) {
        std::fprintf(stderr, "emit-nki --api %s printed a kernel that %s\n--- module\n%s\n--- kernel\n%s\n", api,
                     problem, module.c_str(), source.c_str());
        std::abort();
    }
    Py_DECREF(result);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const auto kernel = tirx::fuzz::parsedKernel(in);
    const auto trace = tirx::fuzz::lowerForFuzzing(kernel.parsed.module);
    if (trace.failed() || trace.entries.empty()) return 0;
    const tirx::Module& lowered = *trace.entries.back()->module;
    for (const auto api : {tirx::NkiApi::Legacy, tirx::NkiApi::Current}) {
        tirx::NkiEmitOptions options;
        options.api = api;
        options.source = kernel.parsed.module.get();
        options.target = tirx::findTarget("aws/trn1/trn1.2xlarge");
        const auto kernel = tirx::emitNki(lowered, options);
        if (!kernel.ok()) {
            for (const auto& d : kernel.diagnostics) {
                if (d.message.empty()) std::abort(); // a refusal always says why
            }
            continue;
        }
        requireRunnable(kernel.source, std::string(tirx::nkiApiName(api)).c_str(), kernel.source);
    }
    return 0;
}
