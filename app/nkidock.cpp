#include "nkidock.h"

#include "session/workbenchsession.h"

#include "editor/codeeditor.h"
#include "irview/irview.h"
#include "nki/nkiview.h"
#include "refresh/refreshwhenshown.h"

#include <QDockWidget>

#include <memory>

using namespace Qt::StringLiterals;

QDockWidget* createNkiDock(WorkbenchSession* session, CodeEditor* editor, IrView* ir, QWidget* window, NkiView** view)
{
    auto* nki = new NkiView(window);
    auto* dock = new QDockWidget(QObject::tr("NKI"), window);
    dock->setObjectName(u"NkiDock"_s);
    dock->setWidget(nki);
    *view = nki;

    // The kernel is printed for the newest Trace while the dock is seen, and
    // when it is shown again after edits made while it was hidden.
    auto* refresh = new RefreshWhenShown(dock, [nki, session] {
        if (auto trace = session->trace()) nki->setTrace(trace);
    });
    QObject::connect(session, &WorkbenchSession::traceReady, refresh, &RefreshWhenShown::request);
    refresh->request();

    // Set while a click in the NKI view moves the editor, so the caret's move
    // does not mark the NKI view back.
    auto following = std::make_shared<bool>(false);
    QObject::connect(editor, &QsciScintilla::cursorPositionChanged, nki, [nki, following](int line, int) {
        if (!*following) nki->revealSourceLine(line + 1);
    });
    QObject::connect(nki, &NkiView::lineActivated, editor, [ir, editor, following](const tirx::NkiLineOrigin& o) {
        ir->revealSourceLine(static_cast<int>(o.statement.line));
        const tirx::Span target = o.tileCall.valid() ? o.tileCall : o.statement;
        const int position =
            editor->positionFromLineColumn(static_cast<int>(target.line), static_cast<int>(target.column));
        if (position < 0) return;
        *following = true;
        editor->SendScintilla(QsciScintillaBase::SCI_ENSUREVISIBLEENFORCEPOLICY, static_cast<int>(target.line) - 1);
        editor->SendScintilla(QsciScintillaBase::SCI_GOTOPOS, position);
        *following = false;
    });
    return dock;
}
