#include "ir/dtype.h"

#include <array>
#include <charconv>
#include <utility>

namespace tirx {

namespace {

struct NamedType {
    std::string_view name;
    DataType type;
};

constexpr std::array kNamedTypes = {
    NamedType{"bool", DataType::boolean()},
    NamedType{"int8", DataType::int8()},
    NamedType{"int16", DataType::int16()},
    NamedType{"int32", DataType::int32()},
    NamedType{"int64", DataType::int64()},
    NamedType{"uint8", DataType::uint8()},
    NamedType{"uint16", DataType{DataType::Code::UInt, 16}},
    NamedType{"uint32", DataType{DataType::Code::UInt, 32}},
    NamedType{"uint64", DataType{DataType::Code::UInt, 64}},
    NamedType{"float16", DataType::float16()},
    NamedType{"float32", DataType::float32()},
    NamedType{"float64", DataType::float64()},
    NamedType{"bfloat16", DataType::bfloat16()},
    NamedType{"float8_e4m3", DataType{DataType::Code::Float8E4M3, 8}},
    NamedType{"float8_e5m2", DataType{DataType::Code::Float8E5M2, 8}},
    NamedType{"handle", DataType::handle()},
    NamedType{"void", DataType::voidType()},
};

} // namespace

int DataType::bytes() const
{
    if (m_code == Code::Bool) return m_lanes;
    return (m_bits + 7) / 8 * m_lanes;
}

std::string DataType::str() const
{
    DataType scalar{m_code, m_bits, 1};
    for (const auto& named : kNamedTypes) {
        if (named.type == scalar) {
            std::string text{named.name};
            if (m_lanes != 1) text += "x" + std::to_string(m_lanes);
            return text;
        }
    }
    return "unknown";
}

std::optional<DataType> DataType::parse(std::string_view text)
{
    // Aliases the reference accepts for the float8 types.
    if (text == "float8_e4m3fn" || text == "e4m3_float8") text = "float8_e4m3";
    if (text == "e5m2_float8") text = "float8_e5m2";
    for (const auto& named : kNamedTypes) {
        if (text == named.name) return named.type;
    }
    // Vector forms: "float32x4".
    const auto x = text.rfind('x');
    if (x == std::string_view::npos || x + 1 >= text.size()) return std::nullopt;
    int lanes = 0;
    const auto digits = text.substr(x + 1);
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), lanes);
    if (ec != std::errc{} || ptr != digits.data() + digits.size() || lanes < 2) return std::nullopt;
    auto scalar = parse(text.substr(0, x));
    if (!scalar || scalar->isHandle() || scalar->isVoid()) return std::nullopt;
    return DataType{scalar->code(), scalar->bits(), lanes};
}

} // namespace tirx
