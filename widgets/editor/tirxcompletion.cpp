#include "editor/tirxcompletion.h"

#include "fromstd.h"

#include "ir/callables.h"

#include <Qsci/qsciscintilla.h>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

bool isNameByte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

} // namespace

TirxCompletion::TirxCompletion(QsciScintilla* editor) : QObject(editor), m_editor(editor)
{
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSETIGNORECASE, 1);
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSETORDER, QsciScintillaBase::SC_ORDER_PERFORMSORT);
    // Scintilla's five rows hide most of a namespace.
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSETMAXHEIGHT, kVisibleRows);
    connect(m_editor, &QsciScintillaBase::SCN_CHARADDED, this, &TirxCompletion::onCharAdded);
    connect(m_editor, &QsciScintilla::textChanged, this, &TirxCompletion::dropStaleCallTip);
    connect(m_editor, &QsciScintilla::cursorPositionChanged, this, &TirxCompletion::dropStaleCallTip);
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
    return tip;
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
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSHOW, typed, list.constData());
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
