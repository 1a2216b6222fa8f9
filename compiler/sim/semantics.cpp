#include "sim/semantics.h"

#include "sim/index_eval.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace tirx::sim {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

} // namespace

bool Semantics::checkArgs(size_t count, bool atLeast)
{
    const size_t n = m_ins.args().size();
    if (n == count || (atLeast && n >= count)) return true;
    return m_x.fail(std::string(m_ins.callable->name) + " takes " + (atLeast ? "at least " : "") +
                    std::to_string(count) + " arguments, got " + std::to_string(n));
}

bool Semantics::needTensor(size_t arg)
{
    if (m_x.isTensor(arg)) return true;
    return m_x.fail("argument " + std::to_string(arg + 1) + " of " + std::string(m_ins.callable->name) +
                    " must be a tensor element");
}

std::optional<Semantics::Alu> Semantics::alu(size_t arg, bool reduction)
{
    const std::string* text = stringArg(m_ins.args()[arg]);
    if (text) {
        if (*text == "add") return Alu::Add;
        if (*text == "max") return Alu::Max;
        if (*text == "min") return Alu::Min;
        if (*text == "mul") return Alu::Mul;
        if (*text == "sub" && !reduction) return Alu::Sub;
    }
    (void)m_x.fail("unknown " + std::string(reduction ? "reduce" : "ALU") + " opcode " +
                   (text ? "'" + *text + "'" : std::string("(not a string)")) + " for " +
                   std::string(m_ins.callable->name));
    return std::nullopt;
}

std::optional<bool> Semantics::flag(size_t arg)
{
    const auto v = constArg(m_ins.args()[arg]);
    if (!v) {
        (void)m_x.fail("argument " + std::to_string(arg + 1) + " of " + std::string(m_ins.callable->name) +
                       " must be a constant boolean");
        return std::nullopt;
    }
    return *v != 0.0;
}

float Semantics::apply(Alu op, float x, float y)
{
    switch (op) {
    case Alu::Add: return x + y;
    case Alu::Sub: return x - y;
    case Alu::Mul: return x * y;
    case Alu::Max: return std::isnan(x) || std::isnan(y) ? kNaN : std::max(x, y);
    case Alu::Min: return std::isnan(x) || std::isnan(y) ? kNaN : std::min(x, y);
    }
    return kNaN;
}

