#include "sim/simulator.h"

#include "memory/overlap_message.h"
#include "sim/executor.h"
#include "sim/index_eval.h"
#include "sim/instruction.h"
#include "sim/kernel_args.h"
#include "sim/machine.h"
#include "sim/run_limits.h"

#include <algorithm>
#include <chrono>
#include <unordered_map>
#include <variant>

namespace tirx::sim {

namespace {

// Walks the kernel body in program order (chapter 06 §2.7): allocations and
// declarations place tensors, outer loops and ifs run on the CPU, each
// tensorized region or bare NKI call is one instruction.
class Walker {
public:
    Walker(Machine& machine, RunResult& result, const SimOptions& options)
        : m_machine(machine), m_result(result), m_options(options), m_executor(machine, result, options.recordTrace)
    {
    }

    bool walk(const Stmt& s)
    {
        if (!s) return true;
        switch (s->kind()) {
        case StmtKind::Seq:
            for (const auto& item : as<SeqStmtNode>(s)->stmts()) {
                if (!walk(item)) return false;
            }
            return true;
        case StmtKind::Bind:
            if (auto d = m_machine.placeBinding(s)) return fail(*d);
            return true;
        case StmtKind::For: return loop(*as<ForNode>(s));
        case StmtKind::If: {
            const auto* node = as<IfNode>(s);
            std::string error;
            const auto cond = evalInt(node->cond(), m_env, &error);
            if (!cond) return fail(node->cond()->span().valid() ? node->cond()->span() : s->span(), error);
            return walk(*cond ? node->thenBody() : node->elseBody());
        }
        case StmtKind::Region: {
            const auto* region = as<RegionNode>(s);
            if (region->op() != kTensorizedInstruction) return walk(region->body());
            return execute(s.get(), [&] { return decodeRegion(*region); });
        }
        case StmtKind::Evaluate: {
            const auto* eval = as<EvaluateNode>(s);
            if (as<IntImmNode>(eval->value())) return true;
            const auto* call = as<CallNode>(eval->value());
            if (!call) return fail(s->span(), "this expression statement is not an NKI instruction");
            return execute(s.get(), [&] { return decodeCall(*call, s->span()); });
        }
        case StmtKind::TensorStore:
            return fail(s->span(), "tensor stores are not NKI instructions; the simulator runs kernels lowered "
                                   "to T.nki calls");
        case StmtKind::While:
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Assert: return fail(s->span(), "a lowered kernel has no while, break, continue or assert");
        }
        return true;
    }

private:
    bool fail(const Diagnostic& d)
    {
        m_result.diagnostics.push_back(d);
        return false;
    }
    bool fail(Span span, std::string text) { return fail({Diagnostic::Severity::Error, std::move(text), span}); }

    bool loop(const ForNode& node)
    {
        std::string error;
        const auto begin = evalInt(node.begin(), m_env, &error);
        const auto end = begin ? evalInt(node.end(), m_env, &error) : std::nullopt;
        const auto step = node.step() ? evalInt(node.step(), m_env, &error) : std::optional<int64_t>{1};
        if (!begin || !end || !step) return fail(node.span(), error);
        if (*step <= 0) return fail(node.span(), "loop step must be positive");
        for (int64_t v = *begin; v < *end; v += *step) {
            m_env[node.var().get()] = v;
            if (!walk(node.body())) return false;
            if (m_result.cancelled) return false;
        }
        m_env.erase(node.var().get());
        return true;
    }

    template <class Decode> bool execute(const StmtNode* key, Decode decode)
    {
        auto it = m_decoded.find(key);
        if (it == m_decoded.end()) {
            auto decoded = decode();
            if (auto* d = std::get_if<Diagnostic>(&decoded)) return fail(*d);
            it = m_decoded.emplace(key, std::move(std::get<Instruction>(decoded))).first;
        }
        if (!m_executor.run(it->second, m_env)) return false;
        if (m_options.progress && m_result.instructions % 16 == 0 && !m_options.progress(m_result.instructions)) {
            m_result.cancelled = true;
            return false;
        }
        return true;
    }

    Machine& m_machine;
    RunResult& m_result;
    const SimOptions& m_options;
    Executor m_executor;
    Env m_env;
    std::unordered_map<const StmtNode*, Instruction> m_decoded;
};

// The placement plan's overlaps: the simulator aliases such tensors (they
// share the bytes of one storage); the plan says which pairs and where.
std::vector<Diagnostic> overlapWarnings(const MemoryPlan& plan)
{
    std::vector<Diagnostic> out;
    for (const auto& pair : plan.overlaps) {
        out.push_back(
            {Diagnostic::Severity::Warning, overlapMessage(plan, pair), plan.allocations[pair.later].definition.span});
    }
    return out;
}

} // namespace

RunResult simulate(const Function& kernel, const Target& target, const std::map<std::string, HostArray>& inputs,
                   const SimOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    RunResult result;
    // Before anything is drawn or placed: the parameters are held in full.
    if (auto d = dramParameterLimit(kernel)) {
        result.diagnostics.push_back(*d);
        return result;
    }
    // One placement of the kernel's memory: the machine puts addressed
    // tensors where it says, and its overlaps are the aliasing warnings.
    const Module module({{kernel.name(), std::make_shared<const Function>(kernel)}});
    const MemoryPlan plan = buildMemoryPlan(module, target, "", PlanDetail::Placement);
    Machine machine(target, plan, options.poison);
    const KernelArguments args = kernelArguments(kernel);
    for (const auto& [name, array] : inputs) {
        bool known = false;
        for (const auto& p : kernel.params()) known = known || p->name() == name;
        if (!known) {
            result.diagnostics.push_back(
                {Diagnostic::Severity::Error, "the kernel has no parameter '" + name + "'", kernel.span()});
            return result;
        }
    }
    for (const auto& p : kernel.params()) {
        const bool isInput = std::find(args.inputs.begin(), args.inputs.end(), p) != args.inputs.end();
        const auto given = inputs.find(p->name());
        HostArray random;
        const HostArray* contents = nullptr;
        if (given != inputs.end()) {
            contents = &given->second;
        } else if (isInput) {
            random = randomArray(p, options.seed);
            contents = &random;
        }
        if (auto d = machine.placeParameter(p, contents)) {
            result.diagnostics.push_back(*d);
            return result;
        }
    }
    Walker walker(machine, result, options);
    const bool ok = walker.walk(kernel.body());
    if (options.reportOverlaps) {
        for (auto& d : overlapWarnings(plan)) result.diagnostics.push_back(std::move(d));
    }
    if (ok) {
        for (const auto& p : args.outputs) result.outputs.emplace_back(p->name(), machine.read(*machine.find(p.get())));
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace tirx::sim
