#include "nki/sim_module.h"

#include "ir/dtype.h"
#include "nki/sim_ops.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace tirx::nki {

namespace {

std::string identifierFrom(const std::string& text)
{
    std::string out;
    for (char c : text) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    // Python's keywords and the script's own names cannot name a tensor.
    static const std::set<std::string> reserved{
        "False",    "None",   "True",  "and",  "as",     "assert",   "async",   "await", "break", "class",
        "continue", "def",    "del",   "elif", "else",   "except",   "finally", "for",   "from",  "global",
        "if",       "import", "in",    "is",   "lambda", "nonlocal", "not",     "or",    "pass",  "raise",
        "return",   "try",    "while", "with", "yield",  "T",        "main",    "range"};
    // v0, v1, ... are the loops of every instruction (sim_ops.cpp).
    const bool loopName = out.size() > 1 && out[0] == 'v' && std::all_of(out.begin() + 1, out.end(), [](char c) {
                              return std::isdigit(static_cast<unsigned char>(c));
                          });
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) || reserved.count(out) || loopName)
        out = "t_" + out;
    return out;
}

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

class ModuleWriter {
public:
    ModuleWriter(const Trace& trace, const std::vector<NkiPlan>& plans, const Target& target)
        : m_trace(trace), m_plans(plans), m_target(target)
    {
    }

    SimModule build()
    {
        collectHbm();
        line("from tvm_tirx.script import tirx as T", std::nullopt);
        line("", std::nullopt);
        line("", std::nullopt);
        line("@T.function", std::nullopt);
        std::string params;
        for (const auto* list : {&m_inputs, &m_outputs}) {
            for (const auto& [key, arg] : *list) {
                if (!params.empty()) params += ", ";
                params +=
                    arg.identifier + ": T.Tensor(" + shapeText(m_paramShape[key]) + ", \"" + m_paramDtype[key] + "\")";
            }
        }
        line("def main(" + params + "):", std::nullopt);
        line("    T.func_attr({\"num_inputs\": " + std::to_string(m_inputs.size()) + "})", std::nullopt);
        for (size_t p = 0; p < m_trace.programs.size() && !m_out.error; ++p) placeOnChip(p);
        size_t emitted = 0;
        for (size_t p = 0; p < m_trace.programs.size() && !m_out.error; ++p) emitted += emitProgram(p);
        if (!emitted) line("    T.evaluate(0)", std::nullopt);
        for (auto& [key, arg] : m_outputs) m_out.outputs.push_back(arg);
        return std::move(m_out);
    }

private:
    void line(const std::string& text, std::optional<Location> loc, std::string op = {})
    {
        m_out.text += text;
        m_out.text += '\n';
        m_out.lineLocations.push_back(loc);
        m_out.lineOps.push_back(std::move(op));
    }

    std::string unique(const std::string& base)
    {
        std::string id = identifierFrom(base);
        for (int n = 1; !m_used.insert(id).second; ++n) id = identifierFrom(base) + "_" + std::to_string(n);
        return id;
    }

    void stop(std::string message, const std::optional<Location>& loc, std::string code = "unmodelled")
    {
        if (m_out.error) return;
        KernelDiagnostic d;
        d.code = std::move(code);
        d.message = std::move(message);
        if (loc && loc->valid()) {
            d.file = m_trace.fileOf(*loc);
            d.line = loc->line;
            d.column = std::max(1, loc->column);
        } else {
            d.file = m_trace.kernelFile;
        }
        m_out.error = std::move(d);
    }

    std::optional<std::string> dtypeText(const Tensor& t)
    {
        const auto dt = DataType::parse(t.dtype);
        if (!dt || dt->bits() % 8 || dt->bits() / 8 != t.dtypeBytes || dt->lanes() != 1) return std::nullopt;
        return dt->str();
    }

