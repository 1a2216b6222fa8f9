#include "editor/tirxcompletion.h"

#include "fromstd.h"

#include "ir/callables.h"

#include <QGuiApplication>
#include <QLabel>
#include <QScreen>
#include <Qsci/qsciscintilla.h>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

bool isNameByte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

} // namespace

TirxCompletion::TirxCompletion(QsciScintilla* editor)
    : QObject(editor), m_editor(editor), m_signature(new QLabel(editor, Qt::ToolTip))
{
    m_signature->setObjectName(u"CompletionSignature"_s);
    m_signature->setTextFormat(Qt::PlainText);
    m_signature->setForegroundRole(QPalette::ToolTipText);
    m_signature->setBackgroundRole(QPalette::ToolTipBase);
    m_signature->setAutoFillBackground(true);
    m_signature->setMargin(3);
    m_signature->setFrameShape(QFrame::Box);
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSETIGNORECASE, 1);
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSETORDER, QsciScintillaBase::SC_ORDER_PERFORMSORT);
    // Scintilla's five rows hide most of a namespace.
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSETMAXHEIGHT, kVisibleRows);
    connect(m_editor, &QsciScintillaBase::SCN_CHARADDED, this, &TirxCompletion::onCharAdded);
    connect(m_editor, &QsciScintilla::textChanged, this, &TirxCompletion::dropStaleCallTip);
    connect(m_editor, &QsciScintilla::cursorPositionChanged, this, &TirxCompletion::dropStaleCallTip);
    connect(m_editor, &QsciScintillaBase::SCN_AUTOCSELECTIONCHANGE, this, &TirxCompletion::updateListSignature);
    connect(m_editor, &QsciScintillaBase::SCN_AUTOCCANCELLED, m_signature, &QWidget::hide);
    connect(m_editor, &QsciScintillaBase::SCN_AUTOCCOMPLETED, m_signature, &QWidget::hide);
    connect(m_editor, &QsciScintilla::textChanged, this, &TirxCompletion::updateListSignature);
}

QString TirxCompletion::wrapTip(const QString& text, int columns)
{
    const QString indent = u"    "_s;
    QStringList out;
    for (QString line : text.split(u'\n')) {
        while (line.size() > columns) {
            // After the last ", " that fits, else the last space; a word longer than a line is cut.
            const auto breakAfter = [&](const QString& separator) -> qsizetype {
                const qsizetype at = line.lastIndexOf(separator, columns - separator.size());
                return at > indent.size() ? at + separator.size() : -1;
            };
            qsizetype cut = breakAfter(u", "_s);
            if (cut < 0) cut = breakAfter(u" "_s);
            if (cut < 0) cut = columns;
            QString head = line.left(cut);
            while (head.endsWith(u' ')) head.chop(1);
            out << head;
            line = indent + line.mid(cut).trimmed();
        }
        out << line;
    }
    return out.join(u'\n');
}

QString TirxCompletion::listSignature() const { return m_signature->isVisible() ? m_signature->text() : QString(); }

void TirxCompletion::updateListSignature()
{
    if (!m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCACTIVE)) {
        m_signature->hide();
        return;
    }
    QByteArray current(256, '\0');
    const long length = m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCGETCURRENTTEXT, 0UL, current.data());
    current.truncate(std::clamp(length, 0L, 255L));
    const QString tip = callTipFor(m_listPrefix + QString::fromUtf8(current));
    if (tip.isEmpty()) {
        m_signature->hide();
        return;
    }
    m_signature->setText(tip);
    m_signature->adjustSize();
    // Above the line, so the list below it stays in view; moved in to stay on the screen.
    const long pos = m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS);
    const QPoint at(static_cast<int>(m_editor->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, pos)),
                    static_cast<int>(m_editor->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0UL, pos)));
    QPoint global = m_editor->viewport()->mapToGlobal(at) - QPoint(0, m_signature->height() + 2);
    if (const QScreen* screen = m_editor->screen()) {
        const QRect room = screen->availableGeometry();
        global.setX(std::clamp(global.x(), room.left(), std::max(room.left(), room.right() - m_signature->width())));
        global.setY(std::clamp(global.y(), room.top(), std::max(room.top(), room.bottom() - m_signature->height())));
    }
    m_signature->move(global);
    m_signature->show();
}

QStringList TirxCompletion::completionsFor(const QString& prefix)
{
    const std::string p = prefix.toStdString();
    QStringList names;
    for (const tirx::Callable& c : tirx::callables()) {
        if (!c.replacedBy.empty() || !c.name.starts_with(p) || c.name.size() == p.size()) continue;
        std::string_view rest = c.name.substr(p.size());
        rest = rest.substr(0, rest.find('.'));
        names << fromStd(rest);
    }
    names.sort();
    names.removeDuplicates();
    return names;
}

QString TirxCompletion::callTipFor(const QString& name)
{
    const tirx::Callable* c = tirx::findCallable(name.toStdString());
    if (!c) return {};
    QString tip = QString::fromStdString(tirx::signatureText(*c));
    if (!c->doc.empty()) tip += u'\n' + fromStd(c->doc);
    return wrapTip(tip);
}

QString TirxCompletion::dottedNameBefore(int pos) const
{
    const int lineStart = static_cast<int>(
        m_editor->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE,
                                m_editor->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, pos)));
    const QByteArray bytes = m_editor->bytes(lineStart, pos);
    qsizetype begin = pos - lineStart;
    while (begin > 0 && isNameByte(bytes.at(begin - 1))) --begin;
    return QString::fromUtf8(bytes.mid(begin, pos - lineStart - begin));
}

bool TirxCompletion::complete()
{
    const int pos = static_cast<int>(m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS));
    const QString name = dottedNameBefore(pos);
    const qsizetype dot = name.lastIndexOf(u'.');
    if (dot < 0) return false;
    const QStringList names = completionsFor(name.left(dot + 1));
    if (names.isEmpty()) return false;
    const QByteArray list = names.join(u' ').toUtf8();
    const auto typed = static_cast<unsigned long>(name.size() - dot - 1);
    m_listPrefix = name.left(dot + 1);
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSHOW, typed, list.constData());
    updateListSignature();
    return true;
}

void TirxCompletion::onCharAdded(int ch)
{
    if (ch == '.') {
        complete();
        return;
    }
    if (ch != '(') return;
    const int pos = static_cast<int>(m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS));
    const QString tip = callTipFor(dottedNameBefore(pos - 1));
    if (tip.isEmpty()) return;
    m_editor->SendScintilla(QsciScintillaBase::SCI_CALLTIPSHOW, static_cast<unsigned long>(pos - 1),
                            tip.toUtf8().constData());
    m_tipParen = pos - 1;
}

void TirxCompletion::dropStaleCallTip()
{
    if (m_tipParen < 0) return;
    if (!m_editor->SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE)) {
        m_tipParen = -1;
        return;
    }
    const int caret = static_cast<int>(m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS));
    const int paren = static_cast<int>(m_editor->SendScintilla(QsciScintillaBase::SCI_GETCHARAT, m_tipParen));
    if (caret > m_tipParen && paren == '(') return;
    m_editor->SendScintilla(QsciScintillaBase::SCI_CALLTIPCANCEL);
    m_tipParen = -1;
}
