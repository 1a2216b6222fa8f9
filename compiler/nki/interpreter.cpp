#include "nki/interpreter.h"

#include "device/process.h"

#include <map>
#include <mutex>
#include <unistd.h>

namespace tirx::nki {

namespace {

Interpreter check(const std::string& configured)
{
    Interpreter out = findInterpreter(configured);
    if (!out.error.empty()) return out;
    const auto result = device::runProcess({out.path, "-I", "-c", "import numpy"}, device::limitedTo(30.0));
    if (!result.started) {
        out.error = "cannot start the Python interpreter " + out.path + ": " + result.spawnError;
    } else if (result.timedOut) {
        out.error = "the Python interpreter " + out.path + " did not answer within 30 s";
    } else if (!result.succeeded()) {
        out.error = numpyMissing(out.path);
    }
    return out;
}

} // namespace

std::string numpyMissing(const std::string& interpreter)
{
    return "the Python interpreter " + interpreter +
           " cannot import numpy, which running NKI kernels needs (install python3-numpy, or give another "
           "interpreter with --python)";
}

Interpreter findInterpreter(const std::string& configured)
{
    Interpreter out;
    if (!configured.empty()) {
        out.path = device::findProgram(configured);
        if (out.path.empty()) {
            out.path = configured;
            out.error = "the configured Python interpreter '" + configured + "' is not an executable file";
            return out;
        }
    } else if (access("/usr/bin/python3", X_OK) == 0) {
        out.path = "/usr/bin/python3";
    } else {
        out.path = device::findProgram("python3");
        if (out.path.empty()) {
            out.error = "no Python interpreter: /usr/bin/python3 does not exist and no python3 is on PATH "
                        "(install python3 and python3-numpy, or give one with --python)";
            return out;
        }
    }
    return out;
}

Interpreter chooseInterpreter(const std::string& configured)
{
    static std::mutex mutex;
    static std::map<std::string, Interpreter> known;
    const std::lock_guard lock(mutex);
    if (auto it = known.find(configured); it != known.end()) return it->second;
    return known.emplace(configured, check(configured)).first->second;
}

} // namespace tirx::nki
