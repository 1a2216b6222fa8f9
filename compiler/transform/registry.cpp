#include "transform/registry.h"

#include "transform/passes.h"

namespace tirx {

namespace {

PassInfo notApplicable(std::string_view name, std::string_view description, std::string_view reason)
{
    return PassInfo{name, description, {}, reason};
}

std::vector<PassInfo> buildRegistry()
{
    return {
        trnPrivateTensorAllocPass(),
        trnNaiveAllocatorPass(),
        tileDispatchPass(),
        lowerTrainiumLayoutPass(),
        notApplicable("DecorateDeviceScope", "Wrap the device body in a device-scope marker.",
                      "a marker for the host/device split; the device kernel a user sees is unchanged"),
        stmtSimplifyPass(),
        notApplicable(
            "LoopPartition", "Split loops at boundaries where a condition changes.",
            "Trainium kernels have constant loop bounds, where the reference's LoopPartition changes nothing"),
        lowerTIRxOpaquePass(),
        hoistIfPass(),
        removeNoOpPass(),
        notApplicable("AnnotateEntryFunc", "Mark the single function of a module as its entry.",
                      "adds a function attribute only"),
        notApplicable("SplitHostDevice", "Split host code and the device kernel into two functions.",
                      "the explorer shows the device function, which the split leaves as it is"),
        notApplicable("MakePackedAPI", "Give the host function the packed calling convention.",
                      "changes the host function only"),
    };
}

} // namespace

std::span<const PassInfo> passRegistry()
{
    static const std::vector<PassInfo> registry = buildRegistry();
    return registry;
}

const PassInfo* findPass(std::string_view name)
{
    for (const auto& p : passRegistry()) {
        if (p.name == name) return &p;
    }
    return nullptr;
}

std::span<const PipelinePreset> pipelinePresets()
{
    static const std::vector<PipelinePreset> presets = {
        {"lower-tirx",
         "The reference's LowerTIRx run with workspaces and addresses, nothing after",
         {"TrnPrivateTensorAlloc", "TrnNaiveAllocator", "TileDispatch", "LowerTrainiumLayout"}},
        {"trn",
         "The device part of the reference's trn_pipeline, simplification included",
         {"TrnPrivateTensorAlloc", "TrnNaiveAllocator", "TileDispatch", "LowerTrainiumLayout", "DecorateDeviceScope",
          "StmtSimplify", "LoopPartition", "LowerTIRxOpaque", "HoistIf", "StmtSimplify", "RemoveNoOp",
          "AnnotateEntryFunc", "SplitHostDevice", "MakePackedAPI"}},
        {"none", "No passes: the module as written", {}},
    };
    return presets;
}

const PipelinePreset* findPreset(std::string_view name)
{
    for (const auto& p : pipelinePresets()) {
        if (p.name == name) return &p;
    }
    return nullptr;
}

} // namespace tirx
