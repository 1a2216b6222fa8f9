#include "device/device_run.h"

#include "device/simulator_device.h"
#include "sim/kernel_args.h"

namespace tirx::device {

namespace {

// "float32 (128, 512)", as numpy prints a dtype and a shape.
std::string describeArray(const sim::HostArray& array)
{
    std::string shape;
    for (const int64_t d : array.shape) shape += (shape.empty() ? "" : ", ") + std::to_string(d);
    if (array.shape.size() == 1) shape += ",";
    return array.dtype.str() + " (" + shape + ")";
}

} // namespace

RunRequest makeRequest(const Module& lowered, const Module* source, FunctionRef kernel, const Target& target,
                       const std::map<std::string, sim::HostArray>& given, uint64_t seed, std::string* error)
{
    RunRequest request;
    request.lowered = &lowered;
    request.source = source;
    request.kernel = std::move(kernel);
    request.target = target;
    const sim::KernelArguments args = sim::kernelArguments(*request.kernel);
    for (const auto& [name, array] : given) {
        bool known = false;
        for (const Var& v : args.inputs) known = known || v->name() == name;
        if (!known) *error = "'" + name + "' is not an input of the kernel";
    }
    for (const Var& v : args.inputs) {
        sim::HostArray drawn = sim::randomArray(v, seed);
        const auto it = given.find(v->name());
        if (it != given.end() && (it->second.dtype != drawn.dtype || it->second.shape != drawn.shape))
            *error = "'" + v->name() + "' is " + describeArray(it->second) + ", the kernel's input is " +
                     describeArray(drawn);
        request.inputs.emplace_back(v->name(), it != given.end() ? sim::HostArray(it->second) : std::move(drawn));
    }
    for (const Var& v : args.outputs) {
        sim::HostArray shape = sim::randomArray(v, seed);
        shape.bytes.clear();
        request.outputShapes.emplace_back(v->name(), std::move(shape));
    }
    return request;
}

DeviceRun runAndCompare(Device& device, DeviceKind kind, const RunRequest& request, const StageCallback& stage)
{
    DeviceRun run;
    device.setStageCallback(stage);
    run.device = device.run(request);
    device.setStageCallback({});
    if (kind == DeviceKind::Simulator || !run.device.ok) return run;
    if (stage) stage("comparing");
    SimulatorDevice simulator;
    run.simulator = simulator.run(request);
    if (run.simulator->ok) run.comparison = compareOutputs(run.device.outputs, run.simulator->outputs);
    return run;
}

} // namespace tirx::device
