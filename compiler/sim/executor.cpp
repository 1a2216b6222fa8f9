#include "sim/executor.h"

#include "sim/hardware_limits.h"
#include "sim/semantics.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace tirx::sim {

// Speed trick "range-wise written flags": a contiguous row is checked as one
// range of bits, counted element by element only when some byte is unwritten.
void Executor::UnwrittenCount::checkRow(const Storage& storage, int64_t offset, int64_t n, int64_t step, int item)
{
    if (step == item && storage.allWritten(offset, n * item)) return;
    for (int64_t j = 0; j < n; ++j) check(storage, offset + j * step);
}

Executor::Executor(Machine& machine, RunResult& result, bool recordTrace)
    : m_machine(machine), m_result(result), m_recordTrace(recordTrace)
{
}

bool Executor::fail(std::string text)
{
    const Span span = m_ins ? m_ins->span : Span{};
    m_result.diagnostics.push_back({Diagnostic::Severity::Error, std::move(text), span});
    return false;
}

bool Executor::run(const Instruction& ins, Env& env)
{
    m_ins = &ins;
    m_env = &env;
    std::string error;
    auto points = makePoints(ins, env, &error);
    if (!points) return fail(error);
    m_points = std::move(*points);
    m_streams.assign(ins.args().size(), Stream{});
    if (m_gathered.size() < ins.args().size()) m_gathered.resize(ins.args().size());
    for (size_t a = 0; a < ins.operands.size(); ++a) {
        if (!ins.operands[a]) continue;
        const auto& op = *ins.operands[a];
        const TensorPlace* place = m_machine.find(op.load->tensor().get());
        if (!place) return fail("tensor '" + op.load->tensor()->name() + "' is used before it is allocated");
        auto stream = makeStream(ins, op, *place, m_points, env, &error);
        if (!stream) return fail(error);
        m_streams[a] = std::move(*stream);
        const Stream& s = m_streams[a];
        if (s.partitionLo <= s.partitionHi) place->storage->prepare(s.partitionLo, s.partitionHi, s.byteLo, s.byteHi);
    }
    // Once per call site: the limits depend on the loop ranges and the
    // memories, not on the outer loop's iteration.
    if (m_limitsChecked.insert(ins.call).second) {
        for (auto& d : hardwareLimitWarnings(ins, m_points, m_streams, m_machine.target()))
            m_result.diagnostics.push_back(std::move(d));
    }
    m_record = InstructionRecord{};
    m_record.id = m_result.instructions;
    m_record.op = std::string(ins.callable->name);
    m_record.engine = std::string(engineName(ins.callable->engine));
    m_record.span = ins.span;
    m_record.elements = m_points.activeCount();
    if (!Semantics(*this).run()) return false;
    auto& count = m_result.engines[m_record.engine];
    ++count.instructions;
    count.elements += m_record.elements;
    ++m_result.instructions;
    if (m_recordTrace) m_result.trace.push_back(std::move(m_record));
    return true;
}

namespace {

// Whether the bytes two affine streams can reach are disjoint: their
// partition ranges or their byte ranges within a partition do not meet.
bool apart(const Stream& a, const Stream& b)
{
    if (a.place->storage != b.place->storage) return true;
    return a.partitionHi < b.partitionLo || b.partitionHi < a.partitionLo || a.byteHi < b.byteLo || b.byteHi < a.byteLo;
}

bool sameAccess(const Stream& a, const Stream& b)
{
    return a.place->storage == b.place->storage && a.base == b.base && a.strides == b.strides;
}

} // namespace

