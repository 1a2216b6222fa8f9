#include "sim/executor.h"

#include "sim/hardware_limits.h"
#include "sim/semantics.h"

#include <algorithm>
#include <cstring>

namespace tirx::sim {

Executor::Executor(Machine& machine, RunResult& result, bool recordTrace)
    : m_machine(machine), m_result(result), m_recordTrace(recordTrace)
{
}

bool Executor::fail(std::string text)
{
    const Span span = m_ins && m_ins->call ? m_ins->call->span() : Span{};
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
    for (size_t a = 0; a < ins.operands.size(); ++a) {
        if (!ins.operands[a]) continue;
        const auto& op = *ins.operands[a];
        const TensorPlace* place = m_machine.find(op.load->tensor().get());
        if (!place) return fail("tensor '" + op.load->tensor()->name() + "' is used before it is allocated");
        auto stream = makeStream(ins, op, *place, m_points, env, &error);
        if (!stream) return fail(error);
        m_streams[a] = std::move(*stream);
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
    m_record.span = ins.call->span();
    m_record.elements = m_points.activeCount();
    if (!Semantics(*this).run()) return false;
    auto& count = m_result.engines[m_record.engine];
    ++count.instructions;
    count.elements += m_record.elements;
    ++m_result.instructions;
    if (m_recordTrace) m_result.trace.push_back(std::move(m_record));
    return true;
}

std::vector<float> Executor::gather(size_t arg)
{
    std::vector<float> out(static_cast<size_t>(m_points.count), 0.0f);
    if (!isTensor(arg)) {
        std::fill(out.begin(), out.end(), static_cast<float>(constArg(m_ins->args()[arg]).value_or(0.0)));
        return out;
    }
    const Stream& s = m_streams[arg];
    const uint8_t* data = s.place->storage->data();
    const uint8_t* written = s.place->storage->written();
    int64_t unwritten = 0;
    int64_t first = -1;
    const PointSet& points = m_points;
    float* dst = out.data();
    withKind(s.place->kind, [&]<ElementKind K>() {
        s.forEach(points, [&](int64_t k, int64_t offset) {
            if (!points.active(k)) return;
            dst[k] = loadAs<K>(data + offset);
            if (!written[offset]) {
                if (first < 0) first = offset;
                ++unwritten;
            }
        });
    });
    recordRead(arg, unwritten, first);
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
    const uint8_t* data = s.place->storage->data();
    const uint8_t* written = s.place->storage->written();
    int64_t unwritten = 0;
    int64_t first = -1;
    for (size_t i = 0; i < pointsAt.size(); ++i) {
        if (pointsAt[i] < 0) continue;
        const int64_t offset = offsetOf[static_cast<size_t>(pointsAt[i])];
        out[i] = loadElement(s.place->kind, data + offset);
        if (!written[offset]) {
            if (first < 0) first = offset;
            ++unwritten;
        }
    }
    recordRead(arg, unwritten, first);
    recordAccess(arg, false);
    return out;
}

void Executor::scatter(size_t arg, const std::vector<float>& values)
{
    const Stream& s = m_streams[arg];
    uint8_t* data = s.place->storage->data();
    uint8_t* written = s.place->storage->written();
    const int item = s.place->itemBytes;
    const PointSet& points = m_points;
    const float* src = values.data();
    withKind(s.place->kind, [&]<ElementKind K>() {
        s.forEach(points, [&](int64_t k, int64_t offset) {
            if (!points.active(k)) return;
            storeAs<K>(data + offset, src[k]);
            std::memset(written + offset, 1, static_cast<size_t>(item));
        });
    });
    recordAccess(arg, true);
}

void Executor::scatterSlots(size_t arg, const std::vector<float>& values, const std::vector<int64_t>& firstPoints)
{
    const Stream& s = m_streams[arg];
    std::vector<int64_t> offsetOf(static_cast<size_t>(m_points.count), -1);
    s.forEach(m_points, [&](int64_t k, int64_t offset) { offsetOf[static_cast<size_t>(k)] = offset; });
    uint8_t* data = s.place->storage->data();
    uint8_t* written = s.place->storage->written();
    for (size_t slot = 0; slot < firstPoints.size(); ++slot) {
        if (firstPoints[slot] < 0) continue;
        const int64_t offset = offsetOf[static_cast<size_t>(firstPoints[slot])];
        storeElement(s.place->kind, data + offset, values[slot]);
        std::memset(written + offset, 1, static_cast<size_t>(s.place->itemBytes));
    }
    recordAccess(arg, true);
}

void Executor::copyBytes(size_t to, size_t from)
{
    const Stream& src = m_streams[from];
    const Stream& dst = m_streams[to];
    const int item = src.place->itemBytes;
    std::vector<uint8_t> bytes(static_cast<size_t>(m_points.count * item));
    std::vector<uint8_t> flags(static_cast<size_t>(m_points.count), 1);
    const uint8_t* data = src.place->storage->data();
    const uint8_t* written = src.place->storage->written();
    int64_t unwritten = 0;
    int64_t first = -1;
    src.forEach(m_points, [&](int64_t k, int64_t offset) {
        if (!m_points.active(k)) return;
        std::memcpy(bytes.data() + k * item, data + offset, static_cast<size_t>(item));
        if (!written[offset]) {
            if (first < 0) first = offset;
            ++unwritten;
        }
    });
    recordRead(from, unwritten, first);
    recordAccess(from, false);
    uint8_t* out = dst.place->storage->data();
    uint8_t* outWritten = dst.place->storage->written();
    dst.forEach(m_points, [&](int64_t k, int64_t offset) {
        if (!m_points.active(k)) return;
        std::memcpy(out + offset, bytes.data() + k * item, static_cast<size_t>(item));
        std::memset(outWritten + offset, 1, static_cast<size_t>(item));
    });
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
    report.span = m_ins->call->span();
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
