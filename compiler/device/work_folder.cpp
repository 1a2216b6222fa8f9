#include "device/work_folder.h"

#include "files/checked_read.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace tirx::device {

WorkFolder::WorkFolder()
{
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/tirx-device-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (!mkdtemp(buffer.data())) {
        m_error = "cannot create a temporary folder from '" + pattern + "': " + std::strerror(errno);
        return;
    }
    m_path = buffer.data();
}

WorkFolder::~WorkFolder()
{
    if (m_path.empty()) return;
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
}

std::string writeFile(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    return out ? std::string() : "cannot write '" + path + "'";
}

bool readFile(const std::string& path, std::string& into)
{
    auto read = files::readCheckedFile(path);
    if (!read.bytes) return false;
    into = std::move(*read.bytes);
    return true;
}

} // namespace tirx::device
