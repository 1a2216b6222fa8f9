#pragma once

#include "codegen/nki_kernel.h"
#include "transform/pipeline.h"

#include "editor/scintillafind.h"
#include "irview/sourcelinemarker.h"
#include <QMetaType>

#include <QWidget>

#include <memory>
#include <vector>

Q_DECLARE_METATYPE(tirx::NkiLineOrigin)
Q_DECLARE_METATYPE(tirx::NkiApi)

class QComboBox;
class QLabel;
class QPushButton;
class QsciLexerPython;
class QsciScintilla;

// The NKI kernel of the last pass of a Trace, read-only, with the API chosen
// in the view: the legacy `neuronxcc.nki` text the reference prints, or the
// `nki.jit` form current Neuron SDKs run. Selecting a line reports where it
// came from; revealSourceLine() marks the lines a source line produced.
class NkiView : public QWidget, public ScintillaFindTarget {
    Q_OBJECT

public:
    explicit NkiView(QWidget* parent = nullptr);

    // Prints the kernel of the Trace's last entry (nothing while it failed).
    void setTrace(std::shared_ptr<const tirx::Trace> trace);
    void clear();

    [[nodiscard]] tirx::NkiApi api() const { return m_api; }
    void setApi(tirx::NkiApi api);
    [[nodiscard]] const tirx::NkiKernel& kernel() const { return m_kernel; }
    [[nodiscard]] QsciScintilla* editor() const { return m_editor; }

    [[nodiscard]] QString findName() const override { return tr("Find in NKI"); }
    [[nodiscard]] QString title() const;
    // The NKI lines (1-based) the last revealSourceLine() marked.
    [[nodiscard]] const std::vector<int>& markedLines() const { return m_marker.marked(); }

    // Writes the kernel to `path`; false (and *error) when there is none or
    // the file cannot be written.
    [[nodiscard]] bool saveTo(const QString& path, QString* error) const;

public slots:
    // Marks the NKI lines that came from source line `line` (1-based) and
    // scrolls to the first; clears the marks when there are none.
    void revealSourceLine(int line);
    // Asks for a file name and saves the kernel there.
    void saveAs();

signals:
    // The user put the cursor on an NKI line that came from `origin`.
    void lineActivated(const tirx::NkiLineOrigin& origin);
    void apiChanged(tirx::NkiApi api);

protected:
    void changeEvent(QEvent* event) override;

private:
    void print();
    void applyPalette();
    void onCursorMoved(int line, int index);

    QComboBox* m_apiChoice;
    QLabel* m_title;
    QPushButton* m_save;
    QsciScintilla* m_editor;
    QsciLexerPython* m_lexer;
    std::shared_ptr<const tirx::Trace> m_trace;
    tirx::NkiKernel m_kernel;
    tirx::NkiApi m_api = tirx::NkiApi::Legacy;
    SourceLineMarker m_marker;
};
