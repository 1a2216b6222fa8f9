#include "sim/semantics.h"

#include "sim/index_eval.h"
#include "sim/matmul_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace tirx::sim {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

} // namespace

Semantics::Semantics(Executor& executor) : m_x(executor), m_ins(*executor.m_ins)
{
    const auto& params = m_ins.callable->params;
    for (size_t a = 0; a < params.size(); ++a) {
        if (params[a].access == Access::Write || params[a].access == Access::ReadWrite) m_written.push_back(a);
        if (params[a].access == Access::Read) m_read.push_back(a);
    }
}

bool Semantics::checkOperands()
{
    const auto& params = m_ins.callable->params;
    const bool variadic = !params.empty() && params.back().variadic;
    const size_t fixed = params.size() - (variadic ? 1 : 0);
    const size_t n = m_ins.args().size();
    if (n != fixed && !(variadic && n >= fixed))
        return m_x.fail(std::string(m_ins.callable->name) + " takes " + (variadic ? "at least " : "") +
                        std::to_string(fixed) + " arguments, got " + std::to_string(n));
    for (size_t a = 0; a < fixed; ++a) {
        if (params[a].role == ParamRole::Tensor && !m_x.isTensor(a))
            return m_x.fail("argument " + std::to_string(a + 1) + " (" + std::string(params[a].name) + ") of " +
                            std::string(m_ins.callable->name) + " must be a tensor element");
    }
    return true;
}

std::optional<Opcode> Semantics::opcode(std::string_view param, OpcodeUse use)
{
    const std::string* text = stringArg(m_ins.args()[m_ins.argNamed(param)]);
    const auto found = text ? findOpcode(*text, use) : std::nullopt;
    if (found && opcodeInfo(*found).lowered) return found;
    (void)m_x.fail("unknown " + std::string(param) + " " + (text ? "'" + *text + "'" : std::string("(not a string)")) +
                   " for " + std::string(m_ins.callable->name) + "; expected " + validOpcodes(use));
    return std::nullopt;
}

std::optional<bool> Semantics::flag(std::string_view param)
{
    const auto v = constArg(m_ins.args()[m_ins.argNamed(param)]);
    if (!v) {
        (void)m_x.fail(std::string(param) + " of " + std::string(m_ins.callable->name) + " must be a constant boolean");
        return std::nullopt;
    }
    return *v != 0.0;
}

float Semantics::apply(Opcode op, float x, float y)
{
    switch (op) {
    case Opcode::Add: return x + y;
    case Opcode::Sub: return x - y;
    case Opcode::Mul: return x * y;
    case Opcode::Max: return std::isnan(x) || std::isnan(y) ? kNaN : std::max(x, y);
    case Opcode::Min: return std::isnan(x) || std::isnan(y) ? kNaN : std::min(x, y);
    default: return kNaN; // opcode() admits only the ALU and reduce rows above
    }
}

namespace {

using Lanes4 = float __attribute__((vector_size(16)));

// out[k] = f(a[k], b[k]); out may be a or b itself (never a part of one),
// so each chunk is read whole before it is written. Speed trick "vector
// chunks": the operators that work on whole vectors (Vectors = true) run on
// two four-lane vectors at a time, held in registers, then element by
// element on the few left over (bench_sim element-wise: 1.7 to 4.0 G
// element-ops per second against chunks staged through arrays).
template <bool Vectors, class F> void eachPair(const float* a, const float* b, float* out, size_t n, F f)
{
    size_t k = 0;
    if constexpr (Vectors) {
        for (; k + 8 <= n; k += 8) {
            Lanes4 x0, x1, y0, y1;
            std::memcpy(&x0, a + k, sizeof x0);
            std::memcpy(&x1, a + k + 4, sizeof x1);
            std::memcpy(&y0, b + k, sizeof y0);
            std::memcpy(&y1, b + k + 4, sizeof y1);
            const Lanes4 r0 = f(x0, y0);
            const Lanes4 r1 = f(x1, y1);
            std::memcpy(out + k, &r0, sizeof r0);
            std::memcpy(out + k + 4, &r1, sizeof r1);
        }
    }
    for (; k < n; ++k) out[k] = f(a[k], b[k]);
}

} // namespace

