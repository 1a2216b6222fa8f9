#include "codegen/current_printer.h"

#include "codegen/codegen_error.h"
#include "codegen/free_offset.h"
#include "codegen/nki_common.h"
#include "codegen/uniform_tiles.h"
#include "ir/make.h"
#include "ir/mem_space.h"

#include <algorithm>

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
    const KernelSignature sig = begin(fn, out, notes);
    m_accumulation = planAccumulation(fn.body(), fn.span());
    m_uniform = uniformTiles(fn.body());
    // nki.jit chooses how to run a kernel (NumPy, PyTorch or JAX) from the
    // arguments it is called with (NKI API, "nki.jit"; NKI 0.3.0 migration
    // guide, "nki.jit(mode=...)"): a kernel without any has nothing to choose
    // from, and SDKs from 2.28 on refuse to launch it. Outputs are made
    // inside the kernel, so only inputs count.
    if (std::none_of(sig.params.begin(), sig.params.end(), [](const KernelParam& p) { return !p.output; })) {
        // The kernel's other refusals too: fixing this one should not only reveal the next.
        std::vector<Diagnostic> refused;
        for (const auto& [call, d] : m_accumulation.errors) refused.push_back(d);
        std::sort(refused.begin(), refused.end(), [](const Diagnostic& a, const Diagnostic& b) {
            return std::pair(a.span.line, a.span.column) < std::pair(b.span.line, b.span.column);
        });
        notes.insert(notes.end(), refused.begin(), refused.end());
        codegenFail(fn.span(), kNoArgumentsMessage);
    }
    out.raw(kCurrentHeader);
    std::string head = "def " + sig.name + "(";
    std::string returned;
    bool first = true;
    for (const auto& p : sig.params) {
        m_tensors[p.var.get()] = Tensor{p.name, constShape(*p.var->tensorType(), p.var->span()), false, 0};
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
        out.setOrigin({p.var->span(), {}});
        out.line(p.name + " = nl.ndarray(" + shapeTuple(m_tensors[p.var.get()].shape) +
                 ", dtype=" + currentDtype(p.var->tensorType()->dtype(), p.var->span()) + ", buffer=nl.shared_hbm)");
    }
    walk(fn.body());
    out.setOrigin({fn.span(), {}});
    out.rawNoNewline(std::string(static_cast<size_t>(out.indentation()), ' ') + "return " + returned);
    out.dedent();
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
    Tensor t{id, shape, false, 0, isOnChipScope(scope)};
    std::string buffer;
    if (isScope(scope, MemSpace::Psum)) {
        if (shape.size() != 3)
            codegenFail(s.span(), "a PSUM allocation must have 3 dimensions (bank, partition, free), not " +
                                      std::to_string(shape.size()));
        if (addr.size() != 0 && addr.size() != 2)
            codegenFail(s.span(), "a PSUM allocated_addr has 2 entries (bank, byte offset)");
        const int64_t bankElems = kPsumBankBytes / type.dtype().bytes();
        if (shape[0] == 1) {
            t.shape = {shape[1], shape[2]};
        } else if (!m_neuronCoreV4) {
            // nki.language.tile_size: psum_bank_fmax_bytes per partition;
            // nki.isa.nc_matmul writes past one bank only from NeuronCore-v4 on.
            codegenFail(s.span(), "'" + s.var()->name() + "' spans " + std::to_string(shape[0]) +
                                      " PSUM banks; before NeuronCore-v4 an nki.jit PSUM tile holds one 2 KiB bank per "
                                      "partition (nki.language.tile_size), so it has no nki.jit form here: print it "
                                      "with --api legacy, or for a trn3 target");
        } else {
            t.shape = {shape[1], shape[0] * bankElems};
            t.psumBankElems = bankElems;
        }
        t.psum = true;
        buffer = "nl.psum";
        if (!addr.empty())
            buffer += ", address=(0, " +
                      std::to_string(currentFreeOffset(addr[0] * kPsumBankBytes + addr[1], type.dtype())) + ")";
    } else if (isScope(scope, MemSpace::Sbuf)) {
        if (addr.size() > 1) codegenFail(s.span(), "an SBUF allocated_addr has 1 entry (byte offset)");
        buffer = "nl.sbuf";
        if (!addr.empty()) buffer += ", address=(0, " + std::to_string(currentFreeOffset(addr[0], type.dtype())) + ")";
    } else if (isScope(scope, MemSpace::Hbm)) {
        if (!addr.empty()) codegenFail(s.span(), "an HBM allocation cannot have an address");
        buffer = "nl.shared_hbm";
    } else {
        codegenFail(s.span(), "unknown storage scope '" + scope + "' (NKI has global, trn.sbuf and trn.psum)");
    }
    m_out->line(id + " = nl.ndarray(" + shapeTuple(t.shape) + ", dtype=" + dtype + ", buffer=" + buffer + ")");
    m_tensors[s.var().get()] = std::move(t);
}

void CurrentPrinter::viewDeclared(const VarNode& view, const std::string& name, const std::vector<int64_t>& shape)
{
    m_tensors[&view] = Tensor{name, shape, false, 0};
}

// Python's own range: the nki.language page calls nl.sequential_range an
// alias of it, marked deprecated ("Prefer using range() directly").
std::string CurrentPrinter::loopHeader(const std::string& id, const ForNode& s, bool)
{
    return "for " + id + " in range(" + expr(s.end()) + "):";
}

// The access patterns carry the extents: an instruction's loops print nothing.
std::string CurrentPrinter::regionLoopLine(const std::string&, const ForNode& s)
{
    if (!constInt(s.end())) codegenFail(s.end()->span(), "the loops of a tensorized instruction need constant extents");
    return {};
}

std::string CurrentPrinter::ifHeader(const IfNode& s) { return "if " + expr(s.cond()) + ":"; }

} // namespace tirx
