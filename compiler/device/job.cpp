#include "device/job.h"

#include "codegen/emit_nki.h"
#include "device/harness.h"
#include "device/work_folder.h"
#include "sim/npy.h"

#include <nlohmann/json.hpp>

namespace tirx::device {

namespace {

std::string inputFile(size_t i) { return "in_" + std::to_string(i) + ".npy"; }

// The NKI platform name of a target, "trn2" for "aws/trn2/trn2.48xlarge": the
// value the NKI quickstart gives NEURON_PLATFORM_TARGET_OVERRIDE.
std::string platformOf(const Target& target)
{
    const size_t first = target.tag.find('/');
    const size_t second = first == std::string::npos ? first : target.tag.find('/', first + 1);
    if (second == std::string::npos) return "";
    return target.tag.substr(first + 1, second - first - 1);
}
std::string outputFile(size_t i) { return "out_" + std::to_string(i) + ".npy"; }

// The Python function printed for `name`: the first `def` after its
// "# Function:" header, else the first `def` of the text.
std::string functionName(const std::string& source, const std::string& name)
{
    size_t from = source.find("# Function: " + name + "\n");
    if (from == std::string::npos) from = 0;
    const size_t def = source.find("def ", from);
    if (def == std::string::npos || (def != 0 && source[def - 1] != '\n')) return {};
    const size_t paren = source.find('(', def);
    return paren == std::string::npos ? std::string() : source.substr(def + 4, paren - def - 4);
}

std::string dtypeName(const DataType& dtype) { return dtype.str(); }

} // namespace

EmittedJob emitJob(const RunRequest& request, NkiApi api)
{
    EmittedJob job;
    if (!request.lowered || !request.kernel) {
        job.error = "no lowered kernel to run";
        return job;
    }
    NkiEmitOptions options;
    options.api = api;
    options.source = request.source;
    job.kernel = emitNki(*request.lowered, options);
    if (!job.kernel.ok()) {
        for (const auto& d : job.kernel.diagnostics)
            if (d.severity == Diagnostic::Severity::Error) {
                job.error =
                    "the kernel cannot be printed in the " + std::string(nkiApiName(api)) + " API: " + d.message;
                break;
            }
        return job;
    }
    job.function = functionName(job.kernel.source, request.kernel->name());
    if (job.function.empty()) job.error = "the printed kernel has no function definition";
    return job;
}

std::optional<EmittedJob> jobFor(const DeviceInfo& info, const RunRequest& request, RunOutcome& outcome)
{
    if (!info.api) {
        outcome.error = info.message.empty() ? "this host runs no NKI API" : info.message;
        return std::nullopt;
    }
    EmittedJob job = emitJob(request, *info.api);
    if (!job.error.empty()) {
        outcome.error = job.error;
        return std::nullopt;
    }
    return job;
}

std::vector<std::string> stageJob(const std::string& folder, const RunRequest& request, const EmittedJob& job,
                                  NkiApi api, std::string* error)
{
    std::vector<std::string> files = {"kernel.py", "harness.py", "job.json"};
    nlohmann::json manifest = {{"kernel", "kernel.py"},
                               {"function", job.function},
                               {"api", std::string(nkiApiName(api))},
                               {"platform", platformOf(request.target)},
                               {"inputs", nlohmann::json::array()},
                               {"outputs", nlohmann::json::array()}};
    std::string failure = writeFile(folder + "/kernel.py", job.kernel.source);
    if (failure.empty()) failure = writeFile(folder + "/harness.py", std::string(harnessSource()));
    for (size_t i = 0; failure.empty() && i < request.inputs.size(); ++i) {
        const auto& [name, array] = request.inputs[i];
        failure = sim::writeNpy(folder + "/" + inputFile(i), array);
        manifest["inputs"].push_back({{"name", name}, {"file", inputFile(i)}});
        files.push_back(inputFile(i));
    }
    for (size_t i = 0; i < request.outputShapes.size(); ++i) {
        const auto& [name, array] = request.outputShapes[i];
        manifest["outputs"].push_back(
            {{"name", name}, {"file", outputFile(i)}, {"shape", array.shape}, {"dtype", dtypeName(array.dtype)}});
    }
    if (failure.empty()) failure = writeFile(folder + "/job.json", manifest.dump(1));
    if (!failure.empty()) {
        *error = failure;
        return {};
    }
    return files;
}

std::vector<std::string> resultFiles(const RunRequest& request)
{
    std::vector<std::string> files = {"result.json"};
    for (size_t i = 0; i < request.outputShapes.size(); ++i) files.push_back(outputFile(i));
    return files;
}

void collectJob(const std::string& folder, const RunRequest& request, const EmittedJob& job, RunOutcome& outcome)
{
    std::string text;
    if (!readFile(folder + "/result.json", text)) {
        outcome.error = "the harness wrote no result.json";
        return;
    }
    const auto result = nlohmann::json::parse(text, nullptr, false);
    if (result.is_discarded() || !result.is_object()) {
        outcome.error = "the harness's result.json is not a JSON object";
        return;
    }
    outcome.seconds = result.value("seconds", 0.0);
    if (result.contains("log") && result["log"].is_string()) outcome.log += result["log"].get<std::string>();
    if (!result.value("ok", false)) {
        const std::string stage = result.value("stage", std::string("run"));
        outcome.error = result.value("error", std::string("the kernel failed"));
        if (stage == "import" || stage == "run") outcome.error = "kernel " + stage + " failed: " + outcome.error;
        const auto line = result.find("kernel_line");
        if (line != result.end() && line->is_number_integer()) {
            const int kernelLine = line->get<int>();
            const NkiLineOrigin origin = job.kernel.originOfLine(kernelLine);
            const Span at = origin.tileCall.valid() ? origin.tileCall : origin.statement;
            outcome.diagnostics.emplace_back(
                Diagnostic::Severity::Error,
                "on the device, NKI line " + std::to_string(kernelLine) + ": " + outcome.error, at);
        }
        return;
    }
    for (size_t i = 0; i < request.outputShapes.size(); ++i) {
        auto read = sim::readNpy(folder + "/" + outputFile(i));
        if (!read.array) {
            outcome.error = "output '" + request.outputShapes[i].first + "' from the device: " + read.error;
            return;
        }
        outcome.outputs.emplace_back(request.outputShapes[i].first, std::move(*read.array));
    }
    outcome.ok = true;
}

} // namespace tirx::device
