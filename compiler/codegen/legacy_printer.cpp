#include "codegen/legacy_printer.h"

#include "codegen/codegen_error.h"
#include "codegen/nki_common.h"
#include "ir/make.h"
#include "ir/mem_space.h"

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
    const KernelSignature sig = begin(fn, out, notes);
    out.raw(kLegacyHeader);
    std::string head = "def " + sig.name + "(";
    std::string returned;
    for (const auto& p : sig.params) {
        m_tensors[p.var.get()] = p.name;
        head += p.name + (p.output ? ": nt.mutable_tensor, " : ", ");
        if (p.output) returned += (returned.empty() ? "" : ", ") + p.name;
    }
    out.setOrigin({fn.span(), {}});
    out.line(head + "):");
    out.indent();
    walk(fn.body());
    out.setOrigin({fn.span(), {}});
    out.rawNoNewline(std::string(static_cast<size_t>(out.indentation()), ' ') + "return " + returned);
    out.dedent();
}

void LegacyPrinter::allocTensor(const BindNode& s, const CallNode& c)
{
    if (c.tyArgs().empty()) codegenFail(s.span(), "an allocation without a tensor type");
    const TensorType& type = *c.tyArgs().front();
    const std::string& scope = type.scope();
    const std::vector<int64_t> shape = constShape(type, s.span());
    const std::string id = m_names.fresh(s.var()->name() + "_ptr");
    m_tensors[s.var().get()] = id;
    const std::string dtype = legacyDtype(type.dtype(), s.span());
    const std::vector<int64_t> addr = allocAddress(c);
    std::string text = id + " = nl.ndarray(shape=";
    if (isScope(scope, MemSpace::Psum)) {
        if (shape.size() != 3)
            codegenFail(s.span(), "a PSUM allocation must have 3 dimensions (bank, partition, free), not " +
                                      std::to_string(shape.size()));
        text += "[" + std::to_string(shape[0]) + ", nl.par_dim(" + std::to_string(shape[1]) + "), " +
                std::to_string(shape[2]) + "]";
    } else if (isScope(scope, MemSpace::Sbuf) || isScope(scope, MemSpace::Hbm)) {
        text += shapeList(shape);
    } else {
        codegenFail(s.span(), "unknown storage scope '" + scope + "' (NKI has global, trn.sbuf and trn.psum)");
    }
    text += ", dtype=" + dtype + ", buffer=";
    if (addr.empty()) {
        // The scope is a memory's (checked above), so its row names the buffer.
        text += std::string(memSpaceInfo(*memSpaceOf(scope))->nkiBuffer) + ")";
    } else if (isScope(scope, MemSpace::Psum)) {
        if (addr.size() != 2) codegenFail(s.span(), "a PSUM allocated_addr has 2 entries (bank, byte offset)");
        text += "ncc.psum.mod_alloc(base_bank=" + std::to_string(addr[0]) + ", base_addr=" + std::to_string(addr[1]) +
                ", num_bank_tiles=(" + std::to_string(shape[0]) + ",)))";
    } else if (isScope(scope, MemSpace::Sbuf)) {
        if (addr.size() != 1) codegenFail(s.span(), "an SBUF allocated_addr has 1 entry (byte offset)");
        text += "ncc.sbuf.mod_alloc(base_addr=" + std::to_string(addr[0]) + "))";
    } else {
        codegenFail(s.span(), "an HBM allocation cannot have an address");
    }
    m_out->line(text);
}

void LegacyPrinter::viewDeclared(const VarNode& view, const std::string& name, const std::vector<int64_t>&)
{
    m_tensors[&view] = name;
}

std::string LegacyPrinter::loopHeader(const std::string& id, const ForNode& s, bool outermost)
{
    return "for " + id + " in nl.sequential_range(" + expr(s.end()) + (outermost ? ", body_no_reorder=True):" : "):");
}

std::string LegacyPrinter::regionLoopLine(const std::string& id, const ForNode& s)
{
    return id + " = nl.arange(" + expr(s.end()) + ")";
}

std::string LegacyPrinter::ifHeader(const IfNode& s) { return "if " + expr(s.cond()) + " :"; }

} // namespace tirx