bool Executor::denseRows(size_t out, size_t in0, size_t in1,
                         const std::function<void(const float*, const float*, float*, int64_t)>& row)
{
    if (!m_points.mask.empty() || m_points.extents.size() != 2 || m_points.count == 0) return false;
    const Stream& o = m_streams[out];
    const Stream& x = m_streams[in0];
    if (!o.place || !x.place || o.listed || x.listed) return false;
    if (o.place->kind != ElementKind::F32 || x.place->kind != ElementKind::F32) return false;
    const int64_t inner = m_points.extents[1];
    // Contiguous result rows that do not meet: no point of the result is
    // written twice, so reading row by row sees what a whole read would.
    if (o.strides[1] != 4 || x.strides[1] != 4 || std::abs(o.strides[0]) < inner * 4) return false;
    if (!sameAccess(x, o) && !apart(x, o)) return false;
    // Rows read in place as floats must start on a float boundary.
    if (x.base % 4 != 0 || x.strides[0] % 4 != 0) return false;
    const Stream* y = isTensor(in1) ? &m_streams[in1] : nullptr;
    if (y && (y->listed || y->place->kind != ElementKind::F32 || (!sameAccess(*y, o) && !apart(*y, o)))) return false;

    // Results go straight into the result's rows: each is either apart from
    // an input row or that very row, which `row` allows.
    if (o.base % 4 != 0 || o.strides[0] % 4 != 0) return false;
    auto& yBuffer = m_yRow;
    yBuffer.resize(static_cast<size_t>(inner));
    if (!y) std::fill(yBuffer.begin(), yBuffer.end(), static_cast<float>(constArg(m_ins->args()[in1]).value_or(0.0)));
    const Storage& xs = *x.place->storage;
    Storage& os = *o.place->storage;
    UnwrittenCount xUnwritten, yUnwritten;
    for (int64_t r = 0; r < m_points.extents[0]; ++r) {
        const int64_t xOffset = x.base + r * x.strides[0];
        const auto* xRow = reinterpret_cast<const float*>(xs.data() + xOffset);
        xUnwritten.checkRow(xs, xOffset, inner, 4, 4);
        const float* yRow = yBuffer.data();
        if (y) {
            const Storage& ys = *y->place->storage;
            const int64_t yOffset = y->base + r * y->strides[0];
            if (y->strides[1] == 4 && yOffset % 4 == 0) {
                yRow = reinterpret_cast<const float*>(ys.data() + yOffset);
            } else {
                loadRowAs<ElementKind::F32>(ys.data() + yOffset, inner, y->strides[1], yBuffer.data());
            }
            yUnwritten.checkRow(ys, yOffset, inner, y->strides[1], 4);
        }
        const int64_t oOffset = o.base + r * o.strides[0];
        row(xRow, yRow, reinterpret_cast<float*>(os.data() + oOffset), inner);
        os.markWritten(oOffset, inner * 4);
    }
    recordRead(in0, xUnwritten.count, xUnwritten.first);
    recordAccess(in0, false);
    if (y) {
        recordRead(in1, yUnwritten.count, yUnwritten.first);
        recordAccess(in1, false);
    }
    recordAccess(out, true);
    return true;
}

std::vector<float>& Executor::scratch(size_t slot)
{
    auto& out = m_scratch[slot];
    out.resize(static_cast<size_t>(m_points.count));
    return out;
}

const std::vector<float>& Executor::gather(size_t arg)
{
    auto& out = m_gathered[arg];
    out.resize(static_cast<size_t>(m_points.count));
    if (!isTensor(arg)) {
        std::fill(out.begin(), out.end(), static_cast<float>(constArg(m_ins->args()[arg]).value_or(0.0)));
        return out;
    }
    if (!m_points.mask.empty()) std::fill(out.begin(), out.end(), 0.0f);
    const Stream& s = m_streams[arg];
    const Storage& storage = *s.place->storage;
    const uint8_t* data = storage.data();
    const int item = s.place->itemBytes;
    UnwrittenCount unwritten;
    const PointSet& points = m_points;
    float* dst = out.data();
    withKind(s.place->kind, [&]<ElementKind K>() {
        if (s.listed || !points.mask.empty()) {
            s.forEach(points, [&](int64_t k, int64_t offset) {
                if (!points.active(k)) return;
                dst[k] = loadAs<K>(data + offset);
                unwritten.check(storage, offset);
            });
            return;
        }
        forEachRow(s, points, [&](int64_t k0, int64_t offset, int64_t n, int64_t step) {
            loadRowAs<K>(data + offset, n, step, dst + k0);
            unwritten.checkRow(storage, offset, n, step, item);
        });
    });
    recordRead(arg, unwritten.count, unwritten.first);
    recordAccess(arg, false);
    return out;
}

std::vector<float> Executor::gatherAt(size_t arg, const std::vector<int64_t>& pointsAt)
{
    std::vector<float> out(pointsAt.size(), 0.0f);
    if (!isTensor(arg)) {
        std::fill(out.begin(), out.end(), static_cast<float>(constArg(m_ins->args()[arg]).value_or(0.0)));
        return out;
    }
    // Offsets of the wanted points, found in one walk.
    const Stream& s = m_streams[arg];
    std::vector<int64_t> offsetOf(static_cast<size_t>(m_points.count), -1);
    s.forEach(m_points, [&](int64_t k, int64_t offset) { offsetOf[static_cast<size_t>(k)] = offset; });
    const Storage& storage = *s.place->storage;
    UnwrittenCount unwritten;
    for (size_t i = 0; i < pointsAt.size(); ++i) {
        if (pointsAt[i] < 0) continue;
        const int64_t offset = offsetOf[static_cast<size_t>(pointsAt[i])];
        out[i] = loadElement(s.place->kind, storage.data() + offset);
        unwritten.check(storage, offset);
    }
    recordRead(arg, unwritten.count, unwritten.first);
    recordAccess(arg, false);
    return out;
}

void Executor::scatter(size_t arg, const std::vector<float>& values)
{
    const Stream& s = m_streams[arg];
    Storage& storage = *s.place->storage;
    uint8_t* data = storage.data();
    const int item = s.place->itemBytes;
    const PointSet& points = m_points;
    const float* src = values.data();
    withKind(s.place->kind, [&]<ElementKind K>() {
        if (s.listed || !points.mask.empty()) {
            s.forEach(points, [&](int64_t k, int64_t offset) {
                if (!points.active(k)) return;
                storeAs<K>(data + offset, src[k]);
                storage.markWritten(offset, item);
            });
            return;
        }
        forEachRow(s, points, [&](int64_t k0, int64_t offset, int64_t n, int64_t step) {
            storeRowAs<K>(data + offset, n, step, src + k0);
            storage.markRow(offset, n, step, item);
        });
    });
    recordAccess(arg, true);
}

