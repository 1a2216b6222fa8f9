#pragma once

#include "codegen/affine_access.h"
#include "codegen/nki_form.h"
#include "codegen/nki_walker.h"
#include "codegen/psum_accumulation.h"
#include "target/target.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace tirx {

// The current NKI API (`nki.jit`, spec 07 §8.2), which the reference has no
// printer for. Same walk as the legacy printer, different text: outputs are
// allocated in `nl.shared_hbm` and returned, on-chip tensors are placed with
// `address=(partition, free)`, PSUM tensors lose their block dimension (a
// (B, P, F) tensor becomes (P, B · bank) starting at its first bank), and
// each operand of an instruction is an access pattern
// `t.ap(pattern=[[step, count], ...], offset=...)` over the tensor's
// elements, its steps in decreasing order, so the partition step leads.
// Instruction calls name the destination first and have no mask: a masked
// instruction has no form here yet and is reported.
class CurrentPrinter final : public NkiWalker {
public:
    // NeuronCore-v2 (trn1) has no constant activation bias; NeuronCore-v4
    // (trn3) alone takes a PSUM tile over several banks. Null: the target is
    // not known.
    explicit CurrentPrinter(const Target* target = nullptr)
        : m_neuronCoreV2(target && target->tag.starts_with("aws/trn1/")),
          m_neuronCoreV4(target && target->tag.ends_with("/trn3"))
    {
    }
    void print(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes);

private:
    struct Tensor {
        std::string name;
        std::vector<int64_t> shape; // as printed
        bool psum = false;          // printed without its bank dimension
        int64_t psumBankElems = 0;  // > 0: a PSUM (B, P, F) tensor printed as (P, B * bankElems)
        bool onChip = false;        // SBUF or PSUM: its pattern leads with the partition step
    };

    void allocTensor(const BindNode& s, const CallNode& c) override;
    void viewDeclared(const VarNode& view, const std::string& name, const std::vector<int64_t>& shape) override;
    [[nodiscard]] std::string loopHeader(const std::string& id, const ForNode& s, bool outermost) override;
    [[nodiscard]] std::string regionLoopLine(const std::string& id, const ForNode& s) override;
    [[nodiscard]] std::string ifHeader(const IfNode& s) override;
    [[nodiscard]] std::string instruction(const CallNode& c) override;

    // current_expr.cpp
    [[nodiscard]] std::string expr(const Expr& e);
    [[nodiscard]] std::string access(const Expr& e);
    // The access's flat element index, affine in the instruction's loops;
    // worked out once per operand of the instruction being printed.
    [[nodiscard]] AffineIndex flatIndex(const TensorLoadNode& load, const Tensor& t);
    // The instruction's loops, the largest step of `flat` first.
    [[nodiscard]] std::vector<const VarNode*> loopsByStep(const AffineIndex& flat) const;
    // The loop order every operand of an element-wise instruction shares.
    [[nodiscard]] std::vector<const VarNode*> sharedLoopOrder(const CallNode& c, NkiOp op);
    [[nodiscard]] std::string scalarOrAccess(const Expr& e);
    [[nodiscard]] const Tensor& tensor(const Var& v, const Span& use) const;
    [[nodiscard]] int64_t extent(const VarNode* loop) const;

    // current_instruction.cpp
    // affine_select's predicate as the instruction's keywords spell it.
    struct AffinePredicate {
        std::string pattern;           // "[[-1, 128]]": step and count of each free loop
        std::string channelMultiplier; // the partition loop's step
        std::string cmpOp;             // "nl.greater_equal"
        std::string offset;
    };
    [[nodiscard]] AffinePredicate affinePredicate(const Expr& pred);
    [[nodiscard]] std::string formOperand(const CallNode& c, const NkiFormOperand& o);
    [[nodiscard]] std::string opcode(const Expr& e) const;
    [[nodiscard]] std::string accumulateFlag(const AccumulateFlag& flag) const;
    [[nodiscard]] std::string biasOperand(const Expr& e);

    std::vector<const VarNode*> m_loopOrder; // the current instruction's, when its operands share one
    bool m_keepBroadcast = false;            // the current instruction keeps step-0 loops in its patterns
    std::unordered_map<const TensorLoadNode*, AffineIndex> m_flatIndices; // the current instruction's operands
    std::unordered_set<const VarNode*> m_uniform;                         // tiles of one value (uniform_tiles.h)
    bool m_neuronCoreV2 = false;                                          // a trn1 target: no constant activation bias
    bool m_neuronCoreV4 = false;                          // a trn3 target: PSUM tiles over several banks
    size_t m_accessRank = 0;                              // dimensions of the operand access printed last
    AccumulationPlan m_accumulation;                      // the matmul groups of PSUM
    std::unordered_map<const VarNode*, Tensor> m_tensors; // parameters, allocations and their views
    std::optional<std::pair<const ExprNode*, AffinePredicate>> m_predicate; // the current instruction's, split once
};

// Why the current API prints no kernel without arguments (the CLI, the NKI
// dock and the tests show the same text).
inline constexpr const char* kNoArgumentsMessage =
    "nki.jit cannot launch a kernel without arguments: it picks how to run a kernel (NumPy, PyTorch or JAX) from "
    "the arguments it is called with, and Neuron SDK 2.28 and later refuse a call with none; give the kernel an "
    "input tensor (its outputs are made inside it), or print it with --api legacy";

// The current-API spelling of a dtype (nl.float32, nl.bfloat16, ...).
[[nodiscard]] std::string currentDtype(DataType dtype, const Span& span);

} // namespace tirx
