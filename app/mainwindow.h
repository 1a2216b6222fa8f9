#pragma once

#include "document.h"
#include "recovery.h"
#include "theme.h"

#include "ir/diagnostic.h"
#include "transform/pipeline.h"

#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <map>
#include <memory>
#include <vector>

class ArgumentsBar;
class CodeEditor;
class KernelSession;
class QDialog;
class QFrame;
class QLabel;
class QPushButton;
class QVBoxLayout;
class DevicesDock;
class DiffView;
class FileWatch;
class FindBar;
class IrView;
class NkiView;
class LayoutDocks;
class MemoryPanel;
class QActionGroup;
class QMessageBox;
class QTimer;
class RecoveryDialog;
class RefreshWhenShown;
class RunDock;
class PassStepper;
class ProblemsView;
class QDockWidget;
class QMenu;
class RecentFiles;
class WorkbenchSession;
struct MemoryPlans;

// The application window: the editor in the middle, the views of later
// passes docked around it. The window builds the docks and wires them to
// the document's WorkbenchSession, which holds what they show; no dock
// reaches back into the window. Owns the document's lifecycle (new, open, save,
// the "save changes?" question), keeps unsaved text safe (autosave to the
// recovery folder, the offer to restore after a crash, the question when
// another program changes the file) and remembers geometry and dock state.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

    [[nodiscard]] CodeEditor* editor() const { return m_editor; }
    [[nodiscard]] const Document& document() const { return m_document; }
    [[nodiscard]] WorkbenchSession* session() const { return m_session; }
    [[nodiscard]] PassStepper* passStepper() const { return m_stepper; }
    [[nodiscard]] DiffView* diffView() const { return m_diff; }
    [[nodiscard]] IrView* irView() const { return m_ir; }
    [[nodiscard]] NkiView* nkiView() const { return m_nki; }
    [[nodiscard]] MemoryPanel* memoryPanel() const { return m_memory; }
    // View > Placement Notes: each allocation line of the IR and the diff
    // ends with where the tensor sits.
    [[nodiscard]] QAction* placementNotesAction() const { return m_placementNotes; }
    [[nodiscard]] ProblemsView* problems() const { return m_problems; }
    [[nodiscard]] FindBar* findBar() const { return m_findBar; }
    [[nodiscard]] LayoutDocks* layoutDocks() const { return m_layoutDocks; }
    [[nodiscard]] RunDock* runDock() const { return m_runDock; }
    [[nodiscard]] DevicesDock* devicesDock() const { return m_devicesDock; }
    // A hand-written NKI kernel (spec 08): its runs, the arguments bar and
    // the banner that asks before code from a new folder runs.
    [[nodiscard]] KernelSession* kernelSession() const { return m_kernel; }
    [[nodiscard]] ArgumentsBar* argumentsBar() const { return m_argumentsBar; }
    [[nodiscard]] QFrame* trustBanner() const { return m_trustBanner; }
    [[nodiscard]] QPushButton* trustButton() const { return m_trustButton; }
    [[nodiscard]] bool isKernelOpen() const;
    [[nodiscard]] QDockWidget* passesDock() const { return m_passesDock; }
    [[nodiscard]] QDockWidget* diffDock() const { return m_diffDock; }
    [[nodiscard]] QDockWidget* irDock() const { return m_irDock; }
    [[nodiscard]] QDockWidget* nkiDock() const { return m_nkiDock; }

    static constexpr int kAutosaveIntervalMs = 3000;
    // Autosave writes the editor's text to the recovery folder this often
    // while it has unsaved changes.
    [[nodiscard]] int autosaveInterval() const;
    void setAutosaveInterval(int ms);
    [[nodiscard]] const RecoveryStore& recovery() const { return *m_recovery; }
    // Replaces the recovery folder (tests; before anything was autosaved).
    void setRecoveryDirectory(const QString& directory);

    // Looks for buffers an earlier session left unsaved; when there are any,
    // emits recoveryAvailable and shows RecoveryDialog without blocking.
    // Returns how many there are.
    int offerRecovery();
    [[nodiscard]] RecoveryDialog* recoveryDialog() const { return m_recoveryDialog; }
    // Puts a recovered buffer in the editor as unsaved work and removes its
    // recovery file once this session has autosaved it.
    void restoreBuffer(const RecoveredBuffer& buffer);

    // The question shown when the file changed on disk; null when none is open.
    [[nodiscard]] QMessageBox* reloadPrompt() const { return m_reloadPrompt; }
    [[nodiscard]] FileWatch* fileWatch() const { return m_fileWatch; }

    [[nodiscard]] Theme theme() const { return m_theme; }

    // Brings `view` forward for the tour and returns what to frame: the
    // editor ("editor"), a dock ("passes", "diff", "ir", "nki", "run",
    // "devices", "layout", "graph") or the memory dock on one of its maps
    // ("sbuf", "psum", ...). A dock the user closed is shown. Null for
    // other names.
    [[nodiscard]] QWidget* showTourView(const QString& view);
    // Off for a window of its own that must leave the settings alone (the
    // tour's): closing it saves no geometry or layout, and the pipeline
    // chosen in it is not remembered. On by default.
    void setKeepsSettings(bool keep);
    [[nodiscard]] bool keepsSettings() const { return m_keepsSettings; }
    // Without saved geometry: a large window centred on the screen.
    void placeOnFirstRun();

    // For --screenshot: lowers the editor's text now, selects `passName`
    // (the default pass when empty) and brings `view` forward. Returns
    // warnings for what could not be honoured.
    [[nodiscard]] QStringList prepareScreenshot(const QString& passName, const QString& view);

    // Loads a file into the editor without asking anything or touching the
    // settings; on failure the editor is untouched and *error says why.
    [[nodiscard]] bool loadFile(const QString& path, QString* error);
    // Loads a bundled example (":/examples/NAME") as an untitled document.
    [[nodiscard]] bool loadExample(const QString& resourcePath, QString* error);
    // Writes the editor's text to path atomically and makes it the document.
    [[nodiscard]] bool saveFile(const QString& path, QString* error);

    // Window geometry and dock layout from the last session.
    void restoreSettings();
    // Puts path at the top of File > Open Recent.
    void addRecentFile(const QString& path);

    // The example opened when no file is given.
    [[nodiscard]] static QString defaultExample();

    // File > Export without the dialogs: the shown pass's module, the shown
    // diff as a unified diff, and the dump `tirx-cli lower --dump-dir` writes.
    [[nodiscard]] bool exportPassIr(const QString& path, QString* error);
    [[nodiscard]] bool exportDiff(const QString& path, QString* error);
    [[nodiscard]] bool exportDump(const QString& directory, QString* error);
    // Where the file dialogs start: the folder last used, else the
    // document's, else the user's documents (never the working directory).
    [[nodiscard]] QString dialogFolder() const;

