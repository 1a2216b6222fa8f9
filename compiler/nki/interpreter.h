#pragma once

#include <string>

namespace tirx::nki {

// The Python that runs kernels (spec 08 §3): a path the user configured,
// else Debian's /usr/bin/python3, else the first python3 on PATH. It must
// import NumPy; a version manager's shim without it often comes first on
// PATH, so the message names the interpreter tried and what it lacks.
struct Interpreter {
    std::string path;  // the interpreter chosen; empty when there is none
    std::string error; // set when it cannot be used: which one was tried and why
    [[nodiscard]] bool usable() const { return !path.empty() && error.empty(); }
};

// The interpreter the rules choose, without starting it (path set, or
// error when none exists).
[[nodiscard]] Interpreter findInterpreter(const std::string& configured = {});

// Chooses and checks once per process for each configured path (the
// answer is remembered: starting Python to import NumPy takes a while).
[[nodiscard]] Interpreter chooseInterpreter(const std::string& configured = {});

// "the Python interpreter X cannot import numpy, ...".
[[nodiscard]] std::string numpyMissing(const std::string& interpreter);

} // namespace tirx::nki
