#include "paths/resource_paths.h"

#include <filesystem>

namespace tirx::paths {

namespace fs = std::filesystem;

std::string folderName(ResourceFolder folder)
{
    switch (folder) {
    case ResourceFolder::Examples: return "examples";
    case ResourceFolder::Templates: return "templates";
    case ResourceFolder::Device: return "device";
    case ResourceFolder::Nki: return "nki";
    }
    return {};
}

std::string markerFile(ResourceFolder folder)
{
    switch (folder) {
    case ResourceFolder::Examples: return "softmax.py";
    case ResourceFolder::Templates: return "new_kernel.py";
    case ResourceFolder::Device: return "harness.py";
    case ResourceFolder::Nki: return "run_kernel.py";
    }
    return {};
}

namespace {

// Whether `path` lies inside `folder`, both made absolute and free of
// symbolic links first so that a link into the build tree counts as inside.
bool isInside(const fs::path& path, const fs::path& folder)
{
    std::error_code ec;
    const fs::path child = fs::weakly_canonical(path, ec);
    if (ec) return false;
    const fs::path parent = fs::weakly_canonical(folder, ec);
    if (ec || parent.empty()) return false;
    const fs::path relative = child.lexically_relative(parent);
    return !relative.empty() && *relative.begin() != "..";
}

} // namespace

std::string locateResourceFolder(ResourceFolder folder, const std::string& executablePath,
                                 const std::string& sourceResources, const std::string& buildTree)
{
    std::error_code ec;
    const std::string marker = markerFile(folder);
    const auto holds = [&](const fs::path& dir) { return fs::is_regular_file(dir / marker, ec); };
    // A relative path would be read against the working folder.
    if (executablePath.empty() || !fs::path(executablePath).is_absolute()) return {};
    const fs::path installed =
        (fs::path(executablePath).parent_path() / ".." / "share" / "tirx-explorer" / folderName(folder))
            .lexically_normal();
    if (holds(installed)) return installed.string();
    if (!sourceResources.empty() && !buildTree.empty() && isInside(executablePath, buildTree)) {
        const fs::path built = fs::path(sourceResources) / folderName(folder);
        if (holds(built)) return built.string();
    }
    return {};
}

std::string locateResourceFolder(ResourceFolder folder, const std::string& executablePath)
{
#if defined(TIRX_SOURCE_RESOURCES) && defined(TIRX_BUILD_TREE)
    return locateResourceFolder(folder, executablePath, TIRX_SOURCE_RESOURCES, TIRX_BUILD_TREE);
#else
    return locateResourceFolder(folder, executablePath, {}, {});
#endif
}

std::string currentExecutable()
{
    std::error_code ec;
    const auto path = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string{} : path.string();
}

} // namespace tirx::paths
