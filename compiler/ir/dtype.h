#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tirx {

// A scalar data type: code, bit width and vector lanes. Vector types exist so
// that they parse, but Trainium code generation rejects them.
class DataType {
public:
    enum class Code : uint8_t { Int, UInt, Float, BFloat, Float8E4M3, Float8E5M2, Bool, Handle, Void };

    constexpr DataType() = default;
    constexpr DataType(Code code, int bits, int lanes = 1) : m_code(code), m_bits(bits), m_lanes(lanes) {}

    static constexpr DataType int8() { return {Code::Int, 8}; }
    static constexpr DataType int16() { return {Code::Int, 16}; }
    static constexpr DataType int32() { return {Code::Int, 32}; }
    static constexpr DataType int64() { return {Code::Int, 64}; }
    static constexpr DataType uint8() { return {Code::UInt, 8}; }
    static constexpr DataType float16() { return {Code::Float, 16}; }
    static constexpr DataType float32() { return {Code::Float, 32}; }
    static constexpr DataType float64() { return {Code::Float, 64}; }
    static constexpr DataType bfloat16() { return {Code::BFloat, 16}; }
    static constexpr DataType boolean() { return {Code::Bool, 1}; }
    static constexpr DataType handle() { return {Code::Handle, 64}; }
    static constexpr DataType voidType() { return {Code::Void, 0}; }

    [[nodiscard]] constexpr Code code() const { return m_code; }
    [[nodiscard]] constexpr int bits() const { return m_bits; }
    [[nodiscard]] constexpr int lanes() const { return m_lanes; }

    [[nodiscard]] constexpr bool isInt() const { return m_code == Code::Int; }
    [[nodiscard]] constexpr bool isUInt() const { return m_code == Code::UInt; }
    [[nodiscard]] constexpr bool isBool() const { return m_code == Code::Bool; }
    [[nodiscard]] constexpr bool isIntegral() const { return isInt() || isUInt() || isBool(); }
    [[nodiscard]] constexpr bool isFloat() const
    {
        return m_code == Code::Float || m_code == Code::BFloat || m_code == Code::Float8E4M3 ||
               m_code == Code::Float8E5M2;
    }
    [[nodiscard]] constexpr bool isHandle() const { return m_code == Code::Handle; }
    [[nodiscard]] constexpr bool isVoid() const { return m_code == Code::Void; }

    // Storage size of one element in bytes; bool is stored as one byte.
    [[nodiscard]] int bytes() const;

    // The reference's dtype string: "float32", "bfloat16", "float8_e4m3", "float32x4", ...
    [[nodiscard]] std::string str() const;
    // Parses a dtype string; nullopt when it names no type.
    [[nodiscard]] static std::optional<DataType> parse(std::string_view text);

    friend constexpr bool operator==(const DataType&, const DataType&) = default;

private:
    Code m_code = Code::Void;
    int m_bits = 0;
    int m_lanes = 1;
};

} // namespace tirx
