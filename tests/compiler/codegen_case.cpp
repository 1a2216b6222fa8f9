#include "codegen_case.h"

#include "driver/lower.h"
#include "ir/diagnostic.h"
#include "target/target.h"
#include "transform/registry.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace tirx;

namespace {

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

CodegenCase readCodegenCase(const fs::path& path)
{
    CodegenCase c;
    const std::string text = readFile(path);
    const std::string legacyMarker = "# ---- expected legacy ----\n";
    const std::string currentMarker = "# ---- expected nki ----\n";
    const size_t legacyAt = text.find(legacyMarker);
    const size_t currentAt = text.find(currentMarker);
    c.input = text.substr(0, std::min(legacyAt, currentAt));
    if (legacyAt != std::string::npos) {
        const size_t begin = legacyAt + legacyMarker.size();
        c.legacy = text.substr(begin, currentAt > legacyAt ? currentAt - begin : std::string::npos);
    }
    if (currentAt != std::string::npos) {
        const size_t begin = currentAt + currentMarker.size();
        c.current = text.substr(begin, legacyAt > currentAt ? legacyAt - begin : std::string::npos);
    }
    std::istringstream lines(c.input);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("# expect:", 0) == 0) c.expectations.push_back(line.substr(10));
        if (line.rfind("# api:", 0) == 0) {
            if (auto api = parseNkiApi(line.substr(7))) c.expectApis.push_back(*api);
        }
    }
    if (c.expectApis.empty()) c.expectApis = {NkiApi::Legacy, NkiApi::Current};
    return c;
}

std::vector<fs::path> codegenCasePaths()
{
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(fs::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "codegen")) {
        if (e.path().extension() == ".py") out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

const Module* LoweredKernel::final() const
{
    const auto& trace = lowered.trace;
    return !trace || trace->entries.empty() || !lowered.ok() ? nullptr : trace->entries.back()->module.get();
}

LoweredKernel lowerForCodegen(const std::string& source)
{
    LowerRequest request;
    request.source = source;
    request.preset = "trn";
    request.targetOverride = "aws/trn1/trn1.2xlarge";
    request.printSnapshots = false;
    LoweredKernel out{lower(request), {}};
    if (!out.lowered.ok()) out.error = formatDiagnostics(out.lowered.diagnostics, "input", source);
    return out;
}

std::string pyCompileError(const std::string& source)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kernel.py"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return "cannot write " + path.toStdString();
    file.write(source.data(), static_cast<qint64>(source.size()));
    file.close();
    const QString python = QFile::exists(QStringLiteral("/usr/bin/python3")) ? QStringLiteral("/usr/bin/python3")
                                                                             : QStringLiteral("python3");
    QProcess p;
    p.start(python, {QStringLiteral("-m"), QStringLiteral("py_compile"), path});
    if (!p.waitForFinished(30000)) return "python3 did not run (install Debian's python3)";
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return "py_compile failed: " + p.readAllStandardError().toStdString();
    return {};
}

std::string firstDifference(const std::string& a, const std::string& b)
{
    std::istringstream x(a);
    std::istringstream y(b);
    std::string l;
    std::string r;
    for (int n = 1;; ++n) {
        const bool gotL = static_cast<bool>(std::getline(x, l));
        const bool gotR = static_cast<bool>(std::getline(y, r));
        if (!gotL && !gotR) return "no difference";
        if (!gotL || !gotR || l != r)
            return "line " + std::to_string(n) + ":\n  got:      " + (gotL ? l : "<end>") +
                   "\n  expected: " + (gotR ? r : "<end>");
    }
}
