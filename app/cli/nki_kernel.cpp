#include "nki_kernel.h"

#include "input.h"

#include "device/work_folder.h"
#include "nki/detect.h"
#include "nki/launch.h"
#include "nki/trace_reader.h"

#include <cstdio>
#include <filesystem>

namespace tirx::cli {

namespace fs = std::filesystem;

namespace {

void usageError(const std::string& message, Outcome& outcome)
{
    std::fprintf(stderr, "tirx-cli: error: %s\n", message.c_str());
    outcome.exit = Exit::Usage;
}

// NAME=VALUE, split at the first '='.
bool splitAssignment(const std::string& text, const char* option, std::string& name, std::string& value,
                     Outcome& outcome)
{
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0) {
        usageError(std::string(option) + " '" + text + "' is not NAME=VALUE", outcome);
        return false;
    }
    name = text.substr(0, eq);
    value = text.substr(eq + 1);
    return true;
}

// The launch file (given, or <kernel>.launch.json beside the kernel) with
// the command line's fields over it.
std::optional<nki::Launch> launchFor(const std::string& file, const NkiOptions& o, Outcome& outcome)
{
    nki::Launch launch;
    std::string path = o.launchFile;
    if (path.empty()) {
        fs::path beside = fs::path(file);
        beside.replace_extension(".launch.json");
        std::error_code ec;
        if (fs::is_regular_file(beside, ec)) path = beside.string();
    }
    if (!path.empty()) {
        auto read = nki::readLaunchFile(path);
        if (!read.launch) {
            std::fprintf(stderr, "%s\n", read.error.c_str());
            outcome.exit = Exit::BadInput;
            return std::nullopt;
        }
        launch = std::move(*read.launch);
    }
    if (!o.entry.empty()) launch.entry = o.entry;
    for (const auto& text : o.args) {
        std::string name, spec, error;
        if (!splitAssignment(text, "--arg", name, spec, outcome)) return std::nullopt;
        auto tensor = nki::parseTensorSpec(name, spec, &error);
        if (!tensor) {
            usageError("--arg " + name + ": " + error, outcome);
            return std::nullopt;
        }
        std::erase_if(launch.args, [&](const nki::TensorArg& a) { return a.name == name; });
        launch.args.push_back(std::move(*tensor));
    }
    for (const auto& text : o.kwargs) {
        std::string name, expression;
        if (!splitAssignment(text, "--kwarg", name, expression, outcome)) return std::nullopt;
        std::erase_if(launch.kwargs, [&](const nki::KeywordArg& k) { return k.name == name; });
        launch.kwargs.push_back({name, std::nullopt, expression});
    }
    if (!o.setup.empty()) launch.setup = o.setup;
    if (!o.grid.empty()) {
        std::string error;
        auto grid = nki::parseGrid(o.grid, &error);
        if (!grid) {
            usageError("--grid: " + error, outcome);
            return std::nullopt;
        }
        launch.grid = std::move(grid);
    }
    if (o.lnc != 0) launch.lnc = o.lnc;
    for (const auto& dir : o.sysPath) {
        std::error_code ec;
        launch.sysPath.push_back(fs::absolute(dir, ec).lexically_normal().string());
    }
    return launch;
}

} // namespace

