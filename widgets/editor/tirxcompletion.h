#pragma once

#include <QObject>
#include <QStringList>

class QsciScintilla;

// Completion and call tips for T.*, T.nki.* and T.trn.tile.* from the
// compiler's callable table: typing a '.' after one of those namespaces lists
// its members, typing '(' after a known callable shows its signature.
class TirxCompletion : public QObject {
    Q_OBJECT

public:
    explicit TirxCompletion(QsciScintilla* editor);

    // Rows the completion list shows before it scrolls.
    static constexpr int kVisibleRows = 12;

    // The member names offered after `prefix` ("T.", "T.nki.", "T.trn.tile."):
    // each callable's next name segment, sorted, without old spellings.
    [[nodiscard]] static QStringList completionsFor(const QString& prefix);
    // "T.nki.activation(result, data, …)\none-line doc", or empty if unknown.
    [[nodiscard]] static QString callTipFor(const QString& name);

    // Shows the list for the dotted name before the caret; false if none.
    bool complete();

private:
    void onCharAdded(int ch);
    // A signature tip goes when the '(' it belongs to is deleted or the
    // caret moves back before it.
    void dropStaleCallTip();
    // The dotted name that ends at byte position `pos` ("T.nki.").
    [[nodiscard]] QString dottedNameBefore(int pos) const;

    QsciScintilla* m_editor;
    int m_tipParen = -1; // byte position of the '(' our call tip is for; -1 for none
};
