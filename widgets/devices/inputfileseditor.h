#pragma once

#include <QMap>
#include <QStringList>
#include <QWidget>

class QPushButton;
class QTableWidget;

// Where a run's inputs come from: one row per input parameter of the
// kernel, random (drawn from the run's seed) until an .npy file is chosen
// for it, one by one or from a folder holding NAME.npy files.
class InputFilesEditor : public QWidget {
    Q_OBJECT

public:
    explicit InputFilesEditor(QWidget* parent = nullptr);

    // The kernel's input parameters; a file chosen for a name kept is kept.
    void setInputs(const QStringList& names);
    [[nodiscard]] QStringList inputs() const;
    // Parameter name → chosen .npy path; parameters left random are absent.
    [[nodiscard]] QMap<QString, QString> inputFiles() const;
    // An empty path makes the input random again.
    void setInputFile(const QString& name, const QString& path);
    // Takes NAME.npy from `folder` for every input NAME, random for the
    // others; returns the inputs that found no file.
    QStringList setInputFolder(const QString& folder);
    // What a row's second column says ("random" or the file's name).
    [[nodiscard]] QString contentsText(const QString& name) const;

signals:
    // A sentence for the user about the last choice ("no x.npy in …").
    void message(const QString& text);

private:
    [[nodiscard]] int rowOf(const QString& name) const;
    void chooseFile();
    void chooseFolder();
    void updateButtons();

    QTableWidget* m_table;
    QPushButton* m_file;
    QPushButton* m_folder;
    QPushButton* m_random;
};
