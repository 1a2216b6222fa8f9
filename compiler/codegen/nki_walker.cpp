#include "codegen/nki_walker.h"

#include "codegen/codegen_error.h"
#include "codegen/nki_common.h"
#include "ir/make.h"

namespace tirx {

KernelSignature NkiWalker::begin(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes)
{
    m_out = &out;
    (void)m_names.fresh("v_");
    // The names the kernel's imports bind, and the builtins it calls: a loop
    // or tensor named `nl` would otherwise shadow the module inside the
    // kernel (an UnboundLocalError on its first use).
    for (const char* taken : {"nl", "nisa", "nki", "np", "math", "nt", "ncc", "baremetal", "benchmark",
                              "simulate_kernel", "trace", "range", "len", "int", "float", "min", "max"})
        (void)m_names.fresh(taken);
    KernelSignature sig = kernelSignature(fn, m_names, notes);
    for (const auto& p : sig.params) {
        m_paramNames[p.var.get()] = p.name;
        m_root[p.var.get()] = p.var.get();
    }
    return sig;
}

void NkiWalker::walk(const Stmt& s)
{
    if (!s) return;
    try {
        walkStatement(s);
    } catch (CodegenError& error) {
        if (!error.diagnostic.span.valid()) error.diagnostic.span = s->span();
        throw;
    }
}

void NkiWalker::walkStatement(const Stmt& s)
{
    m_out->setOrigin({s->span(), {}});
    switch (s->kind()) {
    case StmtKind::Seq:
        for (const auto& item : static_cast<const SeqStmtNode&>(*s).stmts()) walk(item);
        return;
    case StmtKind::Bind: return bind(static_cast<const BindNode&>(*s));
    case StmtKind::TensorStore:
        codegenFail(s->span(), "Trainium code generation does not support tensor stores; use T.nki instructions");
    case StmtKind::Evaluate: return evaluate(static_cast<const EvaluateNode&>(*s));
    case StmtKind::For: return forLoop(static_cast<const ForNode&>(*s));
    case StmtKind::If: return ifStmt(static_cast<const IfNode&>(*s));
    case StmtKind::Region: {
        const auto& r = static_cast<const RegionNode&>(*s);
        if (r.op() != kTensorizedInstruction) return walk(r.body());
        m_region = Region{};
        m_region.active = true;
        walk(r.body());
        m_region.active = false;
        return;
    }
    case StmtKind::While: codegenFail(s->span(), "Trainium code generation does not support while loops");
    case StmtKind::Break:
    case StmtKind::Continue: codegenFail(s->span(), "Trainium code generation does not support break or continue");
    case StmtKind::Assert: codegenFail(s->span(), "Trainium code generation does not support assertions");
    }
}

void NkiWalker::bind(const BindNode& s)
{
    if (const auto* c = as<CallNode>(s.value())) {
        if (c->op() == kAllocTensor) return allocTensor(s, *c);
        if (c->op() == kDeclTensor) return declTensor(s, *c);
    }
    codegenFail(s.span(),
                "Trainium code generation does not support scalar bindings ('" + s.var()->name() + " = ...')");
}

void NkiWalker::declTensor(const BindNode& s, const CallNode& c)
{
    if (c.tyArgs().empty()) codegenFail(s.span(), "a declaration without a tensor type");
    const TensorType& type = *c.tyArgs().front();
    if (type.isSbuf() || type.isPsum()) {
        m_onChipViews.insert(s.var().get());
        return;
    }
    const VarNode* data = declData(c);
    if (!data) codegenFail(s.span(), "NKI code generation expects a declaration's data to be a tensor's data");
    auto root = m_root.find(data);
    if (root == m_root.end())
        codegenFail(s.span(), "the view '" + s.var()->name() + "' is declared over '" + data->name() +
                                  "', which is not a kernel parameter or one of its views");
    const VarNode* param = root->second;
    const std::vector<int64_t> shape = constShape(type, s.span());
    m_root[s.var().get()] = param;
    // Views of one parameter with one shape and dtype share a name (§3.3).
    if (auto prev = m_paramViews.find(param);
        prev != m_paramViews.end() && prev->second.shape == shape && prev->second.dtype == type.dtype()) {
        viewDeclared(*s.var(), prev->second.name, shape);
        return;
    }
    const std::string& base = m_paramNames.at(param);
    const std::string name = m_names.fresh(base + "_buffer");
    m_paramViews[param] = ParamView{name, shape, type.dtype()};
    m_out->line(name + " = " + base + ".reshape(" + shapeList(shape) + ")");
    viewDeclared(*s.var(), name, shape);
}

const std::string& NkiWalker::loopName(const VarNode& v, const Span& use) const
{
    auto it = m_loopNames.find(&v);
    if (it == m_loopNames.end()) codegenFail(use, "'" + v.name() + "' is not defined in the kernel");
    return it->second;
}

void NkiWalker::forLoop(const ForNode& s)
{
    const bool outermost = m_outermostLoop;
    m_outermostLoop = false;
    if (!isConstInt(s.begin(), 0)) codegenFail(s.span(), "NKI loops must start at 0");
    if (s.step() && !isConstInt(s.step(), 1)) codegenFail(s.span(), "NKI loops must have step 1");
    const std::string id = m_names.fresh(s.var()->name());
    m_loopNames[s.var().get()] = id;
    if (m_region.active) {
        if (const std::string text = regionLoopLine(id, s); !text.empty()) {
            m_out->setOrigin({s.span(), {}});
            m_out->line(text);
        }
        if (Expr dim = s.annotations().get("nki_dim")) {
            const auto* str = as<StringImmNode>(dim);
            if (!str) codegenFail(dim->span(), "nki_dim must be a string such as \"P\"");
            if (str->value() != "P" && str->value() != "F" && str->value() != "lhs_F" && str->value() != "rhs_F")
                codegenFail(dim->span(), "invalid nki_dim '" + str->value() + "' (P, F, lhs_F or rhs_F)");
            m_region.dims[s.var().get()] = str->value();
        }
        m_region.loops.push_back(s.var().get());
        m_region.loopSet.insert(s.var().get());
        m_region.extents[s.var().get()] = s.end();
        if (!m_region.dims.empty() && m_region.dims.size() != m_region.loopSet.size())
            codegenFail(s.span(),
                        "nki_dim must be given for all loops of a tensorized instruction or for none of them");
        walk(s.body());
        m_region.loops.pop_back();
        m_region.loopSet.erase(s.var().get());
    } else {
        const std::string header = loopHeader(id, s, outermost);
        m_out->setOrigin({s.span(), {}});
        // CPython compiles at most 20 nested blocks (CO_MAXBLOCKS); a deeper
        // nest prints text that does not compile.
        if (m_forDepth == kMostNestedLoops)
            codegenFail(s.span(), "this loop is nested " + std::to_string(kMostNestedLoops + 1) +
                                      " deep in the NKI kernel, and Python compiles at most " +
                                      std::to_string(kMostNestedLoops) + " nested loops; fuse some of them");
        m_out->line(header);
        m_out->indent();
        ++m_forDepth;
        walk(s.body());
        --m_forDepth;
        m_out->dedent();
    }
    m_outermostLoop = outermost;
}

void NkiWalker::ifStmt(const IfNode& s)
{
    if (m_region.active) {
        // Inside an instruction an if is its mask (§3.6).
        if (s.elseBody()) codegenFail(s.span(), "a tensorized instruction cannot have an else branch");
        if (m_region.maskIf)
            codegenFail(s.span(), "a tensorized instruction can have only one if statement (its mask)");
        m_region.maskIf = &s;
        walk(s.thenBody());
        return;
    }
    const std::string header = ifHeader(s);
    m_out->setOrigin({s.span(), {}});
    m_out->line(header);
    m_out->indent();
    walk(s.thenBody());
    m_out->dedent();
    if (s.elseBody()) {
        m_out->setOrigin({s.span(), {}});
        m_out->line("else:");
        m_out->indent();
        walk(s.elseBody());
        m_out->dedent();
    }
}

void NkiWalker::evaluate(const EvaluateNode& s)
{
    if (constInt(s.value())) return;
    const auto* c = as<CallNode>(s.value());
    if (!c) codegenFail(s.span(), "only NKI instructions can be statements of a kernel");
    const std::string text = instruction(*c);
    m_out->setOrigin({s.span(), {}});
    if (!text.empty()) m_out->line(text);
}

} // namespace tirx
