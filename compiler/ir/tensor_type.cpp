#include "ir/tensor_type.h"

#include "ir/make.h"
#include "ir/mem_space.h"

#include <string>

namespace tirx {

TensorType::TensorType(Fields fields) : m_f(std::move(fields))
{
    if (m_f.scope.empty()) m_f.scope = scopeName(MemSpace::Hbm);
    if (m_f.alignment <= 0) m_f.alignment = 64;
    if (m_f.offsetFactor == 0) m_f.offsetFactor = 1;
    if (!m_f.elemOffset) {
        const bool wide = !m_f.shape.empty() && m_f.shape.front()->dtype() == DataType::int64();
        m_f.elemOffset = intImm(0, wide ? DataType::int64() : DataType::int32());
    }
}

TensorTypeRef makeTensorType(TensorType::Fields fields)
{
    return std::make_shared<const TensorType>(std::move(fields));
}

namespace {

// Keys are compared, never read: numbers go in as raw bytes.
void appendInt(std::string& out, int64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }

void appendDType(std::string& out, DataType t)
{
    const char bytes[] = {static_cast<char>(t.code()), static_cast<char>(t.bits()), static_cast<char>(t.lanes())};
    out.append(bytes, sizeof bytes);
}

bool appendConst(std::string& out, const Expr& e)
{
    const auto v = constInt(e);
    if (!v) return false;
    appendInt(out, *v);
    appendDType(out, e->dtype());
    return true;
}

bool appendIters(std::string& out, const std::vector<Iter>& iters)
{
    appendInt(out, static_cast<int64_t>(iters.size()));
    for (const auto& it : iters) {
        if (!appendConst(out, it.extent) || !appendConst(out, it.stride)) return false;
        out += it.axis.name();
        out += ';';
    }
    return true;
}

} // namespace

std::string constantTypeKey(const TensorType& type)
{
    if (!type.strides().empty()) return {};
    std::string out = type.scope();
    out += '|';
    appendDType(out, type.dtype());
    const int sizes[] = {type.alignment(), type.offsetFactor()};
    out.append(reinterpret_cast<const char*>(sizes), sizeof sizes);
    if (type.elemOffset() && !appendConst(out, type.elemOffset())) return {};
    // Counts before lists, so that no two types' bytes run together alike.
    out += "|d";
    appendInt(out, static_cast<int64_t>(type.shape().size()));
    for (const auto& d : type.shape()) {
        if (!appendConst(out, d)) return {};
    }
    if (const auto& layout = type.layout()) {
        out += "|s";
        if (!appendIters(out, layout->shard())) return {};
        out += "|r";
        if (!appendIters(out, layout->replica())) return {};
        out += "|o";
        appendInt(out, static_cast<int64_t>(layout->offset().size()));
        for (const auto& [axis, value] : layout->offset()) {
            out += axis.name();
            if (!appendConst(out, value)) return {};
        }
    }
    return out;
}

} // namespace tirx
