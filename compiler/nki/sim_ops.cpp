#include "nki/sim_ops.h"

#include "ir/callables.h"

#include <cmath>
#include <cstdio>

namespace tirx::nki {

namespace {

using Result = std::variant<std::vector<SimCall>, std::string>;

std::string floatText(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    std::string s = buf;
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return "T.float32(" + s + ")";
}

std::string boolText(bool v) { return v ? "T.bool(True)" : "T.bool(False)"; }
std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// The opcode text of the op table for an NKI function name ("add",
// "maximum", "exp"), among those the simulator computes.
std::optional<std::string> opcodeFor(const std::string& nkiName, OpcodeUse use)
{
    for (const auto& info : opcodes()) {
        if (!info.lowered || !accepts(info.uses, use)) continue;
        const auto dot = info.nkiFunction.rfind('.');
        const auto fn = dot == std::string_view::npos ? info.nkiFunction : info.nkiFunction.substr(dot + 1);
        if (fn == nkiName || info.text == nkiName) return std::string(info.text);
    }
    return std::nullopt;
}

bool isTrue(const ArgValue* a) { return a && a->kind == ArgValue::Kind::Bool && a->number != 0.0; }
bool isNumber(const ArgValue* a) { return a && (a->kind == ArgValue::Kind::Number || a->kind == ArgValue::Kind::Bool); }
std::string name(const ArgValue* a) { return a && a->kind == ArgValue::Kind::Text ? a->text : std::string(); }

// Builds one call: the first added operand defines the loops.
class Builder {
public:
    Builder(const SlotOf& slotOf, std::string op) : m_slotOf(slotOf) { m_call.op = std::move(op); }

    // Adds a region; an empty message on success.
    std::string operand(const Region& r)
    {
        auto slot = m_slotOf(r);
        if (auto* why = std::get_if<std::string>(&slot)) return *why;
        const SimSlot* s = std::get<const SimSlot*>(slot);
        const OperandPattern p = patternOf(r, s->partitionBase);
        if (p.elements() == 0) m_empty = true;
        if (m_call.slots.empty()) {
            m_call.space = IterationSpace(p);
        } else if (!m_call.space.add(p)) {
            return "operands of " + std::to_string(m_call.space.operands().front().terms.size()) + "-loop shape and " +
                   std::to_string(p.elements()) + " elements do not match element for element";
        }
        m_call.slots.push_back(s);
        m_call.args.emplace_back(m_call.slots.size() - 1);
        return {};
    }
    // Adds literal text as the next argument.
    void literal(std::string text) { m_call.args.emplace_back(std::move(text)); }
    // Puts the arguments in signature order: order[i] is the argument
    // added i-th that goes i-th (the space's operand order, whose first
    // operand defines the loops, may differ from the signature's).
    void reorder(const std::vector<size_t>& order)
    {
        std::vector<std::variant<size_t, std::string>> args;
        args.reserve(order.size());
        for (size_t i : order) args.push_back(m_call.args[i]);
        m_call.args = std::move(args);
    }
    [[nodiscard]] bool empty() const { return m_empty; }
    [[nodiscard]] SimCall take() { return std::move(m_call); }
    SimCall& call() { return m_call; }

private:
    const SlotOf& m_slotOf;
    SimCall m_call;
    bool m_empty = false;
};

// Either a tensor region or a constant as one scalar-or-tensor operand.
struct Value {
    const Region* region = nullptr;
    std::optional<double> constant;
};

class Translator {
public:
    Translator(const Instruction& ins, const SlotOf& slotOf) : m_ins(ins), m_slotOf(slotOf) {}

