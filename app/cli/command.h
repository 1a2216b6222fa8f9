#pragma once

namespace CLI {
class App;
}

namespace tirx::cli {

// Exit status of tirx-cli (the public contract in the README).
enum class Exit : int {
    Ok = 0,
    BadInput = 1, // diagnostics printed as FILE:LINE:COL: error: message
    Usage = 2,    // bad command line or internal failure
};

// Where a subcommand's callback reports how the run ended.
struct Outcome {
    Exit exit = Exit::Ok;
};

// Every cmd_*.cpp defines one function of this type that adds its
// subcommand (options, help text, callback) to the app; main.cpp calls
// them all.
using Registrar = void (*)(CLI::App& app, Outcome& outcome);

void registerFmt(CLI::App& app, Outcome& outcome);
void registerCheck(CLI::App& app, Outcome& outcome);
void registerEqual(CLI::App& app, Outcome& outcome);
void registerPasses(CLI::App& app, Outcome& outcome);
void registerLower(CLI::App& app, Outcome& outcome);
void registerDiff(CLI::App& app, Outcome& outcome);
void registerMemmap(CLI::App& app, Outcome& outcome);
void registerEmitNki(CLI::App& app, Outcome& outcome);
void registerLayout(CLI::App& app, Outcome& outcome);
void registerGraph(CLI::App& app, Outcome& outcome);
void registerRun(CLI::App& app, Outcome& outcome);
void registerDevices(CLI::App& app, Outcome& outcome);
void registerTrace(CLI::App& app, Outcome& outcome);

} // namespace tirx::cli
