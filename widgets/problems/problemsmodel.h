#pragma once

#include "ir/diagnostic.h"

#include <QAbstractListModel>

#include <vector>

// The diagnostics of the last lowering, one row each: "line:col: severity:
// message" in the severity's colour (worked out when painted, so a theme
// switch recolours every row), the whole message as the tool tip, and the
// location and severity as roles for jumping and filtering.
class ProblemsModel : public QAbstractListModel {
    Q_OBJECT

public:
    enum Role {
        LineRole = Qt::UserRole + 1, // int, 1-based; 0 without a location
        ColumnRole,                  // int, 1-based byte column
        SeverityRole,                // int: tirx::Diagnostic::Severity
        PassRole,                    // QString: the pass that reported it; empty for the parser
    };

    explicit ProblemsModel(QObject* parent = nullptr);

    void setDiagnostics(std::vector<tirx::Diagnostic> diagnostics);
    [[nodiscard]] const std::vector<tirx::Diagnostic>& diagnostics() const { return m_diagnostics; }
    // How many rows have `severity`.
    [[nodiscard]] int count(tirx::Diagnostic::Severity severity) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

private:
    std::vector<tirx::Diagnostic> m_diagnostics;
};