    Result run()
    {
        const std::string& op = m_ins.op;
        if (m_ins.writes.empty()) return unmodelled("writes no tensor");
        if (op == "nisa.dma_copy" || op == "nisa.tensor_copy" || op == "nl.load" || op == "nl.store" || op == "nl.copy")
            return copy(m_ins.writes[0], readAt(0));
        if (op == "=") return m_ins.reads.empty() ? memset(constantArg("value")) : copy(m_ins.writes[0], readAt(0));
        if (op == "+=" || op == "-=" || op == "*=") return assignOp();
        if (op == "nisa.memset" || op == "nl.zeros" || op == "nl.ones" || op == "nl.full" || op == "nl.zeros_like")
            return memset(constantArg("value"));
        if (op == "nisa.tensor_tensor") return binary(name(m_ins.arg("op")), named("data1"), named("data2"));
        if (op == "nisa.tensor_scalar") return tensorScalar();
        if (op == "nisa.reciprocal" || op == "nl.reciprocal") return unary("reciprocal", readAt(0));
        if (op == "nisa.activation" || op == "nisa.activation_reduce") return activation();
        if (op == "nisa.tensor_reduce") return reduce(name(m_ins.arg("op")), named("data"));
        if (op == "nisa.nc_matmul") return matmul(named("stationary"), named("moving"), true);
        if (op == "nl.matmul") return matmul(readAt(0), readAt(1), isTrue(m_ins.arg("transpose_x")));
        if (op == "nisa.nc_transpose" || op == "nl.transpose") return transpose(readAt(0));
        if (op.rfind("nl.", 0) == 0) return legacy(op.substr(3));
        return unmodelled("");
    }

private:
    Result unmodelled(const std::string& why) const
    {
        return m_ins.op + " is not modelled by the simulator" + (why.empty() ? "" : ": " + why);
    }

    const Region* readAt(size_t i) const { return i < m_ins.reads.size() ? &m_ins.reads[i] : nullptr; }
    const Region* named(const char* param) const
    {
        if (m_ins.operands.empty()) return positional(param);
        const OperandRef* r = m_ins.operand(param);
        if (!r || r->count != 1) return nullptr;
        const auto& list = r->write ? m_ins.writes : m_ins.reads;
        return &list[r->first];
    }
    // The legacy nisa.* calls name no operands: their tiles are recorded
    // in call order (data first; then a bias or an operand0 tile; the
    // reduction result second among the writes).
    const Region* positional(std::string_view param) const
    {
        if (param == "reduce_res") return m_ins.writes.size() > 1 ? &m_ins.writes[1] : nullptr;
        if (param == "data" || param == "data1" || param == "stationary") return readAt(0);
        if (param == "data2" || param == "moving" || param == "bias") return readAt(1);
        if (param == "operand0") return constantArg("operand0") ? nullptr : readAt(1);
        return nullptr;
    }
    std::optional<double> constantArg(const char* param) const
    {
        const ArgValue* a = m_ins.arg(param);
        return isNumber(a) ? std::optional<double>(a->number) : std::nullopt;
    }
    Value valueOf(const char* param) const
    {
        if (const Region* r = named(param)) return {r, {}};
        return {nullptr, constantArg(param)};
    }

    // Adds each region in turn; the call, or the first failure.
    Result finish(Builder& b, std::initializer_list<const Region*> regions)
    {
        for (const Region* r : regions) {
            if (!r) return unmodelled("an operand the trace does not name");
            if (auto why = b.operand(*r); !why.empty()) return unmodelled(why);
        }
        return done(b);
    }
    Result done(Builder& b)
    {
        if (b.empty()) return std::vector<SimCall>{};
        return std::vector<SimCall>{b.take()};
    }
    std::string add(Builder& b, const Region* r) { return r ? b.operand(*r) : "an operand the trace does not name"; }

    Result copy(const Region& dst, const Region* src)
    {
        if (!src) return unmodelled("a copy without a source tensor");
        auto d = m_slotOf(dst);
        auto s = m_slotOf(*src);
        if (auto* why = std::get_if<std::string>(&d)) return unmodelled(*why);
        if (auto* why = std::get_if<std::string>(&s)) return unmodelled(*why);
        const bool toHbm = std::get<const SimSlot*>(d)->hbm;
        const bool fromHbm = std::get<const SimSlot*>(s)->hbm;
        if (toHbm && fromHbm) return unmodelled("a copy from HBM to HBM");
        Builder b(m_slotOf, toHbm ? "store" : fromHbm ? "load" : "tensor_copy");
        return finish(b, {&dst, src});
    }

    Result memset(std::optional<double> value)
    {
        if (!value || !std::isfinite(*value)) return unmodelled("a fill value that is not a finite number");
        Builder b(m_slotOf, "memset");
        if (auto why = b.operand(m_ins.writes[0]); !why.empty()) return unmodelled(why);
        b.literal(floatText(*value));
        return done(b);
    }

    Result binary(const std::string& fn, const Region* x, const Region* y)
    {
        const auto opcode = opcodeFor(fn, OpcodeUse::Alu);
        if (!opcode) return unmodelled("the ALU op '" + fn + "'");
        Builder b(m_slotOf, "tensortensor");
        auto result = finish(b, {&m_ins.writes[0], x, y});
        if (auto* calls = std::get_if<std::vector<SimCall>>(&result); calls && !calls->empty())
            calls->front().args.emplace_back(quoted(*opcode));
        return result;
    }