    // HBM tensors: the arguments (shared by every program, by name) and
    // those the kernel makes; the written ones are the outputs.
    void collectHbm()
    {
        std::set<std::string> written;
        for (const Program& prog : m_trace.programs) {
            for (const Instruction& ins : prog.instructions) {
                for (const Region& r : ins.writes) {
                    const Tensor& t = prog.tensors[static_cast<size_t>(r.tensor)];
                    if (!t.onChip()) written.insert(t.name);
                }
            }
        }
        for (const Program& prog : m_trace.programs) {
            for (const Tensor& t : prog.tensors) {
                if (t.onChip() || m_hbmKey.count(t.name)) continue;
                const bool argument = t.kind == "argument";
                if (!argument && !written.count(t.name)) continue;
                m_hbmKey[t.name] = t.name;
                SimArgument arg{t.name, unique(t.name), t.shape, t.dtype};
                std::vector<int64_t> rows{t.shape.empty() ? 1 : t.shape[0], 1};
                for (size_t d = 1; d < t.shape.size(); ++d) rows[1] *= t.shape[d];
                m_paramShape[t.name] = rows;
                const auto dt = dtypeText(t);
                m_paramDtype[t.name] = dt.value_or("float32");
                if (!dt) stop("'" + t.name + "' is " + t.dtype + ", which the simulator cannot hold", t.loc);
                // A written argument keeps its given contents: an input and an output.
                if (argument) m_out.inputs.push_back(arg);
                (argument && !written.count(t.name) ? m_inputs : m_outputs).emplace_back(t.name, arg);
            }
        }
    }

    const PlannedAllocation* planned(size_t program, int tensor, std::optional<int64_t> block) const
    {
        if (program >= m_plans.size()) return nullptr;
        const NkiPlan& plan = m_plans[program];
        for (size_t i = 0; i < plan.sources.size(); ++i) {
            if (plan.sources[i].tensor == tensor && plan.sources[i].block == block) return &plan.plan.allocations[i];
        }
        return nullptr;
    }

    void placeOnChip(size_t p)
    {
        const Program& prog = m_trace.programs[p];
        auto& slots = m_slots[p];
        for (const Tensor& t : prog.tensors) {
            if (!t.onChip()) continue;
            const int64_t blocks = t.blocks ? t.blocks->count : 1;
            for (int64_t b = 0; b < blocks && !m_out.error; ++b) {
                const std::optional<int64_t> block = t.blocks ? std::optional<int64_t>(b) : std::nullopt;
                std::optional<Address> at = t.blocks ? t.blocks->addresses[static_cast<size_t>(b)] : t.address;
                SimTensor st{p, t.id, block, t.name, "", at ? "explicit" : "private", t.buffer, {}, {}};
                if (!at) {
                    const PlannedAllocation* a = planned(p, t.id, block);
                    if (a && a->offset && a->sizeError.empty()) {
                        const int64_t byte =
                            t.buffer == "psum" ? a->bank.value_or(0) * m_target.psumBankBytes + *a->offset : *a->offset;
                        at = Address{t.partitions.begin, byte};
                        st.placement = "modelled";
                    }
                }
                std::string base = (m_trace.programs.size() > 1 ? "p" + std::to_string(p) + "_" : "") + t.name;
                if (block) base += "_b" + std::to_string(*block);
                if (at) {
                    st.partition = at->partition;
                    st.byte = at->byte;
                }
                // Tiles made again and again at one place (a loop's) are one
                // allocation of the module: the same bytes seen the same way.
                const std::string key = at ? t.buffer + ":" + std::to_string(t.partitions.begin) + ":" +
                                                 std::to_string(t.partitions.end) + ":" + std::to_string(at->byte) +
                                                 ":" + std::to_string(t.bytesPerPartition) + ":" + t.dtype
                                           : std::string();
                std::string why;
                if (const auto same = m_placed.find(key); !key.empty() && same != m_placed.end()) {
                    st.identifier = same->second.first;
                    why = same->second.second;
                } else {
                    st.identifier = unique(base);
                    // A tensor the simulator cannot hold stops the run only when an instruction uses it.
                    why = declare(t, st, at);
                    if (!key.empty()) m_placed[key] = {st.identifier, why};
                }
                if (!why.empty()) st.placement = "none";
                slots[{t.id, block}] = SimSlot{st.identifier, t.buffer == "psum", false, t.partitions.begin, why};
                m_out.tensors.push_back(std::move(st));
            }
        }
    }

