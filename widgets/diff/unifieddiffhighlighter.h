#pragma once

#include <QSyntaxHighlighter>

// Tints the lines of a unified diff: removed lines red, added green, hunk
// headers in the link colour, in the palette's DiffColors.
class UnifiedDiffHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    using QSyntaxHighlighter::QSyntaxHighlighter;

protected:
    void highlightBlock(const QString& text) override;
};