void Executor::scatterSlots(size_t arg, const std::vector<float>& values, const std::vector<int64_t>& firstPoints)
{
    const Stream& s = m_streams[arg];
    std::vector<int64_t> offsetOf(static_cast<size_t>(m_points.count), -1);
    s.forEach(m_points, [&](int64_t k, int64_t offset) { offsetOf[static_cast<size_t>(k)] = offset; });
    Storage& storage = *s.place->storage;
    for (size_t slot = 0; slot < firstPoints.size(); ++slot) {
        if (firstPoints[slot] < 0) continue;
        const int64_t offset = offsetOf[static_cast<size_t>(firstPoints[slot])];
        storeElement(s.place->kind, storage.data() + offset, values[slot]);
        storage.markWritten(offset, s.place->itemBytes);
    }
    recordAccess(arg, true);
}

void Executor::copyBytes(size_t to, size_t source)
{
    const Stream& src = m_streams[source];
    const Stream& dst = m_streams[to];
    const int item = src.place->itemBytes;
    // Every byte is read into `bytes` before any is written: source and
    // destination may share storage.
    std::vector<uint8_t>& bytes = m_bytes;
    bytes.resize(static_cast<size_t>(m_points.count * item));
    const Storage& from = *src.place->storage;
    const uint8_t* data = from.data();
    UnwrittenCount unwritten;
    const bool rows = !src.listed && !dst.listed && m_points.mask.empty();
    if (rows) {
        forEachRow(src, m_points, [&](int64_t k0, int64_t offset, int64_t n, int64_t step) {
            if (step == item) {
                std::memcpy(bytes.data() + k0 * item, data + offset, static_cast<size_t>(n * item));
            } else {
                for (int64_t j = 0; j < n; ++j)
                    std::memcpy(bytes.data() + (k0 + j) * item, data + offset + j * step, static_cast<size_t>(item));
            }
            unwritten.checkRow(from, offset, n, step, item);
        });
    } else {
        src.forEach(m_points, [&](int64_t k, int64_t offset) {
            if (!m_points.active(k)) return;
            std::memcpy(bytes.data() + k * item, data + offset, static_cast<size_t>(item));
            unwritten.check(from, offset);
        });
    }
    recordRead(source, unwritten.count, unwritten.first);
    recordAccess(source, false);
    Storage& into = *dst.place->storage;
    uint8_t* out = into.data();
    if (rows) {
        forEachRow(dst, m_points, [&](int64_t k0, int64_t offset, int64_t n, int64_t step) {
            if (step == item) {
                std::memcpy(out + offset, bytes.data() + k0 * item, static_cast<size_t>(n * item));
            } else {
                for (int64_t j = 0; j < n; ++j)
                    std::memcpy(out + offset + j * step, bytes.data() + (k0 + j) * item, static_cast<size_t>(item));
            }
            into.markRow(offset, n, step, item);
        });
    } else {
        dst.forEach(m_points, [&](int64_t k, int64_t offset) {
            if (!m_points.active(k)) return;
            std::memcpy(out + offset, bytes.data() + k * item, static_cast<size_t>(item));
            into.markWritten(offset, item);
        });
    }
    recordAccess(to, true);
}

void Executor::recordRead(size_t arg, int64_t unwritten, int64_t firstOffset)
{
    if (unwritten == 0) return;
    const TensorPlace& p = place(arg);
    const auto key = std::make_pair(m_ins->call, p.name);
    const auto it = m_uninitialisedIndex.find(key);
    if (it != m_uninitialisedIndex.end()) {
        auto& report = m_result.uninitialised[it->second];
        report.elements += unwritten;
        ++report.instructions;
        return;
    }
    UninitialisedRead report;
    report.instruction = m_result.instructions;
    report.op = std::string(m_ins->callable->name);
    report.tensor = p.name;
    report.span = m_ins->span;
    report.elements = unwritten;
    report.instructions = 1;
    report.partition = firstOffset / p.storage->partitionBytes();
    report.byte = firstOffset % p.storage->partitionBytes();
    m_uninitialisedIndex.emplace(key, m_result.uninitialised.size());
    m_result.uninitialised.push_back(std::move(report));
}

void Executor::recordAccess(size_t arg, bool write)
{
    if (!m_recordTrace) return;
    const Stream& s = m_streams[arg];
    if (s.partitionHi < s.partitionLo) return;
    m_record.accesses.push_back(
        {s.place->name, s.place->scope, s.partitionLo, s.partitionHi + 1, s.byteLo, s.byteHi + 1, write});
}

} // namespace tirx::sim
