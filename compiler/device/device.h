#pragma once

#include "codegen/nki_api.h"
#include "ir/diagnostic.h"
#include "ir/function.h"
#include "sim/host_array.h"
#include "target/target.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tirx::device {

enum class DeviceKind : uint8_t { Simulator, NeuronLocal, NeuronSsh };

// "simulator" / "neuron-local" / "neuron-ssh", as `devices --json` spells them.
[[nodiscard]] std::string_view deviceKindName(DeviceKind kind);

// What a device says about itself. `status` is "ready", "busy",
// "unavailable" or "error"; `message` says why in a sentence when it is not
// ready ("no Neuron runtime on this host").
struct DeviceInfo {
    std::string id;
    DeviceKind kind = DeviceKind::Simulator;
    std::string name;
    int cores = 0;
    int64_t memoryBytes = 0;
    std::string sdkVersion;
    std::string nkiVersion;
    std::optional<NkiApi> api;
    std::string status = "ready";
    std::string message;
    [[nodiscard]] bool ready() const { return status == "ready"; }
};

// One kernel run. `inputs` holds every input parameter (the caller draws the
// random ones), so a device and the simulator see the same data.
struct RunRequest {
    const Module* lowered = nullptr; // the module after the pipeline (what emitNki prints)
    const Module* source = nullptr;  // as parsed: the origin of the kernel's lines
    FunctionRef kernel;              // the function of `lowered` to run
    Target target;
    std::vector<std::pair<std::string, sim::HostArray>> inputs;
    std::vector<std::pair<std::string, sim::HostArray>> outputShapes; // name, dtype and shape (bytes unused)
    double timeoutSeconds = 300.0;
    std::string visibleCores = "0"; // NEURON_RT_VISIBLE_CORES
};

struct RunOutcome {
    bool ok = false;
    std::string error; // one sentence when !ok
    std::vector<std::pair<std::string, sim::HostArray>> outputs;
    double seconds = 0.0;                // the kernel call as the device timed it (wall time for the simulator)
    double wallSeconds = 0.0;            // the whole round trip, copies included
    std::string log;                     // what the device printed
    std::vector<Diagnostic> diagnostics; // located at the TVMScript source (compile errors mapped back)
    bool cancelled = false;
    bool timedOut = false;
};

// The stage a run has reached: "copying" (the kernel and inputs to where
// they run), "running", "fetching" (the outputs back), "comparing" (with the
// simulator). Called on the thread that runs, so a window can show progress.
using StageCallback = std::function<void(std::string_view stage)>;

// A place a kernel runs: the built-in simulator, a Neuron host here or one
// reached over SSH. describe() may start processes (neuron-ls, the SDK probe)
// and so may take seconds; run() blocks until the outputs are back, the
// timeout passes or cancel() is called from another thread.
class Device {
public:
    virtual ~Device() = default;
    [[nodiscard]] virtual DeviceInfo describe() = 0;
    [[nodiscard]] virtual RunOutcome run(const RunRequest& request) = 0;
    void cancel() { m_cancel = true; }
    [[nodiscard]] bool cancelled() const { return m_cancel; }
    // Set before run(); told each stage run() reaches.
    void setStageCallback(StageCallback callback) { m_stage = std::move(callback); }

protected:
    void reportStage(std::string_view stage) const
    {
        if (m_stage) m_stage(stage);
    }

    std::atomic<bool> m_cancel{false};

private:
    StageCallback m_stage;
};

} // namespace tirx::device
