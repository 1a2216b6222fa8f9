#include "nki/launch.h"

#include "files/checked_read.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <filesystem>

namespace tirx::nki {

namespace {

using nlohmann::json;

constexpr size_t kMaxLaunchBytes = size_t{16} << 20;

struct Invalid {
    std::string message;
};

[[noreturn]] void fail(const std::string& what) { throw Invalid{what}; }

std::optional<int64_t> number(std::string_view text)
{
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return v;
}

std::vector<int64_t> shapeOf(const json& v, const std::string& path)
{
    if (!v.is_array()) fail(path + ": expected an array of integers");
    std::vector<int64_t> out;
    for (const auto& d : v) {
        if (!d.is_number_integer() || d.get<int64_t>() < 0) fail(path + ": expected non-negative integers");
        out.push_back(d.get<int64_t>());
    }
    return out;
}

TensorArg tensorOf(const json& v, const std::string& name, const std::string& path)
{
    if (!v.is_object()) fail(path + ": expected {\"shape\", \"dtype\"}");
    TensorArg t;
    t.name = name;
    if (!v.contains("shape")) fail(path + ": missing \"shape\"");
    t.shape = shapeOf(v["shape"], path + ".shape");
    if (!v.contains("dtype") || !v["dtype"].is_string()) fail(path + ": missing \"dtype\" (a string)");
    t.dtype = v["dtype"].get<std::string>();
    return t;
}

std::string textOf(const json& v, const std::string& path)
{
    if (!v.is_string()) fail(path + ": expected a string");
    return v.get<std::string>();
}

Launch launchOf(const json& root, const std::string& baseDir)
{
    if (!root.is_object()) fail("expected a JSON object");
    Launch l;
    if (auto it = root.find("entry"); it != root.end() && !it->is_null()) l.entry = textOf(*it, "entry");
    if (auto it = root.find("args"); it != root.end() && !it->is_null()) {
        if (!it->is_array()) fail("args: expected an array");
        for (size_t i = 0; i < it->size(); ++i) {
            const std::string path = "args[" + std::to_string(i) + "]";
            const json& a = (*it)[i];
            if (!a.is_object() || !a.contains("name")) fail(path + ": expected {\"name\", \"shape\", \"dtype\"}");
            l.args.push_back(tensorOf(a, textOf(a["name"], path + ".name"), path));
        }
    }
    if (auto it = root.find("kwargs"); it != root.end() && !it->is_null()) {
        if (!it->is_object()) fail("kwargs: expected an object");
        for (const auto& [name, value] : it->items()) {
            KeywordArg k;
            k.name = name;
            if (value.is_object())
                k.tensor = tensorOf(value, name, "kwargs." + name);
            else
                k.expression = textOf(value, "kwargs." + name);
            l.kwargs.push_back(std::move(k));
        }
    }
    if (auto it = root.find("setup"); it != root.end() && !it->is_null()) l.setup = textOf(*it, "setup");
    if (auto it = root.find("reference"); it != root.end() && !it->is_null()) l.reference = textOf(*it, "reference");
    if (auto it = root.find("grid"); it != root.end() && !it->is_null()) {
        l.grid = shapeOf(*it, "grid");
        for (int64_t g : *l.grid) {
            if (g < 1) fail("grid: every dimension is at least 1");
        }
    }
    if (auto it = root.find("lnc"); it != root.end() && !it->is_null()) {
        if (!it->is_number_integer() || (it->get<int64_t>() != 1 && it->get<int64_t>() != 2))
            fail("lnc: expected 1 or 2");
        l.lnc = it->get<int>();
    }
    if (auto it = root.find("sys_path"); it != root.end() && !it->is_null()) {
        if (!it->is_array()) fail("sys_path: expected an array of folders");
        for (size_t i = 0; i < it->size(); ++i) {
            const std::filesystem::path p = textOf((*it)[i], "sys_path[" + std::to_string(i) + "]");
            l.sysPath.push_back((p.is_absolute() ? p : std::filesystem::path(baseDir) / p).lexically_normal().string());
        }
    }
    if (auto it = root.find("target"); it != root.end() && !it->is_null()) l.target = textOf(*it, "target");
    return l;
}

// Line and column (1-based) of a byte offset.
std::pair<size_t, size_t> lineColumn(std::string_view text, size_t byte)
{
    size_t line = 1;
    size_t column = 1;
    for (size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

} // namespace

LaunchResult parseLaunch(std::string_view text, const std::string& origin, const std::string& baseDir)
{
    LaunchResult out;
    json root;
    try {
        root = json::parse(text);
    } catch (const json::parse_error& e) {
        const auto [line, column] = lineColumn(text, e.byte > 0 ? e.byte - 1 : 0);
        out.error = origin + ":" + std::to_string(line) + ":" + std::to_string(column) +
                    ": error: the launch is not valid JSON";
        return out;
    }
    try {
        out.launch = launchOf(root, baseDir);
    } catch (const Invalid& e) {
        out.error = origin + ":1:1: error: " + e.message;
    }
    return out;
}

LaunchResult readLaunchFile(const std::string& path)
{
    auto read = files::readCheckedFile(path, kMaxLaunchBytes);
    if (!read.bytes) return {std::nullopt, path + ":1:1: error: cannot read the launch file: " + read.reason};
    std::error_code ec;
    const auto dir = std::filesystem::absolute(path, ec).parent_path().string();
    return parseLaunch(*read.bytes, path, dir);
}

std::optional<TensorArg> parseTensorSpec(const std::string& name, std::string_view spec, std::string* error)
{
    const auto colon = spec.rfind(':');
    if (colon == std::string_view::npos || colon + 1 == spec.size()) {
        *error = "'" + std::string(spec) + "' is not SHAPE:DTYPE (for example 128x512:bfloat16)";
        return std::nullopt;
    }
    TensorArg t;
    t.name = name;
    t.dtype = std::string(spec.substr(colon + 1));
    const std::string_view dims = spec.substr(0, colon);
    size_t start = 0;
    while (start <= dims.size() && !dims.empty()) {
        size_t end = dims.find_first_of("x,", start);
        if (end == std::string_view::npos) end = dims.size();
        const auto d = number(dims.substr(start, end - start));
        if (!d || *d < 0) {
            *error = "'" + std::string(dims) + "' is not a shape (dimensions joined by x, for example 128x512)";
            return std::nullopt;
        }
        t.shape.push_back(*d);
        start = end + 1;
    }
    return t;
}

std::optional<std::vector<int64_t>> parseGrid(std::string_view text, std::string* error)
{
    std::vector<int64_t> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string_view::npos) end = text.size();
        const auto d = number(text.substr(start, end - start));
        if (!d || *d < 1) {
            *error = "'" + std::string(text) + "' is not a grid (positive integers joined by commas, for example 2,3)";
            return std::nullopt;
        }
        out.push_back(*d);
        start = end + 1;
    }
    return out;
}

json launchToJson(const Launch& launch)
{
    const auto tensor = [](const TensorArg& t) { return json{{"shape", t.shape}, {"dtype", t.dtype}}; };
    json args = json::array();
    for (const auto& a : launch.args) {
        json j = tensor(a);
        j["name"] = a.name;
        args.push_back(j);
    }
    json kwargs = json::object();
    for (const auto& k : launch.kwargs) kwargs[k.name] = k.tensor ? tensor(*k.tensor) : json(k.expression);
    json j{
        {"args", args}, {"kwargs", kwargs}, {"setup", launch.setup}, {"lnc", launch.lnc}, {"sys_path", launch.sysPath}};
    j["entry"] = launch.entry.empty() ? json(nullptr) : json(launch.entry);
    j["grid"] = launch.grid ? json(*launch.grid) : json(nullptr);
    if (!launch.target.empty()) j["target"] = launch.target;
    return j;
}

std::string launchFileText(const Launch& launch, const std::string& baseDir)
{
    json j = launchToJson(launch);
    json relative = json::array();
    for (const auto& dir : launch.sysPath) {
        std::error_code ec;
        const auto rel = std::filesystem::relative(dir, baseDir, ec);
        relative.push_back(ec || rel.empty() ? dir : rel.generic_string());
    }
    j["sys_path"] = relative;
    return j.dump(2) + "\n";
}

} // namespace tirx::nki
