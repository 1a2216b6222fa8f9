#pragma once

#include "nki/launch.h"
#include "nki/signature.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;

// The arguments bar above an NKI kernel (spec 08 §3): the entry, each
// tensor argument's shape and dtype, the other arguments as Python
// expressions, the grid or LNC count, and, when the launch makes several
// program instances, which one the memory views show. It edits a Launch;
// the window saves it to the kernel's launch file and runs the kernel again.
class ArgumentsBar : public QWidget {
    Q_OBJECT

public:
    explicit ArgumentsBar(QWidget* parent = nullptr);

    // The kernels of the file, for the entry list; choosing another entry
    // fills the tensors from its signature.
    void setSignatures(std::vector<tirx::nki::KernelSignature> signatures);
    // Shows `launch` without emitting launchEdited.
    void setLaunch(const tirx::nki::Launch& launch);
    // What the bar says now; nullopt with *error set when a field is not
    // readable (a shape that is not NxM, a grid that is not 2,3).
    [[nodiscard]] std::optional<tirx::nki::Launch> launch(QString* error) const;

    // The program instances of the last run, "[0]", "[1]", ...; the selector
    // shows only when there are two or more.
    void setPrograms(const QStringList& labels);
    [[nodiscard]] int program() const;
    void setProgram(int index);
    // A line of state at the bar's end: running, the time a run took, or why
    // a field is wrong.
    void setStatus(const QString& text, bool problem = false);

    // Fields, for tests.
    [[nodiscard]] QComboBox* entryBox() const { return m_entry; }
    [[nodiscard]] QLineEdit* shapeEdit(const QString& argument) const;
    [[nodiscard]] QComboBox* dtypeBox(const QString& argument) const;
    [[nodiscard]] QLineEdit* kwargsEdit() const { return m_kwargs; }
    [[nodiscard]] QLineEdit* gridEdit() const { return m_grid; }
    [[nodiscard]] QComboBox* lncBox() const { return m_lnc; }
    [[nodiscard]] QComboBox* programBox() const { return m_program; }
    [[nodiscard]] QLabel* statusLabel() const { return m_status; }

signals:
    // The user changed a field (not sent by setLaunch).
    void launchEdited();
    void programChanged(int index);

private:
    struct TensorField {
        QString name;
        QLabel* label;
        QLineEdit* shape;
        QComboBox* dtype;
    };
    void setTensors(const std::vector<tirx::nki::TensorArg>& tensors);
    void entryChosen();
    void edited();

    std::vector<tirx::nki::KernelSignature> m_signatures;
    QComboBox* m_entry;
    QHBoxLayout* m_tensorRow;
    std::vector<TensorField> m_tensors;
    QLineEdit* m_kwargs;
    QLineEdit* m_grid;
    QComboBox* m_lnc;
    QLabel* m_programLabel;
    QComboBox* m_program;
    QLabel* m_status;
    tirx::nki::Launch m_hidden; // the launch's fields the bar does not edit (setup, sys_path, target)
    bool m_filling = false;
};