void Semantics::applyRow(Opcode op, const float* x, const float* y, bool reverse, float* out, size_t n)
{
    const float* a = reverse ? y : x;
    const float* b = reverse ? x : y;
    switch (op) {
    case Opcode::Add: return eachPair<true>(a, b, out, n, [](auto p, auto q) { return p + q; });
    case Opcode::Sub: return eachPair<true>(a, b, out, n, [](auto p, auto q) { return p - q; });
    case Opcode::Mul: return eachPair<true>(a, b, out, n, [](auto p, auto q) { return p * q; });
    default: return eachPair<false>(a, b, out, n, [op](float p, float q) { return apply(op, p, q); });
    }
}

void Semantics::applyAll(Opcode op, const std::vector<float>& x, const std::vector<float>& y, bool reverse,
                         std::vector<float>& out)
{
    applyRow(op, x.data(), y.data(), reverse, out.data(), out.size());
}

Semantics::Slots Semantics::slots(size_t reduceArg) const
{
    const auto& load = m_ins.operands[reduceArg]->load;
    const PointSet& points = m_x.m_points;
    std::vector<size_t> outputVars;
    for (size_t v = 0; v < m_ins.vars.size(); ++v) {
        const VarNode* one[] = {m_ins.vars[v]};
        for (const auto& index : load->indices()) {
            if (mentions(index, one)) {
                outputVars.push_back(v);
                break;
            }
        }
    }
    Slots s;
    s.slotOf.assign(static_cast<size_t>(points.count), 0);
    int64_t slotCount = 1;
    for (const size_t v : outputVars) slotCount *= points.extents[v];
    s.firstPoint.assign(static_cast<size_t>(slotCount), -1);
    std::vector<int64_t> inner(m_ins.vars.size(), 1);
    for (size_t v = m_ins.vars.size(); v-- > 1;) inner[v - 1] = inner[v] * points.extents[v];
    for (int64_t k = 0; k < points.count; ++k) {
        int64_t slot = 0;
        for (const size_t v : outputVars) slot = slot * points.extents[v] + (k / inner[v]) % points.extents[v];
        s.slotOf[static_cast<size_t>(k)] = static_cast<int32_t>(slot);
        if (points.active(k) && s.firstPoint[static_cast<size_t>(slot)] < 0)
            s.firstPoint[static_cast<size_t>(slot)] = k;
    }
    return s;
}

std::vector<float> Semantics::reduce(const std::vector<float>& t, const Slots& s, Opcode op) const
{
    const float init = op == Opcode::Max ? -kInf : op == Opcode::Min ? kInf : op == Opcode::Mul ? 1.0f : 0.0f;
    std::vector<float> acc(s.firstPoint.size(), init);
    const PointSet& points = m_x.m_points;
    for (int64_t k = 0; k < points.count; ++k) {
        if (!points.active(k)) continue;
        float& a = acc[static_cast<size_t>(s.slotOf[static_cast<size_t>(k)])];
        a = apply(op, a, t[static_cast<size_t>(k)]);
    }
    return acc;
}

bool Semantics::writeResults(const std::vector<float>& t)
{
    if (m_written.size() == 1) {
        m_x.scatter(out(0), t);
        return true;
    }
    // The reduce forms: the first written operand holds the reduction, the
    // second the element-wise values.
    const auto reduceOp = opcode("reduce_opcode", OpcodeUse::NkiReduce);
    if (!reduceOp) return false;
    const Slots s = slots(out(0));
    m_x.scatter(out(1), t);
    m_x.scatterSlots(out(0), reduce(t, s, *reduceOp), s.firstPoint);
    return true;
}

