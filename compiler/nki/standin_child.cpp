#include "nki/standin_child.h"

#include "nki/interpreter.h"
#include "nki/resources.h"

#include <filesystem>

namespace tirx::nki {

StandInScript findStandInScript(const std::string& fileName, const RunOptions& options)
{
    StandInScript out;
    const Interpreter python = findInterpreter(options.python);
    out.python = python.path;
    if (!python.usable()) {
        out.error = python.error;
        return out;
    }
    const std::string resources =
        options.resources.empty() ? locateNkiResources(currentExecutable()) : options.resources;
    const auto script = std::filesystem::path(resources) / fileName;
    if (resources.empty() || !std::filesystem::is_regular_file(script)) {
        out.error = "the NKI stand-in (" + fileName + ") is not installed: looked in <prefix>/share/tirx-explorer/nki" +
                    (options.resources.empty() ? "" : " and " + options.resources);
        return out;
    }
    out.script = script.string();
    return out;
}

device::ProcessResult runStandInScript(const StandInScript& script, const std::vector<std::string>& args,
                                       const std::string& workFolder, const RunOptions& options)
{
    device::ProcessOptions process;
    process.workingDirectory = workFolder;
    process.timeoutSeconds = options.timeoutSeconds;
    process.cancel = options.cancel;
    process.cpuSeconds = options.cpuSeconds;
    process.addressSpaceBytes = options.addressSpaceBytes;
    // One thread per numerical library: their pools reserve address space
    // by the core, which the limit above counts.
    process.extraEnvironment = {{"OPENBLAS_NUM_THREADS", "1"}, {"OMP_NUM_THREADS", "1"}, {"MKL_NUM_THREADS", "1"}};
    std::vector<std::string> argv = {script.python, "-I", "-B", script.script};
    argv.insert(argv.end(), args.begin(), args.end());
    return device::runProcess(argv, process);
}

std::string lastLine(const std::string& text)
{
    const size_t end = text.find_last_not_of(" \n\r\t");
    if (end == std::string::npos) return {};
    const size_t nl = text.rfind('\n', end);
    const size_t begin = nl == std::string::npos ? 0 : nl + 1;
    return text.substr(begin, end - begin + 1);
}

} // namespace tirx::nki
