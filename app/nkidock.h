#pragma once

class CodeEditor;
class IrView;
class NkiView;
class QDockWidget;
class QWidget;
class WorkbenchSession;

// The NKI dock: the kernel of the session's last Trace beside the IR. It
// follows the editor's caret (marking the NKI lines a source line
// produced), and choosing an NKI line selects its IR lines in `ir` and puts
// the caret on the tile call (or, for hand-written instructions, the
// statement) it came from.
[[nodiscard]] QDockWidget* createNkiDock(WorkbenchSession* session, CodeEditor* editor, IrView* ir, QWidget* window,
                                         NkiView** view);
