#include "problems/problemsmodel.h"

#include "fromstd.h"

#include "editor/editorcolors.h"

#include <QApplication>

#include <algorithm>

using namespace Qt::StringLiterals;

ProblemsModel::ProblemsModel(QObject* parent) : QAbstractListModel(parent) {}

void ProblemsModel::setDiagnostics(std::vector<tirx::Diagnostic> diagnostics)
{
    beginResetModel();
    m_diagnostics = std::move(diagnostics);
    endResetModel();
}

int ProblemsModel::count(tirx::Diagnostic::Severity severity) const
{
    return static_cast<int>(std::ranges::count(m_diagnostics, severity, &tirx::Diagnostic::severity));
}

int ProblemsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_diagnostics.size());
}

QVariant ProblemsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const tirx::Diagnostic& d = m_diagnostics[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: {
        QString text = fromStd(tirx::severityName(d.severity)) + u": "_s + fromStd(d.message);
        if (d.span.valid()) text = u"%1:%2: "_s.arg(d.span.line).arg(d.span.column) + text;
        // The pass at the end, as tirx-cli prints it.
        if (!d.pass.empty() && d.pass != "input") text += u" ["_s + fromStd(d.pass) + u"]"_s;
        return text;
    }
    case Qt::ToolTipRole:
        // Rich text, so a long message wraps in the tip instead of running off the screen.
        return QString(u"<p>"_s + fromStd(d.message).toHtmlEscaped() + u"</p>"_s);
    case Qt::ForegroundRole: {
        const QPalette palette = QApplication::palette();
        const EditorColors& colors = EditorColors::forPalette(palette);
        switch (d.severity) {
        case tirx::Diagnostic::Severity::Error: return colors.errorText;
        case tirx::Diagnostic::Severity::Warning: return colors.warningText;
        case tirx::Diagnostic::Severity::Note: return palette.color(QPalette::PlaceholderText);
        }
        return {};
    }
    case LineRole: return static_cast<int>(d.span.line);
    case ColumnRole: return static_cast<int>(d.span.column);
    case SeverityRole: return static_cast<int>(d.severity);
    case PassRole: return fromStd(d.pass);
    default: return {};
    }
}

QHash<int, QByteArray> ProblemsModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(LineRole, "line");
    names.insert(ColumnRole, "column");
    names.insert(SeverityRole, "severity");
    names.insert(PassRole, "pass");
    return names;
}