void NkiOptions::addOptions(CLI::App& cmd)
{
    const char* group = "NKI kernels";
    cmd.add_flag("--nki", force, "run FILE as an NKI kernel whatever it imports")->group(group);
    cmd.add_option("--launch", launchFile,
                   "launch file (JSON: entry, args, kwargs, setup, grid, lnc, sys_path, target, reference: a NumPy "
                   "expression run compares with); default: "
                   "<kernel>.launch.json beside the kernel when it exists")
        ->group(group);
    cmd.add_option("--entry", entry, "the kernel function to call")->group(group);
    cmd.add_option("--arg", args, "a tensor argument, NAME=128x512:bfloat16 (repeatable)")
        ->allow_extra_args(false)
        ->group(group);
    cmd.add_option("--kwarg", kwargs, "a keyword argument, NAME=PYTHON_EXPR (repeatable)")
        ->allow_extra_args(false)
        ->group(group);
    cmd.add_option("--setup", setup, "Python run in the kernel's module before the arguments are evaluated")
        ->group(group);
    cmd.add_option("--grid", grid, "launch grid, e.g. 2 or 2,3")->group(group);
    cmd.add_option("--lnc", lnc, "logical NeuronCores (2: two program instances)")
        ->check(CLI::IsMember({1, 2}))
        ->group(group);
    cmd.add_option("--sys-path", sysPath, "a folder the kernel imports from (repeatable)")
        ->allow_extra_args(false)
        ->group(group);
    cmd.add_option("--program", program, "show (run: run) only this program instance (0-based, in launch order)")
        ->check(CLI::NonNegativeNumber)
        ->group(group);
    cmd.add_option("--from-trace", fromTrace,
                   "read this trace (from trace --json) instead of running the kernel; FILE names the kernel")
        ->group(group);
    cmd.add_option("--python", python, "the Python interpreter (default /usr/bin/python3, else python3 on PATH)")
        ->group(group);
}

bool NkiOptions::appliesTo(const std::string& file) const
{
    if (force || !fromTrace.empty()) return true;
    if (file == "-") return false;
    Outcome ignored;
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return false;
    const auto input = readInput(file, ignored);
    return input && nki::looksLikeNkiKernel(input->source);
}

std::optional<NkiKernel> openNkiKernel(const std::string& file, const NkiOptions& options,
                                       const std::string& targetOption, bool withPlans, Outcome& outcome)
{
    if (file == "-") {
        usageError("an NKI kernel is run from its file; standard input cannot be one", outcome);
        return std::nullopt;
    }
    std::error_code ec;
    if (options.fromTrace.empty() && !fs::is_regular_file(file, ec)) {
        std::fprintf(stderr, "tirx-cli: error: cannot open %s: no such file\n", file.c_str());
        outcome.exit = Exit::BadInput;
        return std::nullopt;
    }
    auto launch = launchFor(file, options, outcome);
    if (!launch) return std::nullopt;
    const std::string tag = !targetOption.empty() ? targetOption : launch->target;
    const Target* target = tag.empty() ? &defaultTarget() : findTarget(tag);
    if (!target) {
        usageError("unknown target '" + tag + "'", outcome);
        return std::nullopt;
    }
    nki::RunOptions run;
    run.python = options.python;
    NkiKernel kernel;
    kernel.file = file;
    kernel.launch = *launch;
    kernel.target = target;
    if (options.fromTrace.empty()) {
        kernel.run = nki::runKernel(file, *launch, run);
    } else {
        auto read = nki::readTraceFile(options.fromTrace);
        if (!read.trace) {
            std::fprintf(stderr, "%s:1:1: error: %s\n", options.fromTrace.c_str(), read.error.c_str());
            outcome.exit = Exit::BadInput;
            return std::nullopt;
        }
        kernel.run.trace = std::move(read.trace);
        if (!device::readFile(options.fromTrace, kernel.run.rawTrace)) kernel.run.rawTrace.clear();
    }
    if (!kernel.run.trace) {
        if (kernel.run.environmentProblem) {
            usageError(kernel.run.error, outcome);
        } else {
            std::fprintf(stderr, "%s:1:1: error: %s\n", file.c_str(), kernel.run.error.c_str());
            outcome.exit = Exit::BadInput;
        }
        return std::nullopt;
    }
    const auto& programs = kernel.run.trace->programs;
    if (options.program >= 0 && static_cast<size_t>(options.program) >= programs.size()) {
        usageError("--program " + std::to_string(options.program) + ": the launch has " +
                       std::to_string(programs.size()) + " program instance(s)",
                   outcome);
        return std::nullopt;
    }
    if (!withPlans) return kernel;
    for (size_t i = 0; i < programs.size(); ++i) {
        if (options.program >= 0 && static_cast<size_t>(options.program) != i) continue;
        kernel.plans.push_back(nki::buildNkiPlan(*kernel.run.trace, i, *target));
    }
    return kernel;
}

} // namespace tirx::cli
