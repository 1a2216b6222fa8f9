#pragma once

#include <string>

namespace tirx::paths {

// The folders of resources/ that a program reads at run time or that an
// installation ships beside the programs (share/tirx-explorer/<folder>).
enum class ResourceFolder { Examples, Templates, Device, Nki };

// The folder's name under resources/ and share/tirx-explorer/.
[[nodiscard]] std::string folderName(ResourceFolder folder);

// A file every copy of the folder holds; a folder without it is not a copy.
[[nodiscard]] std::string markerFile(ResourceFolder folder);

// Where a resource folder is at run time, never looked up from the working
// folder: the installed copy at <prefix>/share/tirx-explorer/<folder> beside
// <prefix>/bin/<executable> first (which also finds a prefix that was moved
// elsewhere), then -- only for a program that still lives in the build tree
// it was built in -- the source tree's resources/<folder>. An installed
// program never falls back to the source tree, so a broken installation
// reports itself instead of reading whatever checkout happens to remain on
// the machine. Empty when no copy holds the marker file, and for a relative
// executablePath, which would be read against the working folder.
[[nodiscard]] std::string locateResourceFolder(ResourceFolder folder, const std::string& executablePath);

// The same search with the source and build trees given, for tests.
[[nodiscard]] std::string locateResourceFolder(ResourceFolder folder, const std::string& executablePath,
                                               const std::string& sourceResources, const std::string& buildTree);

// The running program's own file (/proc/self/exe), empty when unknown.
[[nodiscard]] std::string currentExecutable();

} // namespace tirx::paths
