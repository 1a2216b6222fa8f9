#include "codegen/legacy_printer.h"

#include "codegen/codegen_error.h"
#include "codegen/nki_common.h"
#include "ir/make.h"

namespace tirx {

namespace {

constexpr const char* kLegacyHeader = "import neuronxcc.nki.language as nl\n"
                                      "from neuronxcc.nki import baremetal, benchmark, simulate_kernel, trace\n"
                                      "import numpy as np\n"
                                      "import neuronxcc.nki.isa as nisa\n"
                                      "import math\n"
                                      "import neuronxcc.nki as nki\n"
                                      "import neuronxcc.nki.typing as nt\n"
                                      "import neuronxcc.nki.compiler as ncc\n"
                                      "@nki.compiler.enable_stack_allocator\n"
                                      "@nki.compiler.skip_middle_end_transformations\n"
                                      "@baremetal(experimental_flags='enable-mutable-parameter', "
                                      "additional_compile_opt='--internal-skip-backend-allocation-opt-nki')\n";

} // namespace

std::string legacyDtype(DataType dtype, const Span& span)
{
    if (dtype.lanes() != 1) codegenFail(span, "Trainium code generation does not support vector types");
    switch (dtype.code()) {
    case DataType::Code::Bool: return "np.bool";
    case DataType::Code::Float:
        if (dtype.bits() == 16) return "np.float16";
        if (dtype.bits() == 32) return "np.float32";
        break;
    case DataType::Code::BFloat:
        if (dtype.bits() == 16) return "nl.bfloat16";
        break;
    case DataType::Code::Int:
    case DataType::Code::UInt: {
        if (dtype.bits() == 1) return "np.bool";
        const std::string prefix = dtype.isUInt() ? "np.uint" : "np.int";
        if (dtype.bits() == 8 || dtype.bits() == 16 || dtype.bits() == 32 || dtype.bits() == 64)
            return prefix + std::to_string(dtype.bits());
        break;
    }
    case DataType::Code::Float8E4M3:
    case DataType::Code::Float8E5M2:
    case DataType::Code::Handle:
    case DataType::Code::Void: break;
    }
    codegenFail(span, "Trainium code generation does not support dtype '" + dtype.str() + "'");
}

void LegacyPrinter::print(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes)
{
    m_out = &out;
    (void)m_names.fresh("v_");
    const KernelSignature sig = kernelSignature(fn, m_names, notes);
    out.raw(kLegacyHeader);
    std::string head = "def " + sig.name + "(";
    std::string returned;
    for (const auto& p : sig.params) {
        m_ids[p.var.get()] = p.name;
        m_root[p.var.get()] = p.var.get();
        head += p.name + (p.output ? ": nt.mutable_tensor, " : ", ");
        if (p.output) returned += (returned.empty() ? "" : ", ") + p.name;
    }
    out.setOrigin({fn.span(), {}});
    out.line(head + "):");
    out.indent();
    stmt(fn.body());
    out.setOrigin({fn.span(), {}});
    out.rawNoNewline(std::string(static_cast<size_t>(out.indentation()), ' ') + "return " + returned);
    out.dedent();
}

void LegacyPrinter::stmt(const Stmt& s)
{
    if (!s) return;
    m_out->setOrigin({s->span(), {}});
    switch (s->kind()) {
    case StmtKind::Seq:
        for (const auto& item : static_cast<const SeqStmtNode&>(*s).stmts()) stmt(item);
        return;
    case StmtKind::Bind: return bind(static_cast<const BindNode&>(*s));
    case StmtKind::TensorStore:
        codegenFail(s->span(), "Trainium code generation does not support tensor stores; use T.nki instructions");
    case StmtKind::Evaluate: return evaluate(static_cast<const EvaluateNode&>(*s));
    case StmtKind::For: return forLoop(static_cast<const ForNode&>(*s));
    case StmtKind::If: return ifStmt(static_cast<const IfNode&>(*s));
    case StmtKind::Region: {
        const auto& r = static_cast<const RegionNode&>(*s);
        if (r.op() != kTensorizedInstruction) return stmt(r.body());
        m_region = Region{};
        m_region.active = true;
        stmt(r.body());
        m_region.active = false;
        return;
    }
    case StmtKind::While: codegenFail(s->span(), "Trainium code generation does not support while loops");
    case StmtKind::Break:
    case StmtKind::Continue: codegenFail(s->span(), "Trainium code generation does not support break or continue");
    case StmtKind::Assert: codegenFail(s->span(), "Trainium code generation does not support assertions");
    }
}

void LegacyPrinter::bind(const BindNode& s)
{
    if (const auto* c = as<CallNode>(s.value())) {
        if (c->op() == kAllocTensor) return allocTensor(s, *c);
        if (c->op() == kDeclTensor) return declTensor(s, *c);
    }
    codegenFail(s.span(),
                "Trainium code generation does not support scalar bindings ('" + s.var()->name() + " = ...')");
}

void LegacyPrinter::allocTensor(const BindNode& s, const CallNode& c)
{
    if (c.tyArgs().empty()) codegenFail(s.span(), "an allocation without a tensor type");
    const TensorType& type = *c.tyArgs().front();
    const std::string& scope = type.scope();
    const std::vector<int64_t> shape = constShape(type, s.span());
    const std::string id = m_names.fresh(s.var()->name() + "_ptr");
    m_ids[s.var().get()] = id;
    const std::string dtype = legacyDtype(type.dtype(), s.span());

    const std::vector<int64_t> addr = allocAddress(c);
    std::string text = id + " = nl.ndarray(shape=";
    if (scope == "trn.psum") {
        if (shape.size() != 3)
            codegenFail(s.span(), "a PSUM allocation must have 3 dimensions (bank, partition, free), not " +
                                      std::to_string(shape.size()));
        text += "[" + std::to_string(shape[0]) + ", nl.par_dim(" + std::to_string(shape[1]) + "), " +
                std::to_string(shape[2]) + "]";
    } else if (scope == "trn.sbuf" || scope == "global") {
        text += shapeList(shape);
    } else {
        codegenFail(s.span(), "unknown storage scope '" + scope + "' (NKI has global, trn.sbuf and trn.psum)");
    }
    text += ", dtype=" + dtype + ", buffer=";
    if (addr.empty()) {
        text += scope == "trn.psum" ? "nl.psum)" : scope == "trn.sbuf" ? "nl.sbuf)" : "nl.hbm)";
    } else if (scope == "trn.psum") {
        if (addr.size() != 2) codegenFail(s.span(), "a PSUM allocated_addr has 2 entries (bank, byte offset)");
        text += "ncc.psum.mod_alloc(base_bank=" + std::to_string(addr[0]) + ", base_addr=" + std::to_string(addr[1]) +
                ", num_bank_tiles=(" + std::to_string(shape[0]) + ",)))";
    } else if (scope == "trn.sbuf") {
        if (addr.size() != 1) codegenFail(s.span(), "an SBUF allocated_addr has 1 entry (byte offset)");
        text += "ncc.sbuf.mod_alloc(base_addr=" + std::to_string(addr[0]) + "))";
    } else {
        codegenFail(s.span(), "an HBM allocation cannot have an address");
    }
    m_out->line(text);
}

void LegacyPrinter::declTensor(const BindNode& s, const CallNode& c)
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
    if (auto prev = m_paramViews.find(param);
        prev != m_paramViews.end() && prev->second.shape == shape && prev->second.dtype == type.dtype()) {
        m_views[s.var().get()] = prev->second.name;
        return;
    }
    const std::string& paramName = m_ids.at(param);
    const std::string name = m_names.fresh(paramName + "_buffer");
    m_views[s.var().get()] = name;
    m_paramViews[param] = ParamView{name, shape, type.dtype()};
    m_out->line(name + " = " + paramName + ".reshape(" + shapeList(shape) + ")");
}

