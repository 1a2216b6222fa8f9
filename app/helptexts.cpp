#include "helptexts.h"

#include "fromstd.h"

#include "ir/callables.h"

#include <QAction>
#include <QFile>
#include <QKeySequence>

#include <map>

using namespace Qt::StringLiterals;

namespace {

QString nameSpaceOf(std::string_view name)
{
    const std::size_t dot = name.rfind('.');
    return dot == std::string_view::npos ? QString() : fromStd(name.substr(0, dot + 1));
}

} // namespace

QString callReferenceHtml()
{
    std::map<QString, QStringList> rows;
    for (const tirx::Callable& c : tirx::callables()) {
        if (!c.replacedBy.empty()) continue;
        QString row = u"<tr><td><code>%1</code></td><td>%2</td><td>%3</td></tr>"_s.arg(
            fromStd(tirx::signatureText(c)).toHtmlEscaped(),
            c.engine == tirx::Engine::None ? QString() : fromStd(tirx::engineName(c.engine)).toHtmlEscaped(),
            fromStd(c.doc).toHtmlEscaped());
        rows[nameSpaceOf(c.name)] << row;
    }
    QString html;
    for (const auto& [space, entries] : rows) {
        html += u"<h3>%1</h3><table cellspacing=\"0\" cellpadding=\"3\">"_s.arg(space.toHtmlEscaped());
        html += entries.join(QString()) + u"</table>"_s;
    }
    return html;
}

QString shortcutsHtml(const QList<QAction*>& actions)
{
    std::map<QString, QString> rows;
    for (const QAction* action : actions) {
        if (action->shortcut().isEmpty()) continue;
        QString text = action->text().remove(u'&');
        if (text.isEmpty()) text = action->toolTip();
        rows[text] = action->shortcut().toString(QKeySequence::NativeText);
    }
    QString html = u"<table cellspacing=\"0\" cellpadding=\"3\">"_s;
    for (const auto& [text, keys] : rows)
        html += u"<tr><td>%1</td><td><b>%2</b></td></tr>"_s.arg(text.toHtmlEscaped(), keys.toHtmlEscaped());
    return html + u"</table>"_s;
}

QString exampleDescription(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    const QString first = QString::fromUtf8(file.readLine()).trimmed();
    if (!first.startsWith(u'#')) return {};
    QString text = first.mid(1).trimmed();
    for (const QString& end : {u". "_s, u": "_s}) {
        const qsizetype at = text.indexOf(end);
        if (at > 0) text.truncate(at);
    }
    if (text.endsWith(u'.')) text.chop(1);
    return text;
}
