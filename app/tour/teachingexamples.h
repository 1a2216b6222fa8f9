#pragma once

#include <QDialog>
#include <QString>

#include <span>

class QTreeWidget;

// Help > Teaching Examples: the bundled examples in the order a class meets
// them (layouts, copies, elementwise, reductions, softmax, layer norm,
// matmul with PSUM, allocation, and a kernel that overflows SBUF to show
// the verifier), each with its one-line lesson. Every file of
// resources/examples is in the list (a test checks), so a new example
// needs a place in the order.
struct TeachingExample {
    const char* topic;
    const char* file; // under :/examples
    const char* lesson;
};

[[nodiscard]] std::span<const TeachingExample> teachingExamples();
// ":/examples/NAME"
[[nodiscard]] QString teachingExamplePath(const TeachingExample& example);

// The list as a dialog that stays open beside the window: choosing a row
// (double-click, Enter or Open) asks the window to open that example.
class TeachingExamplesDialog : public QDialog {
    Q_OBJECT

public:
    explicit TeachingExamplesDialog(QWidget* parent = nullptr);

    [[nodiscard]] QTreeWidget* list() const { return m_list; }
    // Opens row `row` as if it had been chosen.
    void choose(int row);

signals:
    void exampleChosen(const QString& resourcePath);

private:
    QTreeWidget* m_list;
};