void LegacyPrinter::forLoop(const ForNode& s)
{
    const bool outermost = m_outermostLoop;
    m_outermostLoop = false;
    if (!isConstInt(s.begin(), 0)) codegenFail(s.span(), "NKI loops must start at 0");
    if (s.step() && !isConstInt(s.step(), 1)) codegenFail(s.span(), "NKI loops must have step 1");
    const std::string extent = expr(s.end());
    m_out->setOrigin({s.span(), {}});
    const std::string id = m_names.fresh(s.var()->name());
    m_ids[s.var().get()] = id;
    if (m_region.active) {
        m_out->line(id + " = nl.arange(" + extent + ")");
        if (Expr dim = s.annotations().get("nki_dim")) {
            const auto* str = as<StringImmNode>(dim);
            if (!str) codegenFail(dim->span(), "nki_dim must be a string such as \"P\"");
            if (str->value() != "P" && str->value() != "F" && str->value() != "lhs_F" && str->value() != "rhs_F")
                codegenFail(dim->span(), "invalid nki_dim '" + str->value() + "' (P, F, lhs_F or rhs_F)");
            m_region.dims[s.var().get()] = str->value();
        }
        m_region.loopVars.insert(s.var().get());
        if (!m_region.dims.empty() && m_region.dims.size() != m_region.loopVars.size())
            codegenFail(s.span(),
                        "nki_dim must be given for all loops of a tensorized instruction or for none of them");
        stmt(s.body());
        m_region.loopVars.erase(s.var().get());
    } else {
        m_out->line("for " + id + " in nl.sequential_range(" + extent +
                    (outermost ? ", body_no_reorder=True):" : "):"));
        m_out->indent();
        stmt(s.body());
        m_out->dedent();
    }
    m_outermostLoop = outermost;
}

void LegacyPrinter::ifStmt(const IfNode& s)
{
    if (m_region.active) {
        if (s.elseBody()) codegenFail(s.span(), "a tensorized instruction cannot have an else branch");
        if (m_region.mask) codegenFail(s.span(), "a tensorized instruction can have only one if statement (its mask)");
        m_region.mask = s.cond();
        m_region.maskIf = &s;
        stmt(s.thenBody());
        return;
    }
    const std::string cond = expr(s.cond());
    m_out->setOrigin({s.span(), {}});
    m_out->line("if " + cond + " :");
    m_out->indent();
    stmt(s.thenBody());
    m_out->dedent();
    if (s.elseBody()) {
        m_out->setOrigin({s.span(), {}});
        m_out->line("else:");
        m_out->indent();
        stmt(s.elseBody());
        m_out->dedent();
    }
}

void LegacyPrinter::evaluate(const EvaluateNode& s)
{
    if (constInt(s.value())) return;
    const auto* c = as<CallNode>(s.value());
    const std::string text = c ? instruction(*c) : expr(s.value());
    m_out->setOrigin({s.span(), {}});
    if (!text.empty()) m_out->line(text);
}

} // namespace tirx
