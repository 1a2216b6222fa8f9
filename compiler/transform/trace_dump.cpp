#include "transform/trace_dump.h"

#include "transform/trace_json.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <system_error>
#include <vector>

namespace tirx {

namespace {

std::optional<std::string> writeFile(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) return path.string() + ": cannot write the file";
    return std::nullopt;
}

} // namespace

std::optional<std::string> writeTraceDump(const Trace& trace, const std::filesystem::path& dir)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return dir.string() + ": cannot create the directory: " + ec.message();
    std::vector<std::string> files;
    for (size_t i = 0; i < trace.entries.size(); ++i) {
        files.push_back(dumpFileName(i, trace.entries[i]->passName));
        if (auto error = writeFile(dir / files.back(), trace.entries[i]->text)) return error;
    }
    return writeFile(dir / "trace.json", traceToJson(trace, files).dump(2) + "\n");
}

} // namespace tirx
