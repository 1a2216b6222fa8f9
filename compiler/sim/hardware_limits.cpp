#include "sim/hardware_limits.h"

#include "ir/callables.h"
#include "ir/mem_space.h"
#include "target/hardware.h"

#include <string>

namespace tirx::sim {

namespace {

// Matmul's moving free size: the tensor engine streams at most this many
// columns per instruction (spec 06 §4.4).
constexpr int64_t kMaxMovingFree = hw::kMaxMovingFree;

// A scope no memory row names (a TVM "local") is simulated in HBM.
MemSpace spaceOf(const std::string& scope) { return memSpaceOf(scope).value_or(MemSpace::Hbm); }

std::string spaceName(MemSpace space)
{
    const std::string_view label = memSpaceLabel(space);
    return label.empty() ? "nowhere" : std::string(label);
}

std::string allowedNames(MemSpace mask)
{
    std::string out;
    for (const MemSpaceInfo& row : kMemSpaces) {
        const MemSpace s = row.space;
        if (allows(mask, s)) out += (out.empty() ? "" : " or ") + spaceName(s);
    }
    return out;
}

class Checker {
public:
    Checker(const Instruction& ins, const PointSet& points, const std::vector<Stream>& streams, const Target& target)
        : m_ins(ins), m_points(points), m_streams(streams), m_target(target), m_name(ins.callable->name)
    {
    }

    std::vector<Diagnostic> run()
    {
        spaces();
        if (!m_ins.callable->nkiOp) return std::move(m_out);
        switch (*m_ins.callable->nkiOp) {
        case NkiOp::Matmul: matmulSizes(); break;
        case NkiOp::TensorTensor: tensorTensorInputs(); break;
        case NkiOp::ActivationReduce: activationReduceOpcode(); break;
        case NkiOp::Load: dmaWithPsum("res", "a load into PSUM"); break;
        case NkiOp::Store: dmaWithPsum("data", "a store from PSUM"); break;
        case NkiOp::Activation:
        case NkiOp::AffineSelect:
        case NkiOp::Identity:
        case NkiOp::Memset:
        case NkiOp::Reciprocal:
        case NkiOp::ScalarTensorScalar:
        case NkiOp::ScalarTensorTensor:
        case NkiOp::TensorCopy:
        case NkiOp::TensorReduce:
        case NkiOp::TensorScalar:
        case NkiOp::TensorScalarReduce: break;
        }
        if (*m_ins.callable->nkiOp != NkiOp::Matmul) freeSize();
        return std::move(m_out);
    }

private:
    void warn(std::string text)
    {
        m_out.push_back({Diagnostic::Severity::Warning, m_name + ": " + std::move(text), m_ins.call->span()});
    }

    [[nodiscard]] const TensorPlace* placeOf(size_t arg) const
    {
        return arg < m_streams.size() ? m_streams[arg].place : nullptr;
    }

    [[nodiscard]] int64_t extentOver(bool (*keep)(bool r, bool a, bool b)) const
    {
        const auto& res = *m_ins.operands[m_ins.argNamed("res")];
        const auto& lhs = *m_ins.operands[m_ins.argNamed("lhs")];
        const auto& rhs = *m_ins.operands[m_ins.argNamed("rhs")];
        int64_t n = 1;
        for (size_t v = 0; v < m_ins.vars.size(); ++v) {
            if (keep(res.usesVar(v), lhs.usesVar(v), rhs.usesVar(v))) n *= m_points.extents[v];
        }
        return n;
    }

    // Every tensor operand in a memory the table's spaces column allows.
    void spaces()
    {
        const auto& params = m_ins.callable->params;
        for (size_t a = 0; a < params.size() && a < m_streams.size(); ++a) {
            const TensorPlace* p = placeOf(a);
            if (!p || params[a].spaces == MemSpace::None) continue;
            const MemSpace space = spaceOf(p->scope);
            if (allows(params[a].spaces, space)) continue;
            const Engine engine = m_ins.callable->engine;
            const std::string who =
                engine == Engine::Any ? "the instruction" : "the " + std::string(engineName(engine)) + " engine";
            warn(std::string(params[a].name) + " '" + p->name + "' is in " + spaceName(space) + "; " + who +
                 " accesses this operand only in " + allowedNames(params[a].spaces));
        }
    }