bool Semantics::copy()
{
    if (m_x.place(out(0)).kind == m_x.place(in(0)).kind) {
        m_x.copyBytes(out(0), in(0));
        return true;
    }
    m_x.scatter(out(0), m_x.gather(in(0)));
    return true;
}

bool Semantics::matmul()
{
    const auto accumulate = flag("accum");
    if (!accumulate) return false;
    const auto& res = *m_ins.operands[out(0)];
    const auto& lhs = *m_ins.operands[in(0)];
    const auto& rhs = *m_ins.operands[in(1)];
    if (m_ins.vars.size() == 3 && m_x.m_points.mask.empty() && res.affine() && lhs.affine() && rhs.affine() &&
        !m_x.m_streams[out(0)].listed && !m_x.m_streams[in(0)].listed && !m_x.m_streams[in(1)].listed) {
        // k: in both inputs, not in the result; i: lhs and result; j: rhs and result.
        std::optional<size_t> k, i, j;
        for (size_t v = 0; v < 3; ++v) {
            const bool r = res.usesVar(v), a = lhs.usesVar(v), b = rhs.usesVar(v);
            if (!r && a && b) k = v;
            if (r && a && !b) i = v;
            if (r && !a && b) j = v;
        }
        if (k && i && j) return matmulDense(*k, *i, *j, *accumulate);
    }
    const Slots s = slots(out(0));
    const auto& a = m_x.gather(in(0));
    const auto& b = m_x.gather(in(1));
    auto& t = m_x.scratch(0);
    applyAll(Opcode::Mul, a, b, false, t);
    auto sum = reduce(t, s, Opcode::Add);
    if (*accumulate) {
        const auto old = m_x.gatherAt(out(0), s.firstPoint);
        for (size_t slot = 0; slot < sum.size(); ++slot) sum[slot] = old[slot] + sum[slot];
    }
    m_x.scatterSlots(out(0), sum, s.firstPoint);
    return true;
}

bool Semantics::matmulDense(size_t k, size_t i, size_t j, bool accumulate)
{
    const auto& ext = m_x.m_points.extents;
    const int64_t K = ext[k], M = ext[i], N = ext[j];
    // A 2-D operand over variables (a, b), row-major, into `out`; its
    // never-written flags are checked like every gather's.
    auto read2 = [&](size_t arg, size_t a, size_t b, int64_t rows, int64_t cols, std::vector<float>& out) {
        const Stream& s = m_x.m_streams[arg];
        const Storage& storage = *s.place->storage;
        out.resize(static_cast<size_t>(rows * cols));
        Executor::UnwrittenCount unwritten;
        withKind(s.place->kind, [&]<ElementKind Kd>() {
            for (int64_t r = 0; r < rows; ++r) {
                const int64_t offset = s.base + r * s.strides[a];
                loadRowAs<Kd>(storage.data() + offset, cols, s.strides[b], out.data() + r * cols);
                unwritten.checkRow(storage, offset, cols, s.strides[b], s.place->itemBytes);
            }
        });
        m_x.recordRead(arg, unwritten.count, unwritten.first);
        m_x.recordAccess(arg, false);
    };
    // Every input is read before the result is written: they may share bytes.
    auto& lhs = m_x.m_gathered[in(0)];
    auto& rhs = m_x.m_gathered[in(1)];
    auto& sum = m_x.m_gathered[out(0)];
    read2(in(0), k, i, K, M, lhs);
    read2(in(1), k, j, K, N, rhs);
    sum.resize(static_cast<size_t>(M * N));
    matmulKernel(lhs.data(), rhs.data(), sum.data(), K, M, N);
    if (accumulate) {
        auto& old = m_x.m_scratch[0];
        read2(out(0), i, j, M, N, old);
        for (size_t e = 0; e < sum.size(); ++e) sum[e] = old[e] + sum[e];
    }
    const Stream& s = m_x.m_streams[out(0)];
    Storage& storage = *s.place->storage;
    withKind(s.place->kind, [&]<ElementKind Kd>() {
        for (int64_t r = 0; r < M; ++r) {
            const int64_t offset = s.base + r * s.strides[i];
            storeRowAs<Kd>(storage.data() + offset, N, s.strides[j], sum.data() + r * N);
            storage.markRow(offset, N, s.strides[j], s.place->itemBytes);
        }
    });
    m_x.recordAccess(out(0), true);
    m_x.m_record.elements = K * M * N;
    return true;
}

