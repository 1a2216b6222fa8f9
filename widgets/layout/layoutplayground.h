#pragma once

#include "script/layout_playground.h"

#include <QWidget>

class LayoutGridView;
class QComboBox;
class QLabel;
class QLineEdit;

// Type a shape, a dtype, a scope and a layout and see it mapped as you
// type. A field the parser or the layout algebra refuses is marked, its
// caret put on the column of the fault, and the message shown under the
// fields; the last good picture stays until the input is good again.
class LayoutPlayground : public QWidget {
    Q_OBJECT

public:
    explicit LayoutPlayground(QWidget* parent = nullptr);

    void setInput(const tirx::PlaygroundInput& input);
    [[nodiscard]] tirx::PlaygroundInput input() const;
    // The message shown for the current input, "column N: ..." first; empty when it maps.
    [[nodiscard]] QString message() const;
    [[nodiscard]] const std::vector<tirx::PlaygroundDiagnostic>& diagnostics() const { return m_diagnostics; }
    [[nodiscard]] LayoutGridView* gridView() const { return m_grid; }
    [[nodiscard]] QLineEdit* layoutEdit() const { return m_layout; }

private:
    void update();
    [[nodiscard]] QLineEdit* editFor(tirx::PlaygroundField field) const;

    QLineEdit* m_shape;
    QComboBox* m_dtype;
    QComboBox* m_scope;
    QLineEdit* m_layout;
    QLabel* m_message;
    LayoutGridView* m_grid;
    std::vector<tirx::PlaygroundDiagnostic> m_diagnostics;
};