void Semantics::applyAll(Alu op, const std::vector<float>& x, const std::vector<float>& y, bool reverse,
                         std::vector<float>& out)
{
    const size_t n = out.size();
    const float* a = reverse ? y.data() : x.data();
    const float* b = reverse ? x.data() : y.data();
    float* o = out.data();
    switch (op) {
    case Alu::Add:
        for (size_t k = 0; k < n; ++k) o[k] = a[k] + b[k];
        return;
    case Alu::Sub:
        for (size_t k = 0; k < n; ++k) o[k] = a[k] - b[k];
        return;
    case Alu::Mul:
        for (size_t k = 0; k < n; ++k) o[k] = a[k] * b[k];
        return;
    case Alu::Max:
    case Alu::Min:
        for (size_t k = 0; k < n; ++k) o[k] = apply(op, a[k], b[k]);
        return;
    }
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

std::vector<float> Semantics::reduce(const std::vector<float>& t, const Slots& s, Alu op) const
{
    const float init = op == Alu::Max ? -kInf : op == Alu::Min ? kInf : op == Alu::Mul ? 1.0f : 0.0f;
    std::vector<float> acc(s.firstPoint.size(), init);
    const PointSet& points = m_x.m_points;
    for (int64_t k = 0; k < points.count; ++k) {
        if (!points.active(k)) continue;
        float& a = acc[static_cast<size_t>(s.slotOf[static_cast<size_t>(k)])];
        a = apply(op, a, t[static_cast<size_t>(k)]);
    }
    return acc;
}

bool Semantics::copy()
{
    if (!checkArgs(2) || !needTensor(0) || !needTensor(1)) return false;
    if (m_x.place(0).kind == m_x.place(1).kind) {
        m_x.copyBytes(0, 1);
        return true;
    }
    m_x.scatter(0, m_x.gather(1));
    return true;
}

bool Semantics::matmul()
{
    if (!checkArgs(4) || !needTensor(0) || !needTensor(1) || !needTensor(2)) return false;
    const auto accumulate = flag(3);
    if (!accumulate) return false;
    const auto& res = *m_ins.operands[0];
    const auto& lhs = *m_ins.operands[1];
    const auto& rhs = *m_ins.operands[2];
    if (m_ins.vars.size() == 3 && m_x.m_points.mask.empty() && res.affine() && lhs.affine() && rhs.affine() &&
        !m_x.m_streams[0].listed && !m_x.m_streams[1].listed && !m_x.m_streams[2].listed) {
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
    const Slots s = slots(0);
    const auto a = m_x.gather(1);
    const auto b = m_x.gather(2);
    std::vector<float> t(a.size());
    applyAll(Alu::Mul, a, b, false, t);
    auto sum = reduce(t, s, Alu::Add);
    if (*accumulate) {
        const auto old = m_x.gatherAt(0, s.firstPoint);
        for (size_t slot = 0; slot < sum.size(); ++slot) sum[slot] = old[slot] + sum[slot];
    }
    m_x.scatterSlots(0, sum, s.firstPoint);
    return true;
}

bool Semantics::matmulDense(size_t k, size_t i, size_t j, bool accumulate)
{
    const auto& ext = m_x.m_points.extents;
    const int64_t K = ext[k], M = ext[i], N = ext[j];
    // Reads a 2-D operand over variables (a, b), row-major, checking the
    // never-written flags like every gather.
    auto read2 = [&](size_t arg, size_t a, size_t b, int64_t rows, int64_t cols) {
        const Stream& s = m_x.m_streams[arg];
        std::vector<float> out(static_cast<size_t>(rows * cols));
        const uint8_t* data = s.place->storage->data();
        const uint8_t* written = s.place->storage->written();
        int64_t unwritten = 0;
        int64_t first = -1;
        withKind(s.place->kind, [&]<ElementKind Kd>() {
            for (int64_t r = 0; r < rows; ++r) {
                int64_t offset = s.base + r * s.strides[a];
                for (int64_t c = 0; c < cols; ++c, offset += s.strides[b]) {
                    out[static_cast<size_t>(r * cols + c)] = loadAs<Kd>(data + offset);
                    if (!written[offset]) {
                        if (first < 0) first = offset;
                        ++unwritten;
                    }
                }
            }
        });
        m_x.recordRead(arg, unwritten, first);
        m_x.recordAccess(arg, false);
        return out;
    };
    const auto lhs = read2(1, k, i, K, M);
    const auto rhs = read2(2, k, j, K, N);
    std::vector<float> sum(static_cast<size_t>(M * N), 0.0f);
    for (int64_t kk = 0; kk < K; ++kk) {
        const float* __restrict r = rhs.data() + kk * N;
        for (int64_t ii = 0; ii < M; ++ii) {
            const float a = lhs[static_cast<size_t>(kk * M + ii)];
            float* __restrict row = sum.data() + ii * N;
            for (int64_t jj = 0; jj < N; ++jj) row[jj] += a * r[jj];
        }
    }
    if (accumulate) {
        const auto old = read2(0, i, j, M, N);
        for (size_t e = 0; e < sum.size(); ++e) sum[e] = old[e] + sum[e];
    }
    const Stream& s = m_x.m_streams[0];
    uint8_t* data = s.place->storage->data();
    uint8_t* written = s.place->storage->written();
    const int item = s.place->itemBytes;
    withKind(s.place->kind, [&]<ElementKind Kd>() {
        for (int64_t r = 0; r < M; ++r) {
            int64_t offset = s.base + r * s.strides[i];
            for (int64_t c = 0; c < N; ++c, offset += s.strides[j]) {
                storeAs<Kd>(data + offset, sum[static_cast<size_t>(r * N + c)]);
                std::memset(written + offset, 1, static_cast<size_t>(item));
            }
        }
    });
    m_x.recordAccess(0, true);
    m_x.m_record.elements = K * M * N;
    return true;
}

bool Semantics::activation(bool withReduce)
{
    const size_t base = withReduce ? 2 : 1; // data argument
    if (!checkArgs(withReduce ? 7 : 5) || !needTensor(0) || (withReduce && !needTensor(1)) || !needTensor(base))
        return false;
    const std::string* opcode = stringArg(m_ins.args()[base + 1]);
    std::optional<Activation> f;
    if (opcode && *opcode == "exp") f = Activation::Exp;
    if (opcode && *opcode == "sqrt") f = Activation::Sqrt;
    if (!f)
        return m_x.fail("unknown activation " + (opcode ? "'" + *opcode + "'" : std::string("(not a string)")) +
                        "; expected \"exp\" or \"sqrt\"");
    std::optional<Alu> reduceOp;
    if (withReduce && !(reduceOp = alu(base + 2, true))) return false;
    const size_t biasArg = withReduce ? 5 : 3;
    const size_t scaleArg = withReduce ? 6 : 4;
    const auto data = m_x.gather(base);
    const auto bias = m_x.gather(biasArg);
    const auto scale = m_x.gather(scaleArg);
    std::vector<float> t(data.size());
    for (size_t k = 0; k < t.size(); ++k) {
        const float x = data[k] * scale[k] + bias[k];
        t[k] = *f == Activation::Exp ? std::exp(x) : std::sqrt(x);
    }
    if (!withReduce) {
        m_x.scatter(0, t);
        return true;
    }
    const Slots s = slots(0);
    m_x.scatter(1, t);
    m_x.scatterSlots(0, reduce(t, s, *reduceOp), s.firstPoint);
    return true;
}

bool Semantics::reciprocal()
{
    if (!checkArgs(2) || !needTensor(0)) return false;
    auto v = m_x.gather(1);
    for (float& x : v) x = 1.0f / x;
    m_x.scatter(0, v);
    return true;
}

bool Semantics::tensorReduce()
{
    if (!checkArgs(5, true) || !needTensor(0) || !needTensor(1)) return false;
    const auto op = alu(2, true);
    const auto negate = flag(3);
    if (!op || !negate) return false;
    for (size_t a = 4; a < m_ins.args().size(); ++a) {
        const auto axis = constArg(m_ins.args()[a]);
        if (!axis || *axis == 0.0)
            return m_x.fail("tensorreduce axes are free-axis numbers (-1 or 1 and up); the partition axis 0 "
                            "cannot be reduced");
    }
    const Slots s = slots(0);
    auto r = reduce(m_x.gather(1), s, *op);
    if (*negate) {
        for (float& x : r) x = -x;
    }
    m_x.scatterSlots(0, r, s.firstPoint);
    return true;
}

bool Semantics::tensorTensor()
{
    if (!checkArgs(4) || !needTensor(0)) return false;
    const auto op = alu(3, false);
    if (!op) return false;
    const auto a = m_x.gather(1);
    const auto b = m_x.gather(2);
    std::vector<float> out(a.size());
    applyAll(*op, a, b, false, out);
    m_x.scatter(0, out);
    return true;
}

bool Semantics::tensorScalar(bool withReduce)
{
    if (!checkArgs(withReduce ? 7 : 5) || !needTensor(0) || (withReduce && !needTensor(1))) return false;
    const size_t first = withReduce ? 2 : 1;
    const auto op = alu(first + 2, false);
    if (!op) return false;
    std::optional<Alu> reduceOp;
    if (withReduce && !(reduceOp = alu(5, true))) return false;
    const auto reverse = flag(withReduce ? 6 : 4);
    if (!reverse) return false;
    const auto a = m_x.gather(first);
    const auto b = m_x.gather(first + 1);
    std::vector<float> t(a.size());
    applyAll(*op, a, b, *reverse, t);
    if (!withReduce) {
        m_x.scatter(0, t);
        return true;
    }
    const Slots s = slots(0);
    m_x.scatter(1, t);
    m_x.scatterSlots(0, reduce(t, s, *reduceOp), s.firstPoint);
    return true;
}

bool Semantics::scalarTensor()
{
    if (!checkArgs(8) || !needTensor(0) || !needTensor(1)) return false;
    const auto op0 = alu(4, false);
    const auto op1 = alu(5, false);
    const auto reverse0 = flag(6);
    const auto reverse1 = flag(7);
    if (!op0 || !op1 || !reverse0 || !reverse1) return false;
    const auto data = m_x.gather(1);
    const auto operand0 = m_x.gather(2);
    const auto operand1 = m_x.gather(3);
    std::vector<float> t(data.size());
    applyAll(*op0, data, operand0, *reverse0, t);
    std::vector<float> out(data.size());
    applyAll(*op1, t, operand1, *reverse1, out);
    m_x.scatter(0, out);
    return true;
}

bool Semantics::memset()
{
    if (!checkArgs(2, true) || !needTensor(0)) return false;
    if (m_ins.guard) return m_x.fail("T.nki.memset may not be guarded");
    m_x.scatter(0, m_x.gather(1));
    return true;
}

bool Semantics::identity()
{
    if (!checkArgs(2) || !needTensor(0)) return false;
    if (m_ins.vars.size() < 2) return m_x.fail("T.nki.identity needs a partition and a free loop");
    const auto p = varValues(m_x.m_points, 0);
    const auto f = varValues(m_x.m_points, 1);
    std::vector<float> out(p.size());
    for (size_t k = 0; k < out.size(); ++k) out[k] = p[k] == f[k] ? 1.0f : 0.0f;
    m_x.scatter(0, out);
    return true;
}

bool Semantics::affineSelect()
{
    if (!checkArgs(4) || !needTensor(0)) return false;
    const auto falseValue = constArg(m_ins.args()[3]);
    if (!falseValue) return m_x.fail("the false value of T.nki.affine_select must be a float constant");
    const auto values = m_x.gather(2);
    std::vector<float> out(values.size());
    const PointSet& points = m_x.m_points;
    Env& env = *m_x.m_env;
    std::vector<std::vector<int64_t>> vars;
    for (size_t v = 0; v < m_ins.vars.size(); ++v) vars.push_back(varValues(points, v));
    std::string error;
    for (int64_t k = 0; k < points.count; ++k) {
        if (!points.active(k)) continue;
        for (size_t v = 0; v < m_ins.vars.size(); ++v) env[m_ins.vars[v]] = vars[v][static_cast<size_t>(k)];
        const auto pred = evalInt(m_ins.args()[1], env, &error);
        if (!pred) {
            for (const VarNode* var : m_ins.vars) env.erase(var);
            return m_x.fail("the predicate of T.nki.affine_select: " + error);
        }
        out[static_cast<size_t>(k)] = *pred ? values[static_cast<size_t>(k)] : static_cast<float>(*falseValue);
    }
    for (const VarNode* var : m_ins.vars) env.erase(var);
    m_x.scatter(0, out);
    return true;
}

bool Semantics::run()
{
    const std::string_view name = m_ins.callable->name;
    if (name == "T.nki.load" || name == "T.nki.store" || name == "T.nki.tensor_copy") return copy();
    if (name == "T.nki.matmul") return matmul();
    if (name == "T.nki.activation") return activation(false);
    if (name == "T.nki.activation_reduce") return activation(true);
    if (name == "T.nki.reciprocal") return reciprocal();
    if (name == "T.nki.tensorreduce") return tensorReduce();
    if (name == "T.nki.tensortensor") return tensorTensor();
    if (name == "T.nki.tensorscalar") return tensorScalar(false);
    if (name == "T.nki.tensorscalar_reduce") return tensorScalar(true);
    if (name == "T.nki.scalar_tensor_tensor" || name == "T.nki.scalar_tensor_scalar") return scalarTensor();
    if (name == "T.nki.memset") return memset();
    if (name == "T.nki.identity") return identity();
    if (name == "T.nki.affine_select") return affineSelect();
    return m_x.fail("the simulator does not know " + std::string(name));
}

} // namespace tirx::sim
