#pragma once

class MainWindow;
class NkiView;
class QDockWidget;

// The NKI dock: the kernel of the final pass beside the IR. It follows the
// editor's caret (marking the NKI lines a source line produced), and
// choosing an NKI line selects its IR lines and puts the caret on the tile
// call (or, for hand-written instructions, the statement) it came from.
[[nodiscard]] QDockWidget* createNkiDock(MainWindow& window, NkiView** view);
