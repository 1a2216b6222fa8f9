#pragma once

#include "transform/pipeline.h"

#include <QAbstractListModel>

#include <memory>

// One row per entry of a Trace: the input, then every pass that ran. Shows
// the pass name and time; the status (changed, unchanged, warning, error)
// colours the row and the diagnostics make up its tool tip.
class PassListModel : public QAbstractListModel {
    Q_OBJECT

public:
    enum class Status { Unchanged, Changed, Warning, Error };
    Q_ENUM(Status)

    enum Role {
        NameRole = Qt::UserRole + 1, // QString: the pass name alone
        StatusRole,                  // Status
        MicrosecondsRole,            // qint64
    };

    explicit PassListModel(QObject *parent = nullptr);

    void setTrace(std::shared_ptr<const tirx::Trace> trace);
    [[nodiscard]] std::shared_ptr<const tirx::Trace> trace() const { return m_trace; }
    // Greys the rows while the trace is from an older, now unparsable text.
    void setStale(bool stale);
    [[nodiscard]] bool isStale() const { return m_stale; }

    // Row of the entry named `passName`, or -1.
    [[nodiscard]] int rowOf(const QString &passName) const;
    [[nodiscard]] Status status(int row) const;

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

private:
    [[nodiscard]] QString toolTip(int row) const;

    std::shared_ptr<const tirx::Trace> m_trace;
    bool m_stale = false;
};
