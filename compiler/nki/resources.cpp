#include "nki/resources.h"

#include "paths/resource_paths.h"

namespace tirx::nki {

std::string locateNkiResources(const std::string& executablePath)
{
    return paths::locateResourceFolder(paths::ResourceFolder::Nki, executablePath);
}

std::string currentExecutable() { return paths::currentExecutable(); }

} // namespace tirx::nki
