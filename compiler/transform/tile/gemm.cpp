// matmul (chapter 05 §4.6, the acc-psum rule of §3.5).

#include "ir/make.h"
#include "transform/tile/families.h"
#include "transform/workspace_rules.h"

namespace tirx {

namespace {

constexpr int64_t kPsumBanks = 8;
constexpr int64_t kPsumBankElements = 512;

class GemmLowering final : public TileLowering {
public:
    // An (8, P_D, 512) PSUM accumulator at bank 0, offset 0 for a matmul into SBUF.
    void planWorkspaces(TileCall& c, WorkspaceTable& table, const VarRanges& /*ranges*/) const override
    {
        if (c.has("acc_psum")) return;
        const auto* dst = operandType(c.operand("D"));
        if (!dst || dst->isPsum()) return;
        const auto partitions = partitionsOf(c.operand("D"));
        if (!partitions) return;
        auto var =
            newWorkspace("acc_psum", {kPsumBanks, *partitions, kPsumBankElements}, DataType::float32(), "trn.psum");
        c.set("acc_psum", table.add({var, allocStmt(var, {tuple({intImm(0), intImm(0)})}), nullptr}));
    }

    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& /*ranges*/) const override
    {
        throw TileError("tile dispatch for '" + std::string(c.name()) + "' is not implemented yet");
    }
};

} // namespace

const TileLowering& gemmLowering()
{
    static const GemmLowering lowering;
    return lowering;
}

} // namespace tirx