bool Semantics::activation()
{
    const auto f = opcode("opcode", OpcodeUse::Activation);
    if (!f) return false;
    const auto& data = m_x.gather(in(0));
    const auto& bias = m_x.gather(in(1));
    const auto& scale = m_x.gather(m_ins.argNamed("scale"));
    auto& t = m_x.scratch(0);
    for (size_t k = 0; k < t.size(); ++k) {
        const float x = data[k] * scale[k] + bias[k];
        t[k] = *f == Opcode::Exp ? std::exp(x) : std::sqrt(x);
    }
    return writeResults(t);
}

bool Semantics::reciprocal()
{
    const auto& data = m_x.gather(in(0));
    auto& t = m_x.scratch(0);
    for (size_t k = 0; k < t.size(); ++k) t[k] = 1.0f / data[k];
    m_x.scatter(out(0), t);
    return true;
}

bool Semantics::tensorReduce()
{
    const auto op = opcode("opcode", OpcodeUse::NkiReduce);
    const auto negate = op ? flag("negate") : std::nullopt;
    if (!negate) return false;
    for (size_t a = m_ins.argNamed("axes"); a < m_ins.args().size(); ++a) {
        const auto axis = constArg(m_ins.args()[a]);
        if (!axis || *axis == 0.0)
            return m_x.fail("tensorreduce axes are free-axis numbers (-1 or 1 and up); the partition axis 0 "
                            "cannot be reduced");
    }
    const Slots s = slots(out(0));
    auto r = reduce(m_x.gather(in(0)), s, *op);
    if (*negate) {
        for (float& x : r) x = -x;
    }
    m_x.scatterSlots(out(0), r, s.firstPoint);
    return true;
}

bool Semantics::tensorTensor()
{
    const auto op = opcode("opcode", OpcodeUse::Alu);
    if (!op) return false;
    const auto row = [&](const float* a, const float* b, float* o, int64_t n) {
        applyRow(*op, a, b, false, o, static_cast<size_t>(n));
    };
    if (m_x.denseRows(out(0), in(0), in(1), row)) return true;
    const auto& a = m_x.gather(in(0));
    const auto& b = m_x.gather(in(1));
    auto& t = m_x.scratch(0);
    applyAll(*op, a, b, false, t);
    m_x.scatter(out(0), t);
    return true;
}

bool Semantics::tensorScalar()
{
    const auto op = opcode("opcode", OpcodeUse::Alu);
    const auto reverse = op ? flag("reverse") : std::nullopt;
    if (!reverse) return false;
    const auto row = [&](const float* a, const float* b, float* o, int64_t n) {
        applyRow(*op, a, b, *reverse, o, static_cast<size_t>(n));
    };
    if (m_written.size() == 1 && m_x.denseRows(out(0), in(0), in(1), row)) return true;
    const auto& a = m_x.gather(in(0));
    const auto& b = m_x.gather(in(1));
    auto& t = m_x.scratch(0);
    applyAll(*op, a, b, *reverse, t);
    return writeResults(t);
}

