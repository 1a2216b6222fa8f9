#pragma once

// Hand-written NKI traces (resources/nki/TRACE.md, version 1) for the
// reader, plan and check tests: a builder that writes the JSON the
// stand-in would, so each test states only the tensors and instructions
// it is about.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nkitest {

using nlohmann::json;

inline json loc(int line, int column = 5) { return {{"file", 0}, {"line", line}, {"column", column}}; }

class TraceBuilder {
public:
    TraceBuilder() { m_programs.push_back(program({})); }

    // An on-chip tile of `partitions` × `bytes` per partition; address
    // (partition, byte) when given.
    int tile(const std::string& name, const std::string& buffer, int64_t partitions, int64_t bytes, int line,
             std::optional<std::pair<int64_t, int64_t>> address = std::nullopt)
    {
        json& tensors = current()["tensors"];
        const int id = static_cast<int>(tensors.size());
        json t{{"id", id},
               {"name", name},
               {"buffer", buffer},
               {"shape", {partitions, bytes / 4}},
               {"dtype", "float32"},
               {"dtype_bytes", 4},
               {"kind", "ndarray"},
               {"created_by", "nl.ndarray"},
               {"loc", loc(line)},
               {"stack", json::array({loc(line)})},
               {"partitions", {address ? address->first : 0, (address ? address->first : 0) + partitions}},
               {"bytes_per_partition", bytes},
               {"address", address ? json{{"partition", address->first}, {"byte", address->second}} : json(nullptr)},
               {"blocks", nullptr}};
        tensors.push_back(t);
        return id;
    }

    // A legacy block tile: `count` blocks rotated over `tiles` addresses
    // by mod_alloc, `bytes` apart.
    int blockTile(const std::string& name, int64_t count, int64_t tiles, int64_t bytes, int line)
    {
        const int id = tile(name, "sbuf", 128, bytes, line);
        json& t = current()["tensors"][static_cast<size_t>(id)];
        json addresses = json::array();
        for (int64_t b = 0; b < count; ++b) addresses.push_back({{"partition", 0}, {"byte", (b % tiles) * bytes}});
        t["kind"] = "block";
        t["shape"] = {count, 128, bytes / 4};
        t["blocks"] = {
            {"count", count}, {"addresses", addresses}, {"rotation", {{"allocator", "mod_alloc"}, {"tiles", tiles}}}};
        return id;
    }

    int hbm(const std::string& name, std::vector<int64_t> shape)
    {
        json& tensors = current()["tensors"];
        const int id = static_cast<int>(tensors.size());
        tensors.push_back({{"id", id},
                           {"name", name},
                           {"buffer", "hbm"},
                           {"shape", shape},
                           {"dtype", "bfloat16"},
                           {"dtype_bytes", 2},
                           {"kind", "argument"},
                           {"created_by", "argument"},
                           {"loc", nullptr},
                           {"stack", json::array()}});
        return id;
    }

    // One instruction writing `writes` and reading `reads` (whole tensors,
    // or one block as {tensor, block}).
    int64_t op(const std::string& name, std::vector<std::pair<int, int64_t>> writes,
               std::vector<std::pair<int, int64_t>> reads, int line)
    {
        json& instructions = current()["instructions"];
        const auto index = static_cast<int64_t>(instructions.size());
        const auto regions = [&](const std::vector<std::pair<int, int64_t>>& list) {
            json out = json::array();
            for (const auto& [tensor, block] : list) {
                out.push_back({{"tensor", tensor},
                               {"block", block < 0 ? json(nullptr) : json(block)},
                               {"partitions", {{"start", 0}, {"step", 1}, {"count", 128}}},
                               {"free", {{"offset", 0}, {"dims", json::array({json::array({1, 16})})}}},
                               {"bytes", {0, 64}},
                               {"masked", false}});
            }
            return out;
        };
        instructions.push_back({{"index", index},
                                {"op", name},
                                {"engine", "act"},
                                {"writes", regions(writes)},
                                {"reads", regions(reads)},
                                {"args", json::object()},
                                {"loc", loc(line, 9)},
                                {"stack", json::array({loc(line, 9)})}});
        return index;
    }
    int64_t write(int tensor, int line) { return op("nisa.memset", {{tensor, -1}}, {}, line); }
    int64_t read(int tensor, int line) { return op("nisa.dma_copy", {}, {{tensor, -1}}, line); }

    void loop(const std::string& kind, int64_t first, int64_t last, int line)
    {
        current()["loops"].push_back({{"kind", kind}, {"first", first}, {"last", last}, {"loc", loc(line)}});
    }

    void note(const std::string& severity, const std::string& code, const std::string& message, int line)
    {
        current()["notes"].push_back({{"severity", severity},
                                      {"code", code},
                                      {"message", message},
                                      {"loc", loc(line)},
                                      {"stack", json::array()}});
    }

    // Starts another program instance (a grid's next one).
    void nextProgram(std::vector<int64_t> id) { m_programs.push_back(program(std::move(id))); }

    [[nodiscard]] json document() const
    {
        return {{"format", "tirx-nki-trace"},
                {"version", 1},
                {"kernel", {{"file", "/k/kernel.py"}, {"entry", "kernel"}, {"api", "nki"}}},
                {"launch", {{"grid", nullptr}, {"lnc", 1}}},
                {"files", {"/k/kernel.py"}},
                {"programs", m_programs},
                {"notes", json::array()},
                {"error", nullptr}};
    }
    [[nodiscard]] std::string text() const { return document().dump(); }

private:
    static json program(std::vector<int64_t> id)
    {
        return {{"program", id},          {"tensors", json::array()}, {"instructions", json::array()},
                {"loops", json::array()}, {"notes", json::array()},   {"truncated", false}};
    }
    json& current() { return m_programs.back(); }

    std::vector<json> m_programs;
};

} // namespace nkitest