public slots:
    void newFile();
    void open();
    void openFile(const QString& path);
    void openExample(const QString& resourcePath);
    bool save();
    bool saveAs();
    // Writes the recovery file now if there is anything unsaved, removes it
    // if there is not.
    void autosaveNow();
    void setTheme(Theme theme);
    // Zooms the editor, the IR view and the diff together by whole points.
    void setZoom(int steps);
    void goToLineDialog();

signals:
    void autosaved(const QString& recoveryFile);
    void recoveryAvailable(const QList<RecoveredBuffer>& buffers);
    void fileChangedOnDisk(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void createMenus();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createThemeMenu(QMenu* view);
    void createHelpMenu();
    void createExportMenu(QMenu* file);
    void exportWithDialog(const QString& title, const QString& name,
                          const std::function<bool(const QString&, QString*)>& write);
    [[nodiscard]] QString shownPassName() const;
    void rememberFolder(const QString& path);
    void createDocks();
    // The memory dock (memorydocks.cpp): the SBUF and PSUM maps and the
    // allocation table of the pass the stepper shows.
    void createMemoryDock();
    // The session's memory plans into the memory dock (drawn when it can
    // be seen) and, with the placement notes on, into the pass texts.
    void showMemoryPlans();
    // The session's chosen pass in the diff (from its base) and the IR
    // view, with the placement notes of `plans` when they are switched on
    // (null: without notes).
    void showPassTexts(const MemoryPlans* plans);
    // The Run, Devices, layout and graph docks, placed and in the View menu.
    void createToolDocks();
    // Brings the memory dock forward on `view` ("sbuf", "psum", "alloc");
    // false for any other view.
    bool raiseMemoryView(const QString& view);
    // Without a saved layout: the docks take what the editor does not need
    // for a line of about a hundred characters, kept within 45-62% of the
    // window's width.
    void balanceDocks();
    // Tabbed docks show whole titles, scrolling the tab bar when they do
    // not all fit, rather than eliding them to "Me…".
    void keepDockTabsReadable();
    // A dock whose contents need more room than a 1024×700 screen leaves
    // them scrolls inside the dock rather than making the window taller (and
    // clipping the status bar and the dock tabs) or the dock column wider.
    void letLargeDocksScroll();
    void connectSession();
    // The NKI kernel's views (mainnki.cpp), above the editor in `central`.
    void createKernelViews(QVBoxLayout* central);
    // Python or TVMScript in the editor, the arguments bar, the TIRx docks.
    void setKernelMode(bool on);
    void openKernel(const QString& path, const QString& text);
    // The passes, diff, IR and NKI docks show their views, or a note that
    // they do not apply to a hand-written kernel.
    void showTirxDocks(bool applicable);
    // The caret's line marks the kernel's tensors it makes, reads or writes.
    void highlightCaretTensors();
    void connectSafety();
    // A Trace, partial or complete, into the stepper, which keeps the pass
    // the user chose selected once it arrives; null clears the views.
    void showTrace(std::shared_ptr<const tirx::Trace> trace);
    void showEntry(int entry);
    void onChangedOnDisk(const QString& path);
    void onRemovedFromDisk(const QString& path);
    void answerReload(bool reload);
    // Starts watching the document's file, whose bytes are now `contents`.
    void watchDocument(const QByteArray& contents);
    void showDiagnostics(const std::vector<tirx::Diagnostic>& diagnostics);
    // Puts the caret at 1-based line and byte column, unfolding the line.
    void jumpTo(int line, int column, bool focus);
    void connectSourceLinks();
    void setEditorText(const QString& text);
    void updateTitle();
    void saveSettings() const;
    void showAbout();
    // Help > Teaching Examples: one dialog, kept open beside the window.
    void showTeachingExamples();
    // A page of the Help menu in a dialog that does not block.
    void showHelpPage(const QString& title, const QString& html);
    // Asks whether to save a modified document; false means "cancel".
    [[nodiscard]] bool maybeSave();

    CodeEditor* m_editor;
    FindBar* m_findBar;
    WorkbenchSession* m_session;
    PassStepper* m_stepper;
    DiffView* m_diff;
    IrView* m_ir;
    ProblemsView* m_problems;
    QDockWidget* m_passesDock = nullptr;
    QDockWidget* m_diffDock = nullptr;
    QDockWidget* m_irDock = nullptr;
    NkiView* m_nki = nullptr;
    QDockWidget* m_nkiDock = nullptr;
    QDockWidget* m_problemsDock = nullptr;
    MemoryPanel* m_memory = nullptr;
    QDockWidget* m_memoryDock = nullptr;
    RefreshWhenShown* m_memoryRefresh = nullptr;
    QAction* m_placementNotes = nullptr;
    LayoutDocks* m_layoutDocks = nullptr;
    RunDock* m_runDock = nullptr;
    DevicesDock* m_devicesDock = nullptr;
    KernelSession* m_kernel = nullptr;
    ArgumentsBar* m_argumentsBar = nullptr;
    QFrame* m_trustBanner = nullptr;
    QLabel* m_trustText = nullptr;
    QPushButton* m_trustButton = nullptr;
    std::map<QDockWidget*, QWidget*> m_tirxDockWidgets; // a dock's own view while a note replaces it
    bool m_passesHiddenForKernel = false;
    QMenu* m_viewMenu = nullptr;
    Document m_document;
    RecentFiles* m_recentFiles = nullptr;
    std::unique_ptr<RecoveryStore> m_recovery;
    QTimer* m_autosaveTimer;
    bool m_autosavePending = false; // edits since the last autosave
    RecoveryDialog* m_recoveryDialog = nullptr;
    FileWatch* m_fileWatch;
    QMessageBox* m_reloadPrompt = nullptr;
    QActionGroup* m_themeActions = nullptr;
    Theme m_theme = Theme::System;
    bool m_followingSource = false; // the editor and the IR views are following each other
    bool m_layoutRestored = false;  // the docks were placed as the user left them
    bool m_shownOnce = false;
    bool m_keepsSettings = true;
    QPointer<QDialog> m_teaching;
    int m_zoom = 0;
};