    // result = x op c (c op x when reversed), c a constant or per-partition tile.
    Result scalarOp(const std::string& fn, const Region* x, const Value& c, bool reverse)
    {
        const auto opcode = opcodeFor(fn, OpcodeUse::Alu);
        if (!opcode) return unmodelled("the ALU op '" + fn + "'");
        if (!c.region && (!c.constant || !std::isfinite(*c.constant)))
            return unmodelled("a scalar operand that is neither a number nor a tile");
        Builder b(m_slotOf, "tensorscalar");
        if (auto why = b.operand(m_ins.writes[0]); !why.empty()) return unmodelled(why);
        if (auto why = add(b, x); !why.empty()) return unmodelled(why);
        if (c.region) {
            if (auto why = b.operand(*c.region); !why.empty()) return unmodelled(why);
        } else {
            b.literal(floatText(*c.constant));
        }
        b.literal(quoted(*opcode));
        b.literal(boolText(reverse));
        return done(b);
    }

    Result tensorScalar()
    {
        const Value v0 = valueOf("operand0");
        if (m_ins.arg("op1") || m_ins.operand("operand1"))
            return unmodelled("two chained ops (op1=); write them as two tensor_scalar calls");
        return scalarOp(name(m_ins.arg("op0")), named("data"), v0, isTrue(m_ins.arg("reverse0")));
    }

    Result unary(const char* op, const Region* x)
    {
        Builder b(m_slotOf, op);
        return finish(b, {&m_ins.writes[0], x});
    }

    Result activation()
    {
        const std::string fn = name(m_ins.arg("op"));
        const auto opcode = opcodeFor(fn, OpcodeUse::Activation);
        if (!opcode) return unmodelled("the activation function '" + fn + "'");
        if (m_ins.operand("scale") || (m_ins.operands.empty() && !m_ins.arg("scale") && m_ins.reads.size() > 1))
            return unmodelled("a scale tile (scale= a tensor)");
        const double scale = constantArg("scale").value_or(1.0);
        const Region* reduceRes = named("reduce_res");
        const std::string reduceFn = name(m_ins.arg("reduce_op"));
        if (m_ins.arg("reduce_cmd")) return unmodelled("reduce_cmd=");
        const Region* data = named("data");
        const Region* bias = named("bias");
        Builder b(m_slotOf, reduceRes ? "activation_reduce" : "activation");
        std::vector<size_t> order;
        if (auto why = b.operand(m_ins.writes[0]); !why.empty()) return unmodelled(why);
        if (auto why = add(b, data); !why.empty()) return unmodelled(why);
        if (reduceRes) {
            const auto reduceOp = opcodeFor(reduceFn, OpcodeUse::NkiReduce);
            if (!reduceOp) return unmodelled("the reduce op '" + reduceFn + "'");
            if (auto why = b.operand(*reduceRes); !why.empty()) return unmodelled(why);
            b.literal(quoted(*opcode));
            b.literal(quoted(*reduceOp));
            order = {2, 0, 1, 3, 4, 5}; // reduce_res, act_res, data, opcode, reduce_opcode, bias
        } else {
            b.literal(quoted(*opcode));
            order = {0, 1, 2, 3}; // result, data, opcode, bias
        }
        if (bias) {
            if (auto why = b.operand(*bias); !why.empty()) return unmodelled(why);
        } else {
            b.literal(floatText(0.0));
        }
        b.literal(floatText(scale));
        order.push_back(order.size());
        b.reorder(order);
        return done(b);
    }

    Result reduce(const std::string& fn, const Region* data)
    {
        const auto opcode = opcodeFor(fn, OpcodeUse::NkiReduce);
        if (!opcode) return unmodelled("the reduce op '" + fn + "'");
        if (!data) return unmodelled("a reduction without a data tile");
        Builder b(m_slotOf, "tensorreduce");
        if (auto why = b.operand(*data); !why.empty()) return unmodelled(why);
        if (auto why = b.operand(m_ins.writes[0]); !why.empty())
            return unmodelled("a reduction over part of the free axes (" + why + ")");
        b.literal(quoted(*opcode));
        b.literal(boolText(isTrue(m_ins.arg("negate"))));
        b.literal("1");
        b.reorder({1, 0, 2, 3, 4});
        return done(b);
    }