bool Semantics::scalarTensor()
{
    const auto op0 = opcode("opcode0", OpcodeUse::Alu);
    const auto op1 = op0 ? opcode("opcode1", OpcodeUse::Alu) : std::nullopt;
    const auto reverse0 = op1 ? flag("reverse0") : std::nullopt;
    const auto reverse1 = reverse0 ? flag("reverse1") : std::nullopt;
    if (!reverse1) return false;
    const auto& data = m_x.gather(in(0));
    const auto& operand0 = m_x.gather(in(1));
    const auto& operand1 = m_x.gather(in(2));
    auto& t = m_x.scratch(0);
    applyAll(*op0, data, operand0, *reverse0, t);
    auto& result = m_x.scratch(1);
    applyAll(*op1, t, operand1, *reverse1, result);
    m_x.scatter(out(0), result);
    return true;
}

bool Semantics::memset()
{
    if (m_ins.guard) return m_x.fail("T.nki.memset may not be guarded");
    m_x.scatter(out(0), m_x.gather(m_ins.argNamed("value")));
    return true;
}

bool Semantics::identity()
{
    if (m_ins.vars.size() < 2) return m_x.fail("T.nki.identity needs a partition and a free loop");
    const auto p = varValues(m_x.m_points, 0);
    const auto f = varValues(m_x.m_points, 1);
    auto& t = m_x.scratch(0);
    for (size_t k = 0; k < t.size(); ++k) t[k] = p[k] == f[k] ? 1.0f : 0.0f;
    m_x.scatter(out(0), t);
    return true;
}

bool Semantics::affineSelect()
{
    const auto falseValue = constArg(m_ins.args()[m_ins.argNamed("false_value")]);
    if (!falseValue) return m_x.fail("the false value of T.nki.affine_select must be a float constant");
    const Expr& predicate = m_ins.args()[m_ins.argNamed("pred")];
    const auto& values = m_x.gather(in(0));
    auto& t = m_x.scratch(0);
    const PointSet& points = m_x.m_points;
    Env& env = *m_x.m_env;
    std::vector<std::vector<int64_t>> vars;
    for (size_t v = 0; v < m_ins.vars.size(); ++v) vars.push_back(varValues(points, v));
    std::string error;
    for (int64_t k = 0; k < points.count; ++k) {
        if (!points.active(k)) continue;
        for (size_t v = 0; v < m_ins.vars.size(); ++v) env[m_ins.vars[v]] = vars[v][static_cast<size_t>(k)];
        const auto pred = evalInt(predicate, env, &error);
        if (!pred) {
            for (const VarNode* var : m_ins.vars) env.erase(var);
            return m_x.fail("the predicate of T.nki.affine_select: " + error);
        }
        t[static_cast<size_t>(k)] = *pred ? values[static_cast<size_t>(k)] : static_cast<float>(*falseValue);
    }
    for (const VarNode* var : m_ins.vars) env.erase(var);
    m_x.scatter(out(0), t);
    return true;
}

bool Semantics::run()
{
    if (!m_ins.callable->nkiOp) return m_x.fail(std::string(m_ins.callable->name) + " is not an NKI instruction");
    if (!checkOperands()) return false;
    // No default: a new row of nki_ops.def is a -Wswitch warning here.
    switch (*m_ins.callable->nkiOp) {
    case NkiOp::Load:
    case NkiOp::Store:
    case NkiOp::TensorCopy: return copy();
    case NkiOp::Matmul: return matmul();
    case NkiOp::Activation:
    case NkiOp::ActivationReduce: return activation();
    case NkiOp::Reciprocal: return reciprocal();
    case NkiOp::TensorReduce: return tensorReduce();
    case NkiOp::TensorTensor: return tensorTensor();
    case NkiOp::TensorScalar:
    case NkiOp::TensorScalarReduce: return tensorScalar();
    case NkiOp::ScalarTensorTensor:
    case NkiOp::ScalarTensorScalar: return scalarTensor();
    case NkiOp::Memset: return memset();
    case NkiOp::Identity: return identity();
    case NkiOp::AffineSelect: return affineSelect();
    }
    return m_x.fail("the simulator does not know " + std::string(m_ins.callable->name));
}

} // namespace tirx::sim
