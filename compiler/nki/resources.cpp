#include "nki/resources.h"

#include <filesystem>

namespace tirx::nki {

namespace fs = std::filesystem;

std::string locateNkiResources(const std::string& executablePath)
{
    std::error_code ec;
    const auto has = [&](const fs::path& dir) { return fs::is_regular_file(dir / "run_kernel.py", ec); };
    if (!executablePath.empty()) {
        const fs::path installed = fs::path(executablePath).parent_path() / ".." / "share" / "tirx-explorer" / "nki";
        if (has(installed)) return installed.lexically_normal().string();
    }
#ifdef TIRX_NKI_SOURCE_RESOURCES
    const fs::path built = TIRX_NKI_SOURCE_RESOURCES;
    if (has(built)) return built.string();
#endif
    return {};
}

std::string currentExecutable()
{
    std::error_code ec;
    const auto path = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string{} : path.string();
}

} // namespace tirx::nki
