#include "codegen/current_printer.h"

#include "codegen/codegen_error.h"
#include "codegen/free_offset.h"
#include "codegen/nki_common.h"
#include "ir/make.h"

namespace tirx {

namespace {

constexpr const char* kCurrentHeader = "import nki\n"
                                       "import nki.language as nl\n"
                                       "import nki.isa as nisa\n"
                                       "import numpy as np\n"
                                       "@nki.jit\n";

std::string shapeTuple(const std::vector<int64_t>& shape)
{
    std::string out = "(";
    for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + (shape.size() == 1 ? ",)" : ")");
}

} // namespace

std::string currentDtype(DataType dtype, const Span& span)
{
    if (dtype.lanes() != 1) codegenFail(span, "NKI has no vector types");
    switch (dtype.code()) {
    case DataType::Code::Bool: return "nl.bool_";
    case DataType::Code::Float:
        if (dtype.bits() == 16) return "nl.float16";
        if (dtype.bits() == 32) return "nl.float32";
        break;
    case DataType::Code::BFloat:
        if (dtype.bits() == 16) return "nl.bfloat16";
        break;
    case DataType::Code::Float8E4M3: return "nl.float8_e4m3";
    case DataType::Code::Float8E5M2: return "nl.float8_e5m2";
    case DataType::Code::Int:
    case DataType::Code::UInt:
        if (dtype.bits() == 1) return "nl.bool_";
        if (dtype.bits() == 8 || dtype.bits() == 16 || dtype.bits() == 32)
            return std::string(dtype.isUInt() ? "nl.uint" : "nl.int") + std::to_string(dtype.bits());
        break;
    case DataType::Code::Handle:
    case DataType::Code::Void: break;
    }
    codegenFail(span, "the current NKI API has no dtype '" + dtype.str() + "'");
}

void CurrentPrinter::print(const Function& fn, NkiWriter& out, std::vector<Diagnostic>& notes)
{
    m_out = &out;
    (void)m_names.fresh("v_");
    const KernelSignature sig = kernelSignature(fn, m_names, notes);
    out.raw(kCurrentHeader);
    std::string head = "def " + sig.name + "(";
    std::string returned;
    bool first = true;
    for (const auto& p : sig.params) {
        const TensorType& type = *p.var->tensorType();
        m_tensors[p.var.get()] = Tensor{p.name, constShape(type, p.var->span()), false, 0};
        m_root[p.var.get()] = p.var.get();
        if (p.output) {
            returned += (returned.empty() ? "" : ", ") + p.name;
            continue;
        }
        head += (first ? "" : ", ") + p.name;
        first = false;
    }
    out.setOrigin({fn.span(), {}});
    out.line(head + "):");
    out.indent();
    for (const auto& p : sig.params) {
        if (!p.output) continue;
        const TensorType& type = *p.var->tensorType();
        out.setOrigin({p.var->span(), {}});
        out.line(p.name + " = nl.ndarray(" + shapeTuple(m_tensors[p.var.get()].shape) +
                 ", dtype=" + currentDtype(type.dtype(), p.var->span()) + ", buffer=nl.shared_hbm)");
    }
    stmt(fn.body());
    out.setOrigin({fn.span(), {}});
    out.rawNoNewline(std::string(static_cast<size_t>(out.indentation()), ' ') + "return " + returned);
    out.dedent();
}

void CurrentPrinter::stmt(const Stmt& s)
{
    if (!s) return;
    m_out->setOrigin({s->span(), {}});
    switch (s->kind()) {
    case StmtKind::Seq:
        for (const auto& item : static_cast<const SeqStmtNode&>(*s).stmts()) stmt(item);
        return;
    case StmtKind::Bind: {
        const auto& b = static_cast<const BindNode&>(*s);
        if (const auto* c = as<CallNode>(b.value())) {
            if (c->op() == kAllocTensor) return allocTensor(b, *c);
            if (c->op() == kDeclTensor) return declTensor(b, *c);
        }
        codegenFail(s->span(),
                    "Trainium code generation does not support scalar bindings ('" + b.var()->name() + " = ...')");
    }
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

void CurrentPrinter::allocTensor(const BindNode& s, const CallNode& c)
{
    if (c.tyArgs().empty()) codegenFail(s.span(), "an allocation without a tensor type");
    const TensorType& type = *c.tyArgs().front();
    const std::string& scope = type.scope();
    std::vector<int64_t> shape = constShape(type, s.span());
    const std::vector<int64_t> addr = allocAddress(c);
    const std::string dtype = currentDtype(type.dtype(), s.span());
    const std::string id = m_names.fresh(s.var()->name() + "_ptr");
    Tensor t{id, shape, false, 0};
    std::string buffer;
    if (scope == "trn.psum") {
        if (shape.size() != 3)
            codegenFail(s.span(), "a PSUM allocation must have 3 dimensions (bank, partition, free), not " +
                                      std::to_string(shape.size()));
        if (addr.size() != 0 && addr.size() != 2)
            codegenFail(s.span(), "a PSUM allocated_addr has 2 entries (bank, byte offset)");
        const int64_t bankElems = kPsumBankBytes / type.dtype().bytes();
        if (shape[0] == 1) {
            t.shape = {shape[1], shape[2]};
        } else {
            t.shape = {shape[1], shape[0] * bankElems};
            t.psumBankElems = bankElems;
        }
        t.psum = true;
        buffer = "nl.psum";
        if (!addr.empty())
            buffer += ", address=(0, " +
                      std::to_string(currentFreeOffset(addr[0] * kPsumBankBytes + addr[1], type.dtype())) + ")";
    } else if (scope == "trn.sbuf") {
        if (addr.size() > 1) codegenFail(s.span(), "an SBUF allocated_addr has 1 entry (byte offset)");
        buffer = "nl.sbuf";
        if (!addr.empty()) buffer += ", address=(0, " + std::to_string(currentFreeOffset(addr[0], type.dtype())) + ")";
    } else if (scope == "global") {
        if (!addr.empty()) codegenFail(s.span(), "an HBM allocation cannot have an address");
        buffer = "nl.shared_hbm";
    } else {
        codegenFail(s.span(), "unknown storage scope '" + scope + "' (NKI has global, trn.sbuf and trn.psum)");
    }
    m_out->line(id + " = nl.ndarray(" + shapeTuple(t.shape) + ", dtype=" + dtype + ", buffer=" + buffer + ")");
    m_tensors[s.var().get()] = std::move(t);
}

void CurrentPrinter::declTensor(const BindNode& s, const CallNode& c)
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
    if (auto prev = m_paramViews.find(param); prev != m_paramViews.end() && prev->second->shape == shape) {
        m_tensors[s.var().get()] = *prev->second;
        return;
    }
    const std::string& paramName = m_tensors.at(param).name;
    const std::string name = m_names.fresh(paramName + "_buffer");
    m_out->line(name + " = " + paramName + ".reshape(" + shapeTuple(shape) + ")");
    auto& t = m_tensors[s.var().get()];
    t = Tensor{name, shape, false, 0};
    m_paramViews[param] = &t;
}

void CurrentPrinter::forLoop(const ForNode& s)
{
    if (!isConstInt(s.begin(), 0)) codegenFail(s.span(), "NKI loops must start at 0");
    if (s.step() && !isConstInt(s.step(), 1)) codegenFail(s.span(), "NKI loops must have step 1");
    const std::string id = m_names.fresh(s.var()->name());
    m_ids[s.var().get()] = id;
    if (m_region.active) {
        auto extent = constInt(s.end());
        if (!extent) codegenFail(s.end()->span(), "the loops of a tensorized instruction need constant extents");
        if (Expr dim = s.annotations().get("nki_dim")) {
            const auto* str = as<StringImmNode>(dim);
            if (!str) codegenFail(dim->span(), "nki_dim must be a string such as \"P\"");
            if (str->value() != "P" && str->value() != "F" && str->value() != "lhs_F" && str->value() != "rhs_F")
                codegenFail(dim->span(), "invalid nki_dim '" + str->value() + "' (P, F, lhs_F or rhs_F)");
            m_region.dims[s.var().get()] = str->value();
        }
        m_region.loops.push_back(s.var().get());
        m_region.loopSet.insert(s.var().get());
        m_region.extents[s.var().get()] = *extent;
        if (!m_region.dims.empty() && m_region.dims.size() != m_region.loopSet.size())
            codegenFail(s.span(),
                        "nki_dim must be given for all loops of a tensorized instruction or for none of them");
        stmt(s.body());
        m_region.loops.pop_back();
        m_region.loopSet.erase(s.var().get());
        return;
    }
    const std::string extent = expr(s.end());
    m_out->setOrigin({s.span(), {}});
    m_out->line("for " + id + " in nl.sequential_range(" + extent + "):");
    m_out->indent();
    stmt(s.body());
    m_out->dedent();
}

void CurrentPrinter::ifStmt(const IfNode& s)
{
    if (m_region.active) {
        if (s.elseBody()) codegenFail(s.span(), "a tensorized instruction cannot have an else branch");
        if (m_region.maskIf)
            codegenFail(s.span(), "a tensorized instruction can have only one if statement (its mask)");
        m_region.maskIf = &s;
        stmt(s.thenBody());
        return;
    }
    const std::string cond = expr(s.cond());
    m_out->setOrigin({s.span(), {}});
    m_out->line("if " + cond + ":");
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

void CurrentPrinter::evaluate(const EvaluateNode& s)
{
    if (constInt(s.value())) return;
    const auto* c = as<CallNode>(s.value());
    if (!c) codegenFail(s.span(), "only NKI instructions can be statements of a kernel");
    const std::string text = instruction(*c);
    m_out->setOrigin({s.span(), {}});
    m_out->line(text);
}

} // namespace tirx