    void matmulSizes()
    {
        for (const char* operand : {"res", "lhs", "rhs"}) {
            if (!m_ins.operands[m_ins.argNamed(operand)] || !m_ins.operands[m_ins.argNamed(operand)]->affine()) return;
        }
        const int64_t contraction = extentOver([](bool r, bool a, bool b) { return !r && a && b; });
        const int64_t stationary = extentOver([](bool r, bool a, bool b) { return r && a && !b; });
        const int64_t moving = extentOver([](bool r, bool a, bool b) { return r && !a && b; });
        const int64_t partitions = m_target.partitionSize;
        if (contraction > partitions)
            warn("contracts over " + std::to_string(contraction) + " rows; the tensor engine takes at most " +
                 std::to_string(partitions));
        if (stationary > partitions)
            warn("the stationary operand (lhs) has " + std::to_string(stationary) +
                 " free elements; the tensor engine takes at most " + std::to_string(partitions));
        if (moving > kMaxMovingFree)
            warn("the moving operand (rhs) has " + std::to_string(moving) +
                 " free elements; the tensor engine takes at most " + std::to_string(kMaxMovingFree));
        if (moving * 4 > m_target.psumBankBytes)
            warn("a float32 result row of " + std::to_string(moving) + " elements is " + std::to_string(moving * 4) +
                 " bytes, more than one PSUM bank of " + std::to_string(m_target.psumBankBytes));
    }

    void tensorTensorInputs()
    {
        const TensorPlace* a = placeOf(m_ins.argNamed("operand0"));
        const TensorPlace* b = placeOf(m_ins.argNamed("operand1"));
        if (a && b && isScope(a->scope, MemSpace::Psum) && isScope(b->scope, MemSpace::Psum))
            warn("both inputs ('" + a->name + "', '" + b->name +
                 "') are in PSUM; the vector engine reads at most one of them from PSUM");
    }

    void activationReduceOpcode()
    {
        const std::string* text = stringArg(m_ins.args()[m_ins.argNamed("reduce_opcode")]);
        if (text && *text != "add")
            warn("reduce_opcode \"" + *text + "\" is not supported on trn1, which reduces activations only by \"add\"");
    }

    void dmaWithPsum(std::string_view operand, const char* what)
    {
        const TensorPlace* p = placeOf(m_ins.argNamed(operand));
        if (p && isScope(p->scope, MemSpace::Psum))
            warn(std::string(what) + " ('" + p->name + "') is not documented as supported; go through SBUF");
    }

    // Free elements per partition (every point over the partition
    // variable, the outermost loop) times the widest operand element.
    void freeSize()
    {
        if (m_points.extents.empty() || m_points.extents.front() <= 0) return;
        const int64_t free = m_points.count / m_points.extents.front();
        int item = 0;
        for (const Stream& s : m_streams) {
            if (s.place && !isScope(s.place->scope, MemSpace::Hbm)) item = std::max(item, s.place->itemBytes);
        }
        if (free * item > m_target.maxSbufBytesPerPartition)
            warn(std::to_string(free) + " free elements of " + std::to_string(item) + " bytes are " +
                 std::to_string(free * item) + " bytes per partition, more than the " +
                 std::to_string(m_target.maxSbufBytesPerPartition) + " of one SBUF partition");
    }

    const Instruction& m_ins;
    const PointSet& m_points;
    const std::vector<Stream>& m_streams;
    const Target& m_target;
    std::string m_name;
    std::vector<Diagnostic> m_out;
};

} // namespace

std::vector<Diagnostic> hardwareLimitWarnings(const Instruction& ins, const PointSet& points,
                                              const std::vector<Stream>& streams, const Target& target)
{
    return Checker(ins, points, streams, target).run();
}

} // namespace tirx::sim
