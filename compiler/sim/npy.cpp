#include "sim/npy.h"

#include "files/checked_read.h"
#include "ir/checked_int.h"

#include <array>
#include <cctype>
#include <cstring>
#include <fstream>
#include <string_view>

namespace tirx::sim {

namespace {

struct Descr {
    std::string_view text;
    DataType dtype;
};

// Little-endian descriptors; one-byte types carry '|' (numpy writes that)
// but '<' is accepted too. The first entry per dtype is the one written.
const std::array kDescrs = {
    Descr{"<f4", DataType::float32()},  Descr{"<f2", DataType::float16()},       Descr{"|V2", DataType::bfloat16()},
    Descr{"<V2", DataType::bfloat16()}, Descr{"bfloat16", DataType::bfloat16()}, Descr{"|i1", DataType::int8()},
    Descr{"<i1", DataType::int8()},     Descr{"<i2", DataType::int16()},         Descr{"<i4", DataType::int32()},
    Descr{"|u1", DataType::uint8()},    Descr{"<u1", DataType::uint8()},         Descr{"|b1", DataType::boolean()},
    Descr{"<b1", DataType::boolean()},
};

NpyResult fail(std::string text) { return {std::nullopt, std::move(text)}; }

// The value text of 'key': in a header dict, up to the next top-level comma.
std::optional<std::string_view> dictValue(std::string_view header, std::string_view key)
{
    const std::string quoted = "'" + std::string(key) + "'";
    auto at = header.find(quoted);
    if (at == std::string_view::npos) return std::nullopt;
    at = header.find(':', at + quoted.size());
    if (at == std::string_view::npos) return std::nullopt;
    ++at;
    while (at < header.size() && header[at] == ' ') ++at;
    size_t end = at;
    int depth = 0;
    while (end < header.size()) {
        const char c = header[end];
        if (c == '(') ++depth;
        if (c == ')') --depth;
        if ((c == ',' || c == '}') && depth == 0) break;
        ++end;
    }
    return header.substr(at, end - at);
}

std::optional<std::vector<int64_t>> parseShape(std::string_view text)
{
    if (text.size() < 2 || text.front() != '(' || text.back() != ')') return std::nullopt;
    std::vector<int64_t> shape;
    size_t i = 1;
    while (i + 1 < text.size()) {
        while (i + 1 < text.size() && (text[i] == ' ' || text[i] == ',')) ++i;
        if (i + 1 >= text.size()) break;
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
        int64_t v = 0;
        while (i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
            if (v > (int64_t{1} << 48)) return std::nullopt;
            v = v * 10 + (text[i] - '0');
            ++i;
        }
        shape.push_back(v);
        while (i + 1 < text.size() && text[i] == 'L') ++i;
    }
    return shape;
}

std::string unquote(std::string_view v)
{
    if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"') && v.back() == v.front())
        return std::string(v.substr(1, v.size() - 2));
    return std::string(v);
}

} // namespace

NpyResult parseNpy(std::span<const uint8_t> data)
{
    static constexpr std::array<uint8_t, 6> kMagic = {0x93, 'N', 'U', 'M', 'P', 'Y'};
    if (data.size() < 10 || !std::equal(kMagic.begin(), kMagic.end(), data.begin()))
        return fail("not an .npy file (no \\x93NUMPY magic)");
    const int major = data[6];
    size_t headerLength = 0;
    size_t headerStart = 0;
    if (major == 1) {
        headerLength = data[8] | (size_t{data[9]} << 8);
        headerStart = 10;
    } else if (major == 2 || major == 3) {
        if (data.size() < 12) return fail("truncated .npy header");
        headerLength = data[8] | (size_t{data[9]} << 8) | (size_t{data[10]} << 16) | (size_t{data[11]} << 24);
        headerStart = 12;
    } else {
        return fail("unsupported .npy version " + std::to_string(major));
    }
    if (data.size() < headerStart + headerLength) return fail("truncated .npy header");
    const std::string_view header(reinterpret_cast<const char*>(data.data() + headerStart), headerLength);

    const auto descrText = dictValue(header, "descr");
    const auto orderText = dictValue(header, "fortran_order");
    const auto shapeText = dictValue(header, "shape");
    if (!descrText || !orderText || !shapeText) return fail("malformed .npy header: " + std::string(header));
    const std::string descr = unquote(*descrText);
    const Descr* found = nullptr;
    for (const auto& d : kDescrs) {
        if (d.text == descr) found = &d;
    }
    if (!found)
        return fail("unsupported .npy dtype '" + descr +
                    "' (float32, float16, bfloat16, int8, int16, int32, "
                    "uint8 and bool are supported, little-endian)");
    if (*orderText != "False") return fail("fortran-order .npy arrays are not supported; save a C-order array");
    auto shape = parseShape(*shapeText);
    if (!shape) return fail("malformed .npy shape " + std::string(*shapeText));

    // The header may name any shape: its size is checked before it is trusted.
    std::optional<int64_t> total = found->dtype.bytes();
    for (const int64_t d : *shape) total = total ? checkedMul(*total, d) : std::nullopt;
    if (!total) return fail(".npy shape " + std::string(*shapeText) + " has more bytes than fit in 64 bits");
    HostArray array;
    array.dtype = found->dtype;
    array.shape = std::move(*shape);
    const auto bytes = static_cast<size_t>(*total);
    const size_t payload = headerStart + headerLength;
    if (data.size() - payload < bytes)
        return fail("truncated .npy data: " + std::to_string(data.size() - payload) + " bytes for " +
                    std::to_string(bytes));
    array.bytes.assign(data.begin() + static_cast<std::ptrdiff_t>(payload),
                       data.begin() + static_cast<std::ptrdiff_t>(payload + bytes));
    return {std::move(array), {}};
}

NpyResult readNpy(const std::string& path)
{
    const auto file = files::readCheckedFile(path, kMaxNpyFileBytes);
    if (!file.bytes) return fail(path + ": cannot read the file: " + file.reason);
    auto result = parseNpy({reinterpret_cast<const uint8_t*>(file.bytes->data()), file.bytes->size()});
    if (!result.array) result.error = path + ": " + result.error;
    return result;
}

std::optional<std::vector<uint8_t>> encodeNpy(const HostArray& array, std::string* error)
{
    const Descr* found = nullptr;
    for (const auto& d : kDescrs) {
        if (d.dtype == array.dtype && !found) found = &d;
    }
    if (!found) {
        if (error) *error = "dtype " + array.dtype.str() + " cannot be written to .npy";
        return std::nullopt;
    }
    std::string header = "{'descr': '" + std::string(found->text) + "', 'fortran_order': False, 'shape': (";
    for (size_t i = 0; i < array.shape.size(); ++i) {
        header += std::to_string(array.shape[i]);
        if (array.shape.size() == 1 || i + 1 < array.shape.size()) header += ",";
        if (i + 1 < array.shape.size()) header += " ";
    }
    header += "), }";
    // Magic, version, length and header together are a multiple of 64 bytes,
    // the header ending in a newline (the format's own rule).
    const size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::vector<uint8_t> out = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
    out.push_back(static_cast<uint8_t>(header.size() & 0xFF));
    out.push_back(static_cast<uint8_t>(header.size() >> 8));
    out.insert(out.end(), header.begin(), header.end());
    out.insert(out.end(), array.bytes.begin(), array.bytes.end());
    return out;
}

std::string writeNpy(const std::string& path, const HostArray& array)
{
    std::string error;
    const auto data = encodeNpy(array, &error);
    if (!data) return error;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write '" + path + "'";
    out.write(reinterpret_cast<const char*>(data->data()), static_cast<std::streamsize>(data->size()));
    if (!out) return "cannot write '" + path + "'";
    return {};
}

} // namespace tirx::sim
