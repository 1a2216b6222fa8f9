#pragma once

#include "document.h"

#include "ir/diagnostic.h"
#include "transform/pipeline.h"

#include <QMainWindow>

#include <memory>
#include <vector>

class CodeEditor;
class DiffView;
class LoweringController;
class PassStepper;
class QDockWidget;
class QListWidget;
class QListWidgetItem;
class QMenu;
class RecentFiles;

// The application window: the editor in the middle, the views of later
// passes docked around it. Owns the document's lifecycle (new, open, save,
// the "save changes?" question) and remembers geometry and dock state.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

    [[nodiscard]] CodeEditor *editor() const { return m_editor; }
    [[nodiscard]] const Document &document() const { return m_document; }
    [[nodiscard]] LoweringController *lowering() const { return m_lowering; }
    [[nodiscard]] PassStepper *passStepper() const { return m_stepper; }
    [[nodiscard]] DiffView *diffView() const { return m_diff; }
    [[nodiscard]] QListWidget *problems() const { return m_problems; }

    // For --screenshot: lowers the editor's text now, selects `passName`
    // (the last pass when empty) and brings `view` forward. Returns
    // warnings for what could not be honoured.
    [[nodiscard]] QStringList prepareScreenshot(const QString &passName, const QString &view);

    // Loads a file into the editor without asking anything or touching the
    // settings; on failure the editor is untouched and *error says why.
    [[nodiscard]] bool loadFile(const QString &path, QString *error);
    // Loads a bundled example (":/examples/NAME") as an untitled document.
    [[nodiscard]] bool loadExample(const QString &resourcePath, QString *error);
    // Writes the editor's text to path atomically and makes it the document.
    [[nodiscard]] bool saveFile(const QString &path, QString *error);

    // Window geometry and dock layout from the last session.
    void restoreSettings();
    // Puts path at the top of File > Open Recent.
    void addRecentFile(const QString &path);

    // The example opened when no file is given.
    [[nodiscard]] static QString defaultExample();

public slots:
    void newFile();
    void open();
    void openFile(const QString &path);
    void openExample(const QString &resourcePath);
    bool save();
    bool saveAs();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void createFileMenu();
    void createViewMenu();
    void createHelpMenu();
    void createDocks();
    void connectLowering();
    void showEntry(int entry);
    void showDiagnostics(const std::vector<tirx::Diagnostic> &diagnostics);
    void jumpToProblem(QListWidgetItem *item);
    void setEditorText(const QString &text);
    void updateTitle();
    void saveSettings() const;
    // Without saved geometry: a large window centred on the screen.
    void placeOnFirstRun();
    void showAbout();
    // Asks whether to save a modified document; false means "cancel".
    [[nodiscard]] bool maybeSave();

    CodeEditor *m_editor;
    LoweringController *m_lowering;
    PassStepper *m_stepper;
    DiffView *m_diff;
    QListWidget *m_problems;
    QDockWidget *m_passesDock = nullptr;
    QDockWidget *m_diffDock = nullptr;
    QDockWidget *m_problemsDock = nullptr;
    QMenu *m_viewMenu = nullptr;
    std::shared_ptr<const tirx::Trace> m_trace;
    Document m_document;
    RecentFiles *m_recentFiles = nullptr;
};
