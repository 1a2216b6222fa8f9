#pragma once

#include "document.h"

#include <QMainWindow>

class CodeEditor;
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
    void setEditorText(const QString &text);
    void updateTitle();
    void saveSettings() const;
    // Without saved geometry: a large window centred on the screen.
    void placeOnFirstRun();
    void showAbout();
    // Asks whether to save a modified document; false means "cancel".
    [[nodiscard]] bool maybeSave();

    CodeEditor *m_editor;
    Document m_document;
    RecentFiles *m_recentFiles = nullptr;
};
