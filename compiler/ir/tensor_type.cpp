#include "ir/tensor_type.h"

#include "ir/make.h"

namespace tirx {

TensorType::TensorType(Fields fields) : m_f(std::move(fields))
{
    if (m_f.scope.empty()) m_f.scope = "global";
    if (m_f.alignment <= 0) m_f.alignment = 64;
    if (m_f.offsetFactor == 0) m_f.offsetFactor = 1;
    if (!m_f.elemOffset) {
        const bool wide = !m_f.shape.empty() && m_f.shape.front()->dtype() == DataType::int64();
        m_f.elemOffset = intImm(0, wide ? DataType::int64() : DataType::int32());
    }
}

TensorTypeRef makeTensorType(TensorType::Fields fields) { return std::make_shared<const TensorType>(std::move(fields)); }

} // namespace tirx
