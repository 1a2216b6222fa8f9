#include "sim/numerics.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace tirx::sim {

namespace {

// A binary float format narrower than float32: sign, `expBits` exponent bits,
// `manBits` mantissa bits. `ieeeSpecials` formats keep the all-ones exponent
// for infinity and NaN; the others (float8_e4m3fn) use all-ones only for NaN.
struct SmallFloat {
    int expBits;
    int manBits;
    bool ieeeSpecials;
};

constexpr SmallFloat kHalf{5, 10, true};
constexpr SmallFloat kE4M3{4, 3, false};
constexpr SmallFloat kE5M2{5, 2, true};

uint32_t nanBits(const SmallFloat& f)
{
    const uint32_t expAll = (1u << f.expBits) - 1;
    return (expAll << f.manBits) | (f.ieeeSpecials ? 1u << (f.manBits - 1) : (1u << f.manBits) - 1);
}

// Exact: the value is a float, scaling by powers of two is exact in double,
// and nearbyint rounds to nearest even in the default rounding mode.
uint32_t encode(const SmallFloat& f, float value)
{
    const uint32_t sign = std::signbit(value) ? 1u << (f.expBits + f.manBits) : 0u;
    if (std::isnan(value)) return sign | nanBits(f);
    const uint32_t expAll = (1u << f.expBits) - 1;
    const uint32_t infinity = f.ieeeSpecials ? expAll << f.manBits : nanBits(f);
    if (std::isinf(value)) return sign | infinity;
    const double a = std::fabs(static_cast<double>(value));
    if (a == 0.0) return sign;
    const int bias = (1 << (f.expBits - 1)) - 1;
    const int minExp = 1 - bias;
    int e = 0;
    std::frexp(a, &e);
    e -= 1; // a in [2^e, 2^(e+1))
    if (e < minExp) {
        // Subnormal: a multiple of 2^(minExp - manBits); a carry into the
        // exponent field gives the smallest normal, which is what it is.
        const auto m = static_cast<uint32_t>(std::nearbyint(std::ldexp(a, f.manBits - minExp)));
        return sign | m;
    }
    auto r = static_cast<uint32_t>(std::nearbyint(std::ldexp(a, f.manBits - e)));
    if (r == (2u << f.manBits)) {
        r >>= 1;
        ++e;
    }
    const uint32_t biased = static_cast<uint32_t>(e + bias);
    const uint32_t mantissa = r - (1u << f.manBits);
    if (f.ieeeSpecials && biased >= expAll) return sign | infinity;
    if (!f.ieeeSpecials && (biased > expAll || (biased == expAll && mantissa == (1u << f.manBits) - 1)))
        return sign | infinity;
    return sign | (biased << f.manBits) | mantissa;
}

float decode(const SmallFloat& f, uint32_t bits)
{
    const bool negative = (bits >> (f.expBits + f.manBits)) & 1u;
    const uint32_t expAll = (1u << f.expBits) - 1;
    const uint32_t biased = (bits >> f.manBits) & expAll;
    const uint32_t mantissa = bits & ((1u << f.manBits) - 1);
    const int bias = (1 << (f.expBits - 1)) - 1;
    double v = 0.0;
    if (f.ieeeSpecials && biased == expAll) {
        v = mantissa ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    } else if (!f.ieeeSpecials && biased == expAll && mantissa == (1u << f.manBits) - 1) {
        v = std::numeric_limits<double>::quiet_NaN();
    } else if (biased == 0) {
        v = std::ldexp(static_cast<double>(mantissa), 1 - bias - f.manBits);
    } else {
        v = std::ldexp(static_cast<double>(mantissa | (1u << f.manBits)), static_cast<int>(biased) - bias - f.manBits);
    }
    return static_cast<float>(negative ? -v : v);
}

template <class T> T readAs(const uint8_t* p)
{
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template <class T> void writeAs(uint8_t* p, T v) { std::memcpy(p, &v, sizeof v); }

// Decoding tables: a 64 K-entry table for half would cost more cache than it
// saves; the 256-entry float8 ones are cheap.
const std::array<float, 256>& float8Table(const SmallFloat& f)
{
    static const auto build = [](const SmallFloat& g) {
        std::array<float, 256> t{};
        for (uint32_t i = 0; i < 256; ++i) t[i] = decode(g, i);
        return t;
    };
    static const std::array<float, 256> e4m3 = build(kE4M3);
    static const std::array<float, 256> e5m2 = build(kE5M2);
    return f.expBits == 4 ? e4m3 : e5m2;
}

} // namespace

std::optional<ElementKind> elementKind(DataType dtype)
{
    if (dtype.lanes() != 1) return std::nullopt;
    const int bits = dtype.bits();
    switch (dtype.code()) {
    case DataType::Code::Float:
        if (bits == 32) return ElementKind::F32;
        if (bits == 16) return ElementKind::F16;
        return std::nullopt;
    case DataType::Code::BFloat: return bits == 16 ? std::optional{ElementKind::BF16} : std::nullopt;
    case DataType::Code::Float8E4M3: return ElementKind::F8E4M3;
    case DataType::Code::Float8E5M2: return ElementKind::F8E5M2;
    case DataType::Code::Int:
        if (bits == 8) return ElementKind::I8;
        if (bits == 16) return ElementKind::I16;
        if (bits == 32) return ElementKind::I32;
        if (bits == 64) return ElementKind::I64;
        return bits == 1 ? std::optional{ElementKind::Bool} : std::nullopt;
    case DataType::Code::UInt:
        if (bits == 8) return ElementKind::U8;
        if (bits == 16) return ElementKind::U16;
        if (bits == 32) return ElementKind::U32;
        if (bits == 64) return ElementKind::U64;
        return bits == 1 ? std::optional{ElementKind::Bool} : std::nullopt;
    case DataType::Code::Bool: return ElementKind::Bool;
    case DataType::Code::Handle:
    case DataType::Code::Void: return std::nullopt;
    }
    return std::nullopt;
}

int elementBytes(ElementKind kind)
{
    switch (kind) {
    case ElementKind::F32:
    case ElementKind::I32:
    case ElementKind::U32: return 4;
    case ElementKind::BF16:
    case ElementKind::F16:
    case ElementKind::I16:
    case ElementKind::U16: return 2;
    case ElementKind::F8E4M3:
    case ElementKind::F8E5M2:
    case ElementKind::I8:
    case ElementKind::U8:
    case ElementKind::Bool: return 1;
    case ElementKind::I64:
    case ElementKind::U64: return 8;
    }
    return 1;
}

uint16_t floatToHalf(float value) { return static_cast<uint16_t>(encode(kHalf, value)); }
uint8_t floatToFloat8E4M3(float value) { return static_cast<uint8_t>(encode(kE4M3, value)); }
uint8_t floatToFloat8E5M2(float value) { return static_cast<uint8_t>(encode(kE5M2, value)); }

float halfToFloat(uint16_t bits)
{
    const uint32_t sign = (bits & 0x8000u) << 16;
    const uint32_t exponent = (bits >> 10) & 0x1Fu;
    const uint32_t mantissa = bits & 0x3FFu;
    if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
    if (exponent != 0) return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
}

float float8E4M3ToFloat(uint8_t bits) { return float8Table(kE4M3)[bits]; }
float float8E5M2ToFloat(uint8_t bits) { return float8Table(kE5M2)[bits]; }

int64_t floatToInteger(float value, ElementKind kind)
{
    if (kind == ElementKind::Bool) return value != 0.0f ? 1 : 0;
    if (std::isnan(value)) return 0;
    double lo = 0.0;
    double hi = 0.0;
    switch (kind) {
    case ElementKind::I8: lo = -128.0, hi = 127.0; break;
    case ElementKind::I16: lo = -32768.0, hi = 32767.0; break;
    case ElementKind::I32: lo = -2147483648.0, hi = 2147483647.0; break;
    case ElementKind::I64: lo = -9223372036854775808.0, hi = 9223372036854774784.0; break;
    case ElementKind::U8: hi = 255.0; break;
    case ElementKind::U16: hi = 65535.0; break;
    case ElementKind::U32: hi = 4294967295.0; break;
    case ElementKind::U64: hi = 18446744073709549568.0; break;
    case ElementKind::F32:
    case ElementKind::BF16:
    case ElementKind::F16:
    case ElementKind::F8E4M3:
    case ElementKind::F8E5M2:
    case ElementKind::Bool: return 0;
    }
    const double r = std::nearbyint(static_cast<double>(value));
    if (r <= lo) return kind == ElementKind::U64 ? 0 : static_cast<int64_t>(lo);
    if (r >= hi)
        return kind == ElementKind::U64 ? static_cast<int64_t>(std::numeric_limits<uint64_t>::max())
                                        : static_cast<int64_t>(hi);
    if (kind == ElementKind::U64) return static_cast<int64_t>(static_cast<uint64_t>(r));
    return static_cast<int64_t>(r);
}

float loadElement(ElementKind kind, const uint8_t* p)
{
    switch (kind) {
    case ElementKind::F32: return readAs<float>(p);
    case ElementKind::BF16: return bfloat16ToFloat(readAs<uint16_t>(p));
    case ElementKind::F16: return halfToFloat(readAs<uint16_t>(p));
    case ElementKind::F8E4M3: return float8E4M3ToFloat(*p);
    case ElementKind::F8E5M2: return float8E5M2ToFloat(*p);
    case ElementKind::I8: return static_cast<float>(readAs<int8_t>(p));
    case ElementKind::I16: return static_cast<float>(readAs<int16_t>(p));
    case ElementKind::I32: return static_cast<float>(readAs<int32_t>(p));
    case ElementKind::I64: return static_cast<float>(readAs<int64_t>(p));
    case ElementKind::U8: return static_cast<float>(*p);
    case ElementKind::U16: return static_cast<float>(readAs<uint16_t>(p));
    case ElementKind::U32: return static_cast<float>(readAs<uint32_t>(p));
    case ElementKind::U64: return static_cast<float>(readAs<uint64_t>(p));
    case ElementKind::Bool: return *p ? 1.0f : 0.0f;
    }
    return 0.0f;
}

void storeElement(ElementKind kind, uint8_t* p, float value)
{
    switch (kind) {
    case ElementKind::F32: writeAs(p, value); return;
    case ElementKind::BF16: writeAs(p, floatToBfloat16(value)); return;
    case ElementKind::F16: writeAs(p, floatToHalf(value)); return;
    case ElementKind::F8E4M3: *p = floatToFloat8E4M3(value); return;
    case ElementKind::F8E5M2: *p = floatToFloat8E5M2(value); return;
    case ElementKind::I8: writeAs(p, static_cast<int8_t>(floatToInteger(value, kind))); return;
    case ElementKind::I16: writeAs(p, static_cast<int16_t>(floatToInteger(value, kind))); return;
    case ElementKind::I32: writeAs(p, static_cast<int32_t>(floatToInteger(value, kind))); return;
    case ElementKind::I64: writeAs(p, floatToInteger(value, kind)); return;
    case ElementKind::U8: *p = static_cast<uint8_t>(floatToInteger(value, kind)); return;
    case ElementKind::U16: writeAs(p, static_cast<uint16_t>(floatToInteger(value, kind))); return;
    case ElementKind::U32: writeAs(p, static_cast<uint32_t>(floatToInteger(value, kind))); return;
    case ElementKind::U64: writeAs(p, static_cast<uint64_t>(floatToInteger(value, kind))); return;
    case ElementKind::Bool: *p = static_cast<uint8_t>(floatToInteger(value, kind)); return;
    }
}

} // namespace tirx::sim
