#include "command.h"

#include "tirx_version.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

namespace {

// One registration function per command file (cmd_<name>.cpp), in the
// order `--help` lists them.
const std::vector<tirx::cli::Registrar> kCommands = {
    tirx::cli::registerFmt,   tirx::cli::registerCheck, tirx::cli::registerEqual,   tirx::cli::registerPasses,
    tirx::cli::registerLower, tirx::cli::registerDiff,  tirx::cli::registerMemmap,  tirx::cli::registerLayout,
    tirx::cli::registerGraph, tirx::cli::registerRun,   tirx::cli::registerEmitNki, tirx::cli::registerDevices,
    tirx::cli::registerTrace,
};

int toStatus(tirx::cli::Exit exit) { return static_cast<int>(exit); }

} // namespace

int main(int argc, char** argv)
{
    using tirx::cli::Exit;

    CLI::App app{"Headless TIRx Explorer: parse, lower and inspect Trainium kernels written "
                 "in TIRx TVMScript, and check hand-written NKI kernels (check, memmap, trace).",
                 "tirx-cli"};
    app.set_version_flag("--version", "tirx-cli " TIRX_VERSION);
    app.footer("Exit status: 0 success, 1 the input is wrong, 2 usage error or internal failure.");

    tirx::cli::Outcome outcome;
    for (const tirx::cli::Registrar registrar : kCommands) registrar(app, outcome);
    // At most one command; none is a usage error, reported after parsing so
    // that an unknown option is named in the message instead.
    app.require_subcommand(0, 1);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        // --help and --version are "errors" with status 0; every real parse
        // error is a usage error (2), not CLI11's own numbering.
        const int printed = app.exit(error);
        return printed == 0 ? 0 : toStatus(Exit::Usage);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "tirx-cli: error: %s\n", error.what());
        return toStatus(Exit::Usage);
    }

    if (app.get_subcommands().empty()) {
        std::fputs(app.help().c_str(), stderr);
        return toStatus(Exit::Usage);
    }
    // Output lost to a full disk or a closed pipe must not end in success.
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "tirx-cli: error: cannot write the standard output: %s\n", std::strerror(errno));
        return toStatus(Exit::Usage);
    }
    return toStatus(outcome.exit);
}
