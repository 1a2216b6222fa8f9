#pragma once

#include <QList>
#include <QString>

class QAction;

// The Help menu's pages, made from what they describe so they never go
// out of date: the callables table and the window's own actions.

// Every current T.*, T.nki.* and T.trn.tile.* callable: its signature, engine
// and one-line description, grouped by namespace (HTML).
[[nodiscard]] QString callReferenceHtml();

// Every action with a shortcut: its menu text without mnemonics and its keys
// in the platform's notation (HTML).
[[nodiscard]] QString shortcutsHtml(const QList<QAction*>& actions);

// The first line of an example's opening comment, up to its first sentence
// or colon; empty when the file opens with no comment.
[[nodiscard]] QString exampleDescription(const QString& path);
