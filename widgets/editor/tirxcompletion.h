#pragma once

#include <QObject>
#include <QStringList>

class QLabel;
class QsciScintilla;

// Completion and call tips for T.*, T.nki.* and T.trn.tile.* from the
// compiler's callable table: typing a '.' after one of those namespaces lists
// its members, with the signature of the current member in a tip above the
// line; typing '(' after a known callable shows its signature. Tips are
// wrapped to kTipColumns so that a long signature stays on the screen.
class TirxCompletion : public QObject {
    Q_OBJECT

public:
    explicit TirxCompletion(QsciScintilla* editor);

    // Rows the completion list shows before it scrolls.
    static constexpr int kVisibleRows = 12;
    // The widest a tip's line gets, in characters.
    static constexpr int kTipColumns = 80;

    // `text` with every line longer than `columns` broken after a ", " or
    // a space, the continuation indented.
    [[nodiscard]] static QString wrapTip(const QString& text, int columns = kTipColumns);

    // The member names offered after `prefix` ("T.", "T.nki.", "T.trn.tile."):
    // each callable's next name segment, sorted, without old spellings.
    [[nodiscard]] static QStringList completionsFor(const QString& prefix);
    // "T.nki.activation(result, data, …)\none-line doc", or empty if unknown.
    [[nodiscard]] static QString callTipFor(const QString& name);

    // Shows the list for the dotted name before the caret; false if none.
    bool complete();
    // The signature tip of the list's current member, empty when none shows.
    [[nodiscard]] QString listSignature() const;

private:
    void onCharAdded(int ch);
    // A signature tip goes when the '(' it belongs to is deleted or the
    // caret moves back before it.
    void dropStaleCallTip();
    // Shows the signature of the list's current member above the line, or
    // hides it when the list has gone or the member is a namespace.
    void updateListSignature();
    // The dotted name that ends at byte position `pos` ("T.nki.").
    [[nodiscard]] QString dottedNameBefore(int pos) const;

    QsciScintilla* m_editor;
    int m_tipParen = -1;  // byte position of the '(' our call tip is for; -1 for none
    QLabel* m_signature;  // a tooltip window: Scintilla's own call tip would close the list
    QString m_listPrefix; // the namespace the open list completes ("T.nki.")
};
