#pragma once

#include <string>

namespace tirx::device {

// A private (0700) folder under $TMPDIR, removed with everything in it when
// the object goes. path() is empty when it could not be made (error() says why).
class WorkFolder {
public:
    WorkFolder();
    ~WorkFolder();
    WorkFolder(const WorkFolder&) = delete;
    WorkFolder& operator=(const WorkFolder&) = delete;

    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] const std::string& error() const { return m_error; }
    [[nodiscard]] std::string file(const std::string& name) const { return m_path + "/" + name; }

private:
    std::string m_path;
    std::string m_error;
};

// Writes `bytes` to `path`; returns the error text, empty on success.
[[nodiscard]] std::string writeFile(const std::string& path, const std::string& bytes);
// Reads the whole file into `into` through the checked reader (a regular
// file of at most 64 MB); false when it cannot.
[[nodiscard]] bool readFile(const std::string& path, std::string& into);

} // namespace tirx::device