    // res[m, n] (+)= Σ_k lhs[k, m] · rhs[k, n]; with `stationary` false the
    // first operand is [m, k] (legacy nl.matmul without transpose_x).
    Result matmul(const Region* lhs, const Region* rhs, bool stationary)
    {
        if (!lhs || !rhs) return unmodelled("a matmul without both operands");
        if (isTrue(m_ins.arg("is_transpose"))) return unmodelled("is_transpose=True");
        const Region& res = m_ins.writes[0];
        std::vector<std::pair<const Region*, const SimSlot*>> ops;
        for (const Region* r : {&res, lhs, rhs}) {
            auto slot = m_slotOf(*r);
            if (auto* why = std::get_if<std::string>(&slot)) return unmodelled(*why);
            ops.emplace_back(r, std::get<const SimSlot*>(slot));
        }
        // Each operand as (partition step, count) and one free (stride, count).
        struct Axes {
            int64_t pStep, pCount, fStride, fCount, pStart, fOffset;
        };
        std::vector<Axes> axes;
        for (const auto& [r, slot] : ops) {
            const OperandPattern p = patternOf(*r, slot->partitionBase);
            Axes a{0, 1, 0, 1, p.partitionStart, p.freeOffset};
            int frees = 0;
            for (const auto& d : p.dims) {
                if (d.partition) {
                    a.pStep = d.stride;
                    a.pCount = d.count;
                } else {
                    a.fStride = d.stride;
                    a.fCount = d.count;
                    ++frees;
                }
            }
            if (frees > 1) return unmodelled("a matmul operand with more than one free dimension");
            axes.push_back(a);
        }
        const Axes& R = axes[0];
        const Axes& L = axes[1];
        const Axes& Rh = axes[2];
        const int64_t K = stationary ? L.pCount : L.fCount;
        const int64_t M = R.pCount;
        const int64_t N = R.fCount;
        if ((stationary ? L.fCount : L.pCount) != M || Rh.pCount != K || Rh.fCount != N)
            return unmodelled("operand shapes that do not form [K, M] x [K, N] -> [M, N]");
        if (K * M * N == 0) return std::vector<SimCall>{};
        using T = IterationSpace::Term;
        SimCall call;
        call.op = "matmul";
        for (int64_t c : {K, M, N}) call.space.addLoop(c);
        call.space.addExplicit({R.pStart, R.fOffset, {T{0, 0}, T{R.pStep, 0}, T{0, R.fStride}}});
        if (stationary)
            call.space.addExplicit({L.pStart, L.fOffset, {T{L.pStep, 0}, T{0, L.fStride}, T{0, 0}}});
        else
            call.space.addExplicit({L.pStart, L.fOffset, {T{0, L.fStride}, T{L.pStep, 0}, T{0, 0}}});
        call.space.addExplicit({Rh.pStart, Rh.fOffset, {T{Rh.pStep, 0}, T{0, 0}, T{0, Rh.fStride}}});
        for (size_t i = 0; i < 3; ++i) {
            call.slots.push_back(ops[i].second);
            call.args.emplace_back(i);
        }
        // The stand-in lists the destination among the reads when the
        // matmul adds to it (accumulate=True, or None over a started group).
        const bool accumulate = m_ins.reads.size() > 2 || isTrue(m_ins.arg("accumulate"));
        call.args.emplace_back(boolText(accumulate));
        return std::vector<SimCall>{std::move(call)};
    }

    // dst[i, j] = data[j, i]: a copy whose source index swaps the axes.
    Result transpose(const Region* data)
    {
        if (!data) return unmodelled("a transpose without a source");
        Builder b(m_slotOf, "tensor_copy");
        if (auto why = b.operand(m_ins.writes[0]); !why.empty()) return unmodelled(why);
        auto slot = m_slotOf(*data);
        if (auto* why = std::get_if<std::string>(&slot)) return unmodelled(*why);
        const SimSlot* s = std::get<const SimSlot*>(slot);
        OperandPattern p = patternOf(*data, s->partitionBase);
        int64_t pStep = 0, pCount = 1, fStride = 0, fCount = 1;
        for (const auto& d : p.dims) {
            if (d.partition) {
                pStep = d.stride;
                pCount = d.count;
            } else if (fCount != 1) {
                return unmodelled("a transpose of more than one free dimension");
            } else {
                fStride = d.stride;
                fCount = d.count;
            }
        }
        // As a [free, partition] source it lines up with the destination.
        OperandPattern swapped = p;
        swapped.dims.clear();
        if (fCount > 1) swapped.dims.push_back({false, fStride, fCount});
        if (pCount > 1) swapped.dims.push_back({true, pStep, pCount});
        if (b.call().space.partitions() != fCount)
            return unmodelled("a destination that is not the source's transpose");
        if (!b.call().space.add(swapped)) return unmodelled("a destination that is not the source's transpose");
        b.call().slots.push_back(s);
        b.call().args.emplace_back(size_t{1});
        return done(b);
    }

