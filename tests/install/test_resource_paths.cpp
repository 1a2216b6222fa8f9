// Where the programs look for the folders of resources/: beside their own
// bin/ first, the source tree only for a program in its build tree, and
// never the working folder.

#include "paths/resource_paths.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using tirx::paths::locateResourceFolder;
using tirx::paths::ResourceFolder;

namespace {

constexpr ResourceFolder kFolders[] = {ResourceFolder::Examples, ResourceFolder::Templates, ResourceFolder::Device,
                                       ResourceFolder::Nki};

// A copy of `folder` under `root`, holding its marker file.
fs::path makeCopy(const fs::path& root, ResourceFolder folder)
{
    const fs::path dir = root / tirx::paths::folderName(folder);
    fs::create_directories(dir);
    std::ofstream(dir / tirx::paths::markerFile(folder)) << "# marker\n";
    return dir;
}

// Restores the working folder when a test changes it.
class WorkingFolder {
public:
    explicit WorkingFolder(const fs::path& path) : m_saved(fs::current_path()) { fs::current_path(path); }
    ~WorkingFolder() { fs::current_path(m_saved); }
    WorkingFolder(const WorkingFolder&) = delete;
    WorkingFolder& operator=(const WorkingFolder&) = delete;

private:
    fs::path m_saved;
};

} // namespace

class TestResourcePaths : public QObject {
    Q_OBJECT

private slots:
    void theInstalledCopyBesideBinComesFirst()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path source = root / "src" / "resources";
        const fs::path build = root / "build";
        const fs::path prefix = build / "stage"; // even inside the build tree
        for (const ResourceFolder folder : kFolders) {
            makeCopy(source, folder);
            const fs::path installed = makeCopy(prefix / "share" / "tirx-explorer", folder);
            QCOMPARE(
                locateResourceFolder(folder, (prefix / "bin" / "tirx-cli").string(), source.string(), build.string()),
                installed.string());
        }
    }

    void aProgramInItsBuildTreeFallsBackToTheSourceTree()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path source = root / "src" / "resources";
        const fs::path build = root / "build";
        fs::create_directories(build / "app");
        for (const ResourceFolder folder : kFolders) {
            const fs::path copy = makeCopy(source, folder);
            QCOMPARE(
                locateResourceFolder(folder, (build / "app" / "tirx-cli").string(), source.string(), build.string()),
                copy.string());
        }
    }

    void anInstalledProgramNeverFallsBackToTheSourceTree()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path source = root / "src" / "resources";
        const fs::path build = root / "build";
        // A prefix whose share/ lacks the folder, and one named like the
        // build tree but beside it ("build-other" is not inside "build").
        for (const fs::path& prefix : {root / "usr", root / "build-other"}) {
            for (const ResourceFolder folder : kFolders) {
                makeCopy(source, folder);
                QCOMPARE(locateResourceFolder(folder, (prefix / "bin" / "tirx-cli").string(), source.string(),
                                              build.string()),
                         std::string());
            }
        }
    }

    void aFolderWithoutItsMarkerIsNotACopy()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path prefix = root / "usr";
        fs::create_directories(prefix / "share" / "tirx-explorer" / "nki");
        std::ofstream(prefix / "share" / "tirx-explorer" / "nki" / "other.py") << "\n";
        QCOMPARE(locateResourceFolder(ResourceFolder::Nki, (prefix / "bin" / "tirx-cli").string(), {}, {}),
                 std::string());
    }

    void theWorkingFolderIsNeverSearched()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        // Every shape a careless search could take in the working folder.
        for (const ResourceFolder folder : kFolders) {
            makeCopy(root, folder);
            makeCopy(root / "resources", folder);
            makeCopy(root / "share" / "tirx-explorer", folder);
        }
        // From root/work, "../share/tirx-explorer" is one of those copies.
        fs::create_directories(root / "work");
        const WorkingFolder here(root / "work");
        for (const ResourceFolder folder : kFolders) {
            // A bare program name (as argv[0] from PATH would be) and a
            // program elsewhere: neither finds the working folder's copies.
            QCOMPARE(locateResourceFolder(folder, "tirx-cli", {}, {}), std::string());
            QCOMPARE(locateResourceFolder(folder, "bin/tirx-cli", {}, {}), std::string());
            QCOMPARE(locateResourceFolder(folder, "/nonexistent/bin/tirx-cli", {}, {}), std::string());
        }
    }

    void thisTestFindsTheSourceTreeItWasBuiltFrom()
    {
        // The test program lives in the build tree: the compiled-in search
        // ends at the checkout's resources/.
        const std::string exe = tirx::paths::currentExecutable();
        QVERIFY(!exe.empty());
        QCOMPARE(locateResourceFolder(ResourceFolder::Examples, exe),
                 (fs::path(TIRX_SOURCE_DIR) / "resources" / "examples").string());
    }
};

QTEST_GUILESS_MAIN(TestResourcePaths)
#include "test_resource_paths.moc"
