#include "device/device_run.h"

#include "device/simulator_device.h"
#include "sim/kernel_args.h"

namespace tirx::device {

RunRequest makeRequest(const Module& lowered, const Module* source, FunctionRef kernel, const Target& target,
                       const std::map<std::string, sim::HostArray>& given, uint64_t seed, std::string* error)
{
    RunRequest request;
    request.lowered = &lowered;
    request.source = source;
    request.kernel = kernel;
    request.target = target;
    const sim::KernelArguments args = sim::kernelArguments(*kernel);
    for (const auto& [name, array] : given) {
        bool known = false;
        for (const Var& v : args.inputs) known = known || v->name() == name;
        if (!known) *error = "'" + name + "' is not an input of the kernel";
    }
    for (const Var& v : args.inputs) {
        const auto it = given.find(v->name());
        request.inputs.emplace_back(v->name(), it != given.end() ? it->second : sim::randomArray(v, seed));
    }
    for (const Var& v : args.outputs) {
        sim::HostArray shape = sim::randomArray(v, seed);
        shape.bytes.clear();
        request.outputShapes.emplace_back(v->name(), std::move(shape));
    }
    return request;
}

DeviceRun runAndCompare(Device& device, DeviceKind kind, const RunRequest& request)
{
    DeviceRun run;
    run.device = device.run(request);
    if (kind == DeviceKind::Simulator || !run.device.ok) return run;
    SimulatorDevice simulator;
    run.simulator = simulator.run(request);
    if (run.simulator->ok) run.comparison = compareOutputs(run.device.outputs, run.simulator->outputs);
    return run;
}

} // namespace tirx::device
