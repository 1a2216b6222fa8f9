#pragma once

#include "ir/function.h"
#include "layout/layout_grid_cache.h"

#include <QWidget>

class LayoutGridView;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QSpinBox;
class TensorListModel;

// The layout dock: a tensor of the module after the chosen pass, drawn by
// LayoutGridView, with a chooser for the tensor (the editor's caret also
// picks it), the colouring, the slice of a tensor of rank three or more,
// and PNG/SVG export. Hovering reports the mapping on the status line.
class LayoutView : public QWidget {
    Q_OBJECT

public:
    explicit LayoutView(QWidget* parent = nullptr);

    // The module after pass `pass`. The chosen tensor stays chosen when the
    // module still has it (the same definition, findSameTensor), else the
    // first with a Trainium layout is.
    void setModule(tirx::ModuleRef module, const QString& pass);
    // Chooses the tensor called `name` that source line `line` refers to (0:
    // the first of that name); false (and no change) when the module has none.
    bool showTensor(const QString& name, int line = 0);
    [[nodiscard]] QString tensor() const;
    // Why the chosen tensor cannot be drawn; empty when it is drawn.
    [[nodiscard]] QString message() const;

    [[nodiscard]] LayoutGridView* gridView() const { return m_grid; }
    [[nodiscard]] TensorListModel* tensorModel() const { return m_model; }
    [[nodiscard]] QString title() const;
    // Writes the picture at the view's size; SVG or PNG by the suffix.
    [[nodiscard]] bool exportTo(const QString& path, QString* error) const;

private:
    void showRow(int row);
    void rebuildSliceBar();
    void applySlice();
    void exportDialog();

    tirx::ModuleRef m_module;
    QString m_pass;
    tirx::LayoutGridCache m_grids;
    TensorListModel* m_model;
    QComboBox* m_tensors;
    QComboBox* m_colorBy;
    QHBoxLayout* m_sliceBar;
    std::vector<QSpinBox*> m_sliceSpins;
    LayoutGridView* m_grid;
    QLabel* m_status;
    QString m_message;
};
