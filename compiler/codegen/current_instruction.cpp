// The operand forms of the current-API printer; the instruction lines are
// the forms of ir/nki_ops.def (codegen/nki_form.h).
#include "codegen/codegen_error.h"
#include "codegen/current_printer.h"
#include "codegen/nki_common.h"
#include "codegen/nki_form.h"
#include "ir/binary_ops.h"
#include "ir/make.h"

namespace tirx {

namespace {

bool isActivation(const CallNode& c)
{
    const std::optional<NkiOp> op = c.callable() ? c.callable()->nkiOp : std::nullopt;
    return op == NkiOp::Activation || op == NkiOp::ActivationReduce;
}

} // namespace

std::string CurrentPrinter::opcode(const Expr& e) const
{
    // "nki.language.add" is "nl.add" under the current API's import alias.
    constexpr std::string_view kLanguage = "nki.language.";
    const std::string_view function = nkiOpcode(e).nkiFunction;
    return "nl." + std::string(function.substr(kLanguage.size()));
}

// pred is `lhs <cmp> rhs`, affine in the loops: lhs - rhs is the iota value
// offset + channel_multiplier · p + Σ step · f the instruction compares with 0.
CurrentPrinter::AffinePredicate CurrentPrinter::affinePredicate(const Expr& pred)
{
    const auto* cmp = as<BinaryNode>(pred);
    const std::string_view cmpOp = cmp ? binaryOpInfo(cmp->op()).nkiCompare : std::string_view{};
    if (cmpOp.empty()) codegenFail(pred->span(), "the affine_select predicate must be a comparison such as p - f >= 0");
    auto lhs = splitAffine(cmp->a(), m_region.loopSet);
    auto rhs = splitAffine(cmp->b(), m_region.loopSet);
    if (!lhs || !rhs)
        codegenFail(pred->span(), "the affine_select predicate must be affine in the instruction's loops");
    const AffineIndex value = combine(*rhs, -1, *lhs);
    const VarNode* partition = m_region.loops.empty() ? nullptr : m_region.loops.front();
    for (const auto& [v, d] : m_region.dims) {
        if (d == "P") partition = v;
    }
    AffinePredicate out;
    out.cmpOp = std::string(cmpOp);
    for (const VarNode* v : m_region.loops) {
        if (v == partition) continue;
        out.pattern += (out.pattern.empty() ? "[" : ", [") + std::to_string(value.coefficient(v)) + ", " +
                       std::to_string(extent(v)) + "]";
    }
    out.pattern = "[" + out.pattern + "]";
    out.channelMultiplier = std::to_string(partition ? value.coefficient(partition) : 0);
    out.offset = expr(value.rest);
    return out;
}

std::string CurrentPrinter::formOperand(const CallNode& c, const NkiFormOperand& o)
{
    const Expr& e = o.values.front();
    switch (o.form) {
    case NkiOperandForm::Expr:
        if (o.param.name == "bias" && isActivation(c)) return biasOperand(e);
        return expr(e);
    case NkiOperandForm::Access: return access(e);
    case NkiOperandForm::Opcode: return opcode(e);
    case NkiOperandForm::Flag:
        if (auto it = m_accumulation.matmuls.find(&c); it != m_accumulation.matmuls.end() && o.param.name == "accum")
            return accumulateFlag(it->second);
        return nkiFlag(e);
    case NkiOperandForm::Axis: {
        // nki.isa.tensor_reduce names free dimensions by their index in the
        // operand (no documented example counts from the end): -1 is the last
        // dimension of the data access printed just before.
        const auto axis = [&](const Expr& value) {
            const auto n = constInt(value);
            if (!n || *n >= 0) return expr(value);
            return std::to_string(static_cast<int64_t>(m_accessRank) + *n);
        };
        if (o.values.size() == 1) return axis(e);
        std::string out = "(";
        for (size_t i = 0; i < o.values.size(); ++i) out += (i ? ", " : "") + axis(o.values[i]);
        return out + ")";
    }
    case NkiOperandForm::Dtype: {
        const auto* load = as<TensorLoadNode>(e);
        return currentDtype(load ? load->dtype() : DataType::bfloat16(), c.span());
    }
    case NkiOperandForm::Pattern:
    case NkiOperandForm::ChannelMultiplier:
    case NkiOperandForm::CmpOp:
    case NkiOperandForm::Offset: {
        // One split per instruction, however many of its parts the form prints.
        if (!m_predicate || m_predicate->first != e.get()) m_predicate.emplace(e.get(), affinePredicate(e));
        const AffinePredicate& p = m_predicate->second;
        if (o.form == NkiOperandForm::Pattern) return p.pattern;
        if (o.form == NkiOperandForm::ChannelMultiplier) return p.channelMultiplier;
        if (o.form == NkiOperandForm::CmpOp) return p.cmpOp;
        return p.offset;
    }
    case NkiOperandForm::Assign:
    case NkiOperandForm::Input:
    case NkiOperandForm::Tuple: break; // legacy forms
    }
    unknownNkiForm(c, o);
}

// The Scalar Engine adds one bias value per partition: a [P, 1] column, or a
// constant from NeuronCore-v3 on (nki.isa.activation, "Layout"); SDK 2.28
// and later reject a bias with a longer free dimension.
std::string CurrentPrinter::biasOperand(const Expr& e)
{
    if (const auto* f = as<FloatImmNode>(e); f && f->value() == 0.0) return "None"; // no bias, on every NeuronCore
    if (!as<TensorLoadNode>(e)) {
        if (m_neuronCoreV2)
            codegenFail(e->span(), "a constant activation bias needs NeuronCore-v3 (trn2) or later; on trn1 the bias "
                                   "is a [P, 1] column (nki.isa.activation, \"Layout\")");
        return expr(e);
    }
    const auto& load = static_cast<const TensorLoadNode&>(*e);
    const Tensor& t = tensor(load.tensor(), e->span());
    const AffineIndex flat = flatIndex(load, t);
    const VarNode* partition = m_region.loops.empty() ? nullptr : m_region.loops.front();
    for (const auto& [v, d] : m_region.dims) {
        if (d == "P") partition = v;
    }
    const VarNode* along = nullptr; // a free loop the bias moves with
    for (const VarNode* v : m_region.loops) {
        if (v != partition && flat.coefficient(v) != 0 && extent(v) > 1) along = v;
    }
    if (!along) return access(e);
    if (!m_uniform.count(load.tensor().get()))
        codegenFail(e->span(), "nisa.activation adds one bias value per partition (a [P, 1] column, "
                               "nki.isa.activation \"Layout\"), but this bias changes along the loop '" +
                                   along->name() + "'; use a [P, 1] tile");
    // One value fills the tile (the reference's const_bias): its first column is the bias.
    const int64_t step = partition ? flat.coefficient(partition) : 0;
    const int64_t count = partition ? extent(partition) : 1;
    return t.name + ".ap(pattern=[[" + std::to_string(step) + ", " + std::to_string(count) +
           "], [1, 1]], offset=" + expr(flat.rest) + ")";
}

std::vector<const VarNode*> CurrentPrinter::sharedLoopOrder(const CallNode& c, NkiOp op)
{
    // Which instructions pair their operands element for element: behaviour, so a switch.
    switch (op) {
    case NkiOp::Load:
    case NkiOp::Store:
    case NkiOp::TensorCopy:
    case NkiOp::TensorTensor:
    case NkiOp::TensorScalar:
    case NkiOp::ScalarTensorTensor:
    case NkiOp::ScalarTensorScalar:
    case NkiOp::Activation:
    case NkiOp::Reciprocal:
    case NkiOp::Memset:
    case NkiOp::AffineSelect: break;
    case NkiOp::Matmul:             // contracts over the partitions: each operand its own order
    case NkiOp::TensorReduce:       // the result lacks the reduced loops
    case NkiOp::ActivationReduce:   // likewise
    case NkiOp::TensorScalarReduce: // likewise
    case NkiOp::Identity: return {};
    }
    // The order of the operand that lives on chip, whose pattern must lead
    // with the partition step (nki-aps.rst, "Restriction on SBUF/PSUM
    // Tensors"): the destination if it does, else the first source that does.
    const Callable& row = callableOf(op);
    const TensorLoadNode* lead = nullptr;
    for (const Access wanted : {Access::Write, Access::Read}) {
        for (size_t i = 0; i < row.params.size() && i < c.args().size() && !lead; ++i) {
            const Access access = row.params[i].access;
            const bool matches = access == wanted || access == Access::ReadWrite;
            const auto* load = as<TensorLoadNode>(c.args()[i]);
            if (matches && load && tensor(load->tensor(), load->span()).onChip) lead = load;
        }
    }
    if (!lead) return {};
    return loopsByStep(flatIndex(*lead, tensor(lead->tensor(), lead->span())));
}

// `(k > 0)`: the nc_matmul page's own form for a loop whose first
// iteration starts the accumulation ("Accumulation mode", the hint).
std::string CurrentPrinter::accumulateFlag(const AccumulateFlag& flag) const
{
    if (flag.firstIterationLoops.empty()) return flag.accumulate ? "True" : "False";
    std::string out;
    for (const VarNode* v : flag.firstIterationLoops)
        out += (out.empty() ? "(" : " or (") + loopName(*v, v->span()) + " > 0)";
    return flag.firstIterationLoops.size() == 1 ? out : "(" + out + ")";
}

std::string CurrentPrinter::instruction(const CallNode& c)
{
    const std::optional<NkiOp> op = c.callable() ? c.callable()->nkiOp : std::nullopt;
    if (!op) codegenFail(c.span(), "Trainium code generation does not support a call to '" + c.op() + "'");
    if (m_region.maskIf)
        codegenFail(m_region.maskIf->span(),
                    "the current NKI API has no instruction masks; this masked instruction prints only with --api "
                    "legacy");
    if (auto refused = m_accumulation.errors.find(&c); refused != m_accumulation.errors.end())
        throw CodegenError{refused->second};
    // The group's first matmul overwrites instead (psum_accumulation.h).
    if (m_accumulation.droppedClears.count(&c)) return {};
    m_predicate.reset();
    m_flatIndices.clear();
    m_loopOrder = sharedLoopOrder(c, *op);
    // dma_copy moves as many elements as it reads (nki.isa.dma_copy: "The
    // total number of data elements in src must match that of dst"), so a
    // broadcast source keeps its step-0 loop, `[0, 128]`.
    m_keepBroadcast = *op == NkiOp::Load || *op == NkiOp::Store;
    const NkiFormPrinter printer{[&](const NkiFormOperand& o) { return formOperand(c, o); },
                                 [&](std::string_view hint) { return m_names.fresh(hint); }};
    return printNkiForm(c, *op, NkiApi::Current, printer);
}

} // namespace tirx
