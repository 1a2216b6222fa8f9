#pragma once

#include "transform/pipeline.h"

#include <QAbstractListModel>
#include <QSet>
#include <QStringList>

#include <memory>
#include <vector>

// The input row, then one row per pass of the pipeline with a check box to
// switch the pass off. A row shows the pass's Trace entry when it ran: name
// and time, the status (changed, unchanged, warning, error) colouring the
// row and the diagnostics as its tool tip. A pass switched off, or not
// reached because an earlier one failed, has no entry. Without a pipeline
// the rows are the Trace's entries.
class PassListModel : public QAbstractListModel {
    Q_OBJECT

public:
    // Skipped: the explorer does not implement the pass (the registry has no
    // run function), which is not the same as running and changing nothing.
    enum class Status { Unchanged, Changed, Warning, Error, Off, NotRun, Skipped };
    Q_ENUM(Status)

    enum Role {
        NameRole = Qt::UserRole + 1, // QString: the pass name alone
        StatusRole,                  // Status
        MicrosecondsRole,            // qint64
        EntryRole,                   // int: index into the Trace, -1 when the pass did not run
        LabelRole,                   // QString: the name, with " #2" on a second run of the same pass
    };

    explicit PassListModel(QObject* parent = nullptr);

    // A Trace of the same passes as the last one (an edit) keeps the rows
    // and reports their data changed; any other resets the model.
    void setTrace(std::shared_ptr<const tirx::Trace> trace);
    [[nodiscard]] std::shared_ptr<const tirx::Trace> trace() const { return m_trace; }
    // The passes the rows list, in order; switches every pass back on.
    void setPipeline(const QStringList& passes);
    [[nodiscard]] QStringList pipeline() const { return m_pipeline; }
    // The pipeline's passes that are switched on, in order: what to run.
    [[nodiscard]] QStringList enabledPasses() const;
    // Switches pass `passName` on or off; false if the pipeline has no such pass.
    bool setPassEnabled(const QString& passName, bool enabled);
    // Greys the rows while the trace is from an older, now unparsable text.
    void setStale(bool stale);
    [[nodiscard]] bool isStale() const { return m_stale; }

    // Row of the pass labelled `passName` (see LabelRole), else the first
    // of that name, or -1.
    [[nodiscard]] int rowOf(const QString& passName) const;
    // Trace entry shown by `row`, or -1; and the row showing `entry`, or -1.
    [[nodiscard]] int entryOf(int row) const;
    [[nodiscard]] int rowOfEntry(int entry) const;
    [[nodiscard]] Status status(int row) const;
    // The entry to show when nobody chose one: the first pass with an error,
    // else the last pass that changed the module, else the last entry; -1
    // without entries.
    [[nodiscard]] int defaultEntry() const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

signals:
    // A pass was switched on or off; `passes` is enabledPasses().
    void enabledPassesChanged(const QStringList& passes);

private:
    struct Row {
        QString name;
        QString label;
        int entry = -1;
        bool inPipeline = false; // has a check box

        bool operator==(const Row&) const = default;
    };

    // The rows for `trace` (may be null) and the pipeline.
    [[nodiscard]] std::vector<Row> rowsFor(const tirx::Trace* trace) const;
    [[nodiscard]] const tirx::TraceEntry* entryAt(int row) const;
    [[nodiscard]] QString toolTip(int row) const;

    std::shared_ptr<const tirx::Trace> m_trace;
    QStringList m_pipeline;
    QSet<QString> m_off;
    std::vector<Row> m_rows;
    bool m_stale = false;
};
