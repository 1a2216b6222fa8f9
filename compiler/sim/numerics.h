#pragma once

#include "ir/dtype.h"

#include <cstdint>
#include <cstring>
#include <optional>

namespace tirx::sim {

// The element formats the simulator stores (chapter 06 §2.6). Every
// arithmetic instruction reads its inputs as float32 and writes float32
// results converted to the destination format; copies between equal formats
// move bytes unchanged.
enum class ElementKind : uint8_t { F32, BF16, F16, F8E4M3, F8E5M2, I8, I16, I32, I64, U8, U16, U32, U64, Bool };

// The kind of a scalar dtype; nullopt for float64, vectors, handles and void,
// which the simulator cannot hold.
[[nodiscard]] std::optional<ElementKind> elementKind(DataType dtype);
[[nodiscard]] int elementBytes(ElementKind kind);

// float32 to the narrow float formats: round to nearest, ties to even; too
// large becomes infinity (float8_e4m3, which has none, becomes NaN); NaN
// stays NaN.
[[nodiscard]] inline uint16_t floatToBfloat16(float value)
{
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    if ((bits & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((bits >> 16) | 0x0040u); // NaN stays quiet NaN
    // Adding 0x7FFF plus the lowest kept bit rounds to nearest even; an
    // overflow carries into the exponent and yields infinity, as it should.
    return static_cast<uint16_t>((bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16);
}
[[nodiscard]] uint16_t floatToHalf(float value);
[[nodiscard]] uint8_t floatToFloat8E4M3(float value);
[[nodiscard]] uint8_t floatToFloat8E5M2(float value);

[[nodiscard]] inline float bfloat16ToFloat(uint16_t bits)
{
    const uint32_t wide = static_cast<uint32_t>(bits) << 16;
    float v;
    std::memcpy(&v, &wide, sizeof v);
    return v;
}
[[nodiscard]] float halfToFloat(uint16_t bits);
[[nodiscard]] float float8E4M3ToFloat(uint8_t bits);
[[nodiscard]] float float8E5M2ToFloat(uint8_t bits);

// float32 to an integer format: round to nearest even and saturate; NaN is 0.
// bool stores 1 for any non-zero value.
[[nodiscard]] int64_t floatToInteger(float value, ElementKind kind);

// One element at `p` read as float32 / written from float32.
[[nodiscard]] float loadElement(ElementKind kind, const uint8_t* p);
void storeElement(ElementKind kind, uint8_t* p, float value);

// The same with the format fixed at compile time, for the inner loops: the
// float32 and bfloat16 cases inline to a load and a shift.
template <ElementKind K> [[nodiscard]] inline float loadAs(const uint8_t* p)
{
    if constexpr (K == ElementKind::F32) {
        float v;
        std::memcpy(&v, p, sizeof v);
        return v;
    } else if constexpr (K == ElementKind::BF16) {
        uint16_t v;
        std::memcpy(&v, p, sizeof v);
        return bfloat16ToFloat(v);
    } else {
        return loadElement(K, p);
    }
}

template <ElementKind K> inline void storeAs(uint8_t* p, float value)
{
    if constexpr (K == ElementKind::F32) {
        std::memcpy(p, &value, sizeof value);
    } else if constexpr (K == ElementKind::BF16) {
        const uint16_t v = floatToBfloat16(value);
        std::memcpy(p, &v, sizeof v);
    } else {
        storeElement(K, p, value);
    }
}

// n elements from `p` at a stride of `step` bytes, read as float32 / written
// from float32. Speed trick "dense fp32 rows": a contiguous float32 row is
// one memcpy.
template <ElementKind K> inline void loadRowAs(const uint8_t* p, int64_t n, int64_t step, float* out)
{
    if (K == ElementKind::F32 && step == 4) {
        std::memcpy(out, p, static_cast<size_t>(n) * 4);
        return;
    }
    for (int64_t j = 0; j < n; ++j) out[j] = loadAs<K>(p + j * step);
}

template <ElementKind K> inline void storeRowAs(uint8_t* p, int64_t n, int64_t step, const float* values)
{
    if (K == ElementKind::F32 && step == 4) {
        std::memcpy(p, values, static_cast<size_t>(n) * 4);
        return;
    }
    for (int64_t j = 0; j < n; ++j) storeAs<K>(p + j * step, values[j]);
}

// Calls f.template operator()<K>() for the run-time kind `kind`.
template <class F> inline void withKind(ElementKind kind, F&& f)
{
    switch (kind) {
    case ElementKind::F32: f.template operator()<ElementKind::F32>(); return;
    case ElementKind::BF16: f.template operator()<ElementKind::BF16>(); return;
    case ElementKind::F16: f.template operator()<ElementKind::F16>(); return;
    case ElementKind::F8E4M3: f.template operator()<ElementKind::F8E4M3>(); return;
    case ElementKind::F8E5M2: f.template operator()<ElementKind::F8E5M2>(); return;
    case ElementKind::I8: f.template operator()<ElementKind::I8>(); return;
    case ElementKind::I16: f.template operator()<ElementKind::I16>(); return;
    case ElementKind::I32: f.template operator()<ElementKind::I32>(); return;
    case ElementKind::I64: f.template operator()<ElementKind::I64>(); return;
    case ElementKind::U8: f.template operator()<ElementKind::U8>(); return;
    case ElementKind::U16: f.template operator()<ElementKind::U16>(); return;
    case ElementKind::U32: f.template operator()<ElementKind::U32>(); return;
    case ElementKind::U64: f.template operator()<ElementKind::U64>(); return;
    case ElementKind::Bool: f.template operator()<ElementKind::Bool>(); return;
    }
}

// The byte every never-written SBUF and PSUM byte holds in poison mode:
// all-ones is NaN in every float format and -1 in every signed integer.
inline constexpr uint8_t kPoisonByte = 0xFF;

} // namespace tirx::sim