    // `dst += value` and the like that did not retarget an instruction.
    Result assignOp()
    {
        const std::string fn = m_ins.op == "+=" ? "add" : m_ins.op == "-=" ? "subtract" : "multiply";
        const Region& dst = m_ins.writes[0];
        if (m_ins.reads.size() >= 2) return binary(fn, &dst, &m_ins.reads[0]);
        return scalarOp(fn, &dst, Value{nullptr, constantArg("value")}, false);
    }

    Result legacy(const std::string& fn)
    {
        if (isTrue(m_ins.arg("accumulate"))) return unmodelled("accumulating into its destination (+=)");
        if (fn == "sum" || fn == "max" || fn == "min")
            return reduce(fn == "sum" ? "add" : fn == "max" ? "maximum" : "minimum", readAt(0));
        if (opcodeFor(fn, OpcodeUse::Activation)) {
            Builder b(m_slotOf, "activation");
            if (auto why = b.operand(m_ins.writes[0]); !why.empty()) return unmodelled(why);
            if (auto why = add(b, readAt(0)); !why.empty()) return unmodelled(why);
            b.literal(quoted(*opcodeFor(fn, OpcodeUse::Activation)));
            b.literal(floatText(0.0));
            b.literal(floatText(1.0));
            return done(b);
        }
        if (!opcodeFor(fn, OpcodeUse::Alu)) return unmodelled("");
        // operand0 / operand1: a tile (the reads, in order) or a constant in args.
        std::vector<Value> values;
        size_t nextRead = 0;
        for (const char* p : {"operand0", "operand1"}) {
            if (const auto c = constantArg(p)) {
                values.push_back({nullptr, c});
            } else if (nextRead < m_ins.reads.size()) {
                values.push_back({&m_ins.reads[nextRead++], {}});
            }
        }
        if (values.size() != 2) return unmodelled("an ALU call without two operands");
        if (values[0].region && values[1].region) return binary(fn, values[0].region, values[1].region);
        if (values[0].region) return scalarOp(fn, values[0].region, values[1], false);
        if (values[1].region) return scalarOp(fn, values[1].region, values[0], true);
        return unmodelled("an ALU call on two constants");
    }

    const Instruction& m_ins;
    const SlotOf& m_slotOf;
};

std::string indexText(const SimSlot& slot, const IterationSpace::Operand& o)
{
    auto sum = [&](int64_t start, bool partition) {
        std::string s = std::to_string(start);
        for (size_t v = 0; v < o.terms.size(); ++v) {
            const int64_t c = partition ? o.terms[v].partition : o.terms[v].free;
            if (c == 0) continue;
            const std::string var = "v" + std::to_string(v);
            s += " + " + (c == 1 ? var : std::to_string(c) + " * " + var);
        }
        return s;
    };
    return slot.identifier + "[" + (slot.psum ? "0, " : "") + sum(o.partitionStart, true) + ", " +
           sum(o.freeOffset, false) + "]";
}

} // namespace

std::variant<std::vector<SimCall>, std::string> translateInstruction(const Instruction& ins, const SlotOf& slotOf)
{
    return Translator(ins, slotOf).run();
}

std::vector<std::string> callText(const SimCall& call, int indent)
{
    std::vector<std::string> lines;
    std::string pad(static_cast<size_t>(indent), ' ');
    const auto& counts = call.space.counts();
    if (!counts.empty()) {
        lines.push_back(pad + "with T.nki.tensorized_instruction():");
        pad += "    ";
        for (size_t v = 0; v < counts.size(); ++v) {
            lines.push_back(pad + "for v" + std::to_string(v) + " in T.serial(" + std::to_string(counts[v]) + "):");
            pad += "    ";
        }
    }
    std::string text = pad + "T.nki." + call.op + "(";
    for (size_t a = 0; a < call.args.size(); ++a) {
        if (a) text += ", ";
        if (const auto* i = std::get_if<size_t>(&call.args[a]))
            text += indexText(*call.slots[*i], call.space.operands()[*i]);
        else
            text += std::get<std::string>(call.args[a]);
    }
    lines.push_back(text + ")");
    return lines;
}

} // namespace tirx::nki
