#pragma once

#include "editor/findtarget.h"

#include <QByteArray>
#include <QString>

#include <utility>

class QColor;
class QsciScintilla;

// Search in any QScintilla view (the editor, the IR, the NKI kernel), on
// Scintilla's byte positions with the text as UTF-8, so matches agree with
// the diagnostics' columns.
namespace scintillafind {

// The indicator matches are marked with in every view.
inline constexpr int kIndicator = 10;

// Sets up kIndicator as a translucent box under the text in `color`.
void defineIndicator(QsciScintilla& view, const QColor& color);
// Start of the first match in [from, to) (backwards when from > to) and its
// end; start < 0 when there is none. Moves the view's target range.
[[nodiscard]] std::pair<int, int> search(QsciScintilla& view, const QByteArray& text, int from, int to,
                                         FindOptions options);
bool findText(QsciScintilla& view, const QString& text, bool forward, FindOptions options);
int highlightMatches(QsciScintilla& view, const QString& text, FindOptions options);
// The selection on one line, or else the word at the caret.
[[nodiscard]] QString seed(const QsciScintilla& view);

} // namespace scintillafind

// A read-only view that searches its one QScintilla pane (the IR, the NKI
// kernel); the view names itself in findName().
class ScintillaFindTarget : public FindTarget {
public:
    [[nodiscard]] QWidget* findArea() override;
    [[nodiscard]] QString findSeed() const override;
    bool findText(const QString& text, bool forward, FindOptions options) override;
    int highlightMatches(const QString& text, FindOptions options) override;

protected:
    // The pane is made after this base: set it in the view's constructor.
    void setFindPane(QsciScintilla* pane) { m_findPane = pane; }

private:
    QsciScintilla* m_findPane = nullptr;
};