    // Writes the allocation; else says why the simulator cannot hold the tensor.
    std::string declare(const Tensor& t, const SimTensor& st, const std::optional<Address>& at)
    {
        const auto dt = dtypeText(t);
        if (!dt) return "'" + t.name + "' is " + t.dtype + ", which the simulator cannot hold";
        const int64_t rowElems = t.dtypeBytes > 0 ? t.bytesPerPartition / t.dtypeBytes : 0;
        const int64_t parts = t.partitions.end;
        const bool psum = t.buffer == "psum";
        const std::string type =
            "T.Tensor(" +
            shapeText(psum ? std::vector<int64_t>{1, parts, rowElems} : std::vector<int64_t>{parts, rowElems}) +
            ", \"" + *dt + "\", scope=\"trn." + t.buffer + "\")";
        std::string where;
        if (at && psum) {
            const int64_t bank = at->byte / m_target.psumBankBytes;
            const int64_t offset = at->byte % m_target.psumBankBytes;
            if (offset + t.bytesPerPartition > m_target.psumBankBytes)
                return "'" + t.name + "' (" + std::to_string(t.bytesPerPartition) + " bytes per partition at byte " +
                       std::to_string(offset) + " of bank " + std::to_string(bank) +
                       ") runs past its PSUM bank; the simulator holds a PSUM tile within one bank";
            where = "(" + std::to_string(bank) + ", " + std::to_string(offset) + "), ";
        } else if (at) {
            where = "(" + std::to_string(at->byte) + ",), ";
        } else if (psum && t.bytesPerPartition > m_target.psumBankBytes) {
            return "'" + t.name +
                   "' needs more than one PSUM bank per partition; the simulator holds a PSUM tile "
                   "within one bank";
        }
        line("    " + st.identifier + " = T.alloc_tensor(" + where + "ty_args=[" + type + "])", t.loc);
        return {};
    }

    std::variant<const SimSlot*, std::string> slotOf(size_t p, const Region& r)
    {
        const Program& prog = m_trace.programs[p];
        const Tensor& t = prog.tensors[static_cast<size_t>(r.tensor)];
        if (!r.inexact.empty())
            return "it accesses '" + t.name +
                   "' in an order the simulator cannot follow element for element: " + r.inexact;
        if (!t.onChip()) {
            const auto key = m_hbmKey.find(t.name);
            if (key == m_hbmKey.end()) return "'" + t.name + "' is an HBM tensor the kernel neither takes nor writes";
            auto& slot = m_hbmSlots[t.name];
            slot.hbm = true;
            for (const auto* list : {&m_inputs, &m_outputs}) {
                for (const auto& [k, arg] : *list) {
                    if (k == t.name) slot.identifier = arg.identifier;
                }
            }
            return &slot;
        }
        if (t.blocks && !r.block) return "'" + t.name + "' is a block tile indexed by something other than integers";
        const auto it = m_slots[p].find({t.id, t.blocks ? r.block : std::nullopt});
        if (it == m_slots[p].end()) return "'" + t.name + "' has no placement";
        if (!it->second.unusable.empty()) return it->second.unusable;
        return &it->second;
    }

    size_t emitProgram(size_t p)
    {
        const Program& prog = m_trace.programs[p];
        size_t emitted = 0;
        const SlotOf slots = [&](const Region& r) { return slotOf(p, r); };
        for (const Instruction& ins : prog.instructions) {
            auto calls = translateInstruction(ins, slots);
            if (auto* why = std::get_if<std::string>(&calls)) {
                stop(*why, ins.loc);
                return emitted;
            }
            for (const SimCall& call : std::get<std::vector<SimCall>>(calls)) {
                for (const auto& text : callText(call, 4)) line(text, ins.loc, ins.op);
                ++emitted;
            }
        }
        if (prog.truncated)
            stop("the trace of this program was cut short (the record cap); the run would be partial", std::nullopt,
                 "limit");
        return emitted;
    }

    const Trace& m_trace;
    const std::vector<NkiPlan>& m_plans;
    const Target& m_target;
    SimModule m_out;
    std::set<std::string> m_used;
    std::map<std::string, std::string> m_hbmKey;
    std::map<std::string, std::vector<int64_t>> m_paramShape;
    std::map<std::string, std::string> m_paramDtype;
    std::vector<std::pair<std::string, SimArgument>> m_inputs, m_outputs;
    std::map<std::string, SimSlot> m_hbmSlots;
    std::map<std::string, std::pair<std::string, std::string>> m_placed; // place -> identifier, why unusable
    std::map<size_t, std::map<std::pair<int, std::optional<int64_t>>, SimSlot>> m_slots;
};

} // namespace

SimModule buildSimModule(const Trace& trace, const std::vector<NkiPlan>& plans, const Target& target)
{
    return ModuleWriter(trace, plans, target).build();
}

} // namespace tirx::nki
