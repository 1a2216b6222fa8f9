#pragma once

#include "ir/diagnostic.h"
#include "transform/pipeline.h"

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QTimer;

// Lowers the editor's text off the GUI thread. Edits restart a short
// debounce; when it fires, the text is copied and parsed and the pipeline run
// on a worker. Entries come back one per finished pass (entryReady, with the
// Trace so far), then the complete Trace (traceReady). The newest request
// wins: every request takes a generation number, a worker whose number is no
// longer the latest stops at its next pass, and anything it still posts is
// dropped. When the text does not parse, the last good Trace stays and is
// marked stale.
class LoweringController : public QObject {
    Q_OBJECT

public:
    static constexpr int kDebounceMs = 150;
    // The preset used until another is chosen.
    static inline const QString kDefaultPreset = QStringLiteral("lower-tirx");

    explicit LoweringController(QObject* parent = nullptr);
    // Stops the running worker at its next pass and waits for it.
    ~LoweringController() override;

    // Pipeline preset name ("lower-tirx", "trn", "none"); kept in the settings.
    [[nodiscard]] QString preset() const { return m_preset; }
    void setPreset(const QString& preset);
    // Whether setPreset() stores the choice in the settings (on by default;
    // off for a screenshot or a preset given on the command line).
    void setRemembersChoices(bool remember) { m_remembers = remember; }
    // A target that replaces the module's own `Target(...)`; empty (the
    // default) uses the module's. For this session only, not a setting.
    [[nodiscard]] QString targetOverride() const { return m_targetOverride; }
    void setTargetOverride(const QString& tag);
    // The passes to run instead of the preset's (some switched off); empty
    // runs the preset's. Choosing a preset clears it.
    [[nodiscard]] QStringList passes() const { return m_passes; }
    void setPasses(const QStringList& passes);
    // Delay between the last edit and the lowering; 0 lowers on the next
    // turn of the event loop (the benchmark uses it).
    [[nodiscard]] int debounceMs() const;
    void setDebounceMs(int ms);

    [[nodiscard]] std::shared_ptr<const tirx::Trace> trace() const { return m_trace; }
    [[nodiscard]] const std::vector<tirx::Diagnostic>& diagnostics() const { return m_diagnostics; }
    [[nodiscard]] bool isStale() const { return m_stale; }
    [[nodiscard]] bool isBusy() const { return m_running > 0; }

    // What one run produced; a parse error leaves `trace` empty.
    struct Result {
        std::shared_ptr<const tirx::Trace> trace;
        std::vector<tirx::Diagnostic> diagnostics;
    };
    // What to lower, copied for the worker.
    struct Request {
        std::string source;
        std::string preset;
        std::vector<std::string> passes; // empty: the preset's
        std::optional<std::string> targetOverride;
    };
    // Called with each entry as its pass finishes (and a Trace header with
    // the target and pipeline names); false stops the run.
    using EntryCallback = std::function<bool(const tirx::Trace& header, const tirx::TraceEntryRef& entry)>;
    // Parses and lowers on the calling thread.
    [[nodiscard]] static Result lower(const Request& request, const EntryCallback& onEntry = {});

public slots:
    // Restarts the debounce; the text is lowered when it fires.
    void setSource(const QString& text);
    // Lowers now, on this thread, and publishes the result (for screenshots
    // and first loads, which should not wait for the worker).
    void lowerNow(const QString& text);
    // Drops the last good Trace (another document is opened): a text that
    // does not parse then shows no passes rather than another module's.
    // Emits traceCleared; anything still running is dropped.
    void forgetTrace();

signals:
    // The Trace so far, after one more pass of the running request; always
    // followed by traceReady (or nothing, if a newer request overtook it).
    void entryReady(std::shared_ptr<const tirx::Trace> partial);
    void traceReady(std::shared_ptr<const tirx::Trace> trace);
    // The last Trace was dropped; views of it should clear.
    void traceCleared();
    void diagnosticsReady(const std::vector<tirx::Diagnostic>& diagnostics);
    void staleChanged(bool stale);
    void busyChanged(bool busy);

private:
    void start();
    [[nodiscard]] Request request() const;
    // Lowers the current text again soon (the pipeline or target changed).
    void relower();
    void addEntry(quint64 generation, const tirx::Trace& header, const tirx::TraceEntryRef& entry);
    void finish(quint64 generation, const Result& result);
    void forgetFinishedWorkers();
    void publish(const Result& result);

    QTimer* m_debounce;
    QString m_source;
    QString m_preset;
    QString m_targetOverride;
    bool m_remembers = true;
    QStringList m_passes;
    // Shared with the workers, which read it to notice they were overtaken.
    std::shared_ptr<std::atomic<quint64>> m_generation;
    int m_running = 0;
    QList<QFuture<void>> m_workers;
    // Entries of the newest request so far, in the order they arrived.
    tirx::Trace m_partial;
    quint64 m_partialGeneration = 0;
    std::shared_ptr<const tirx::Trace> m_trace;
    std::vector<tirx::Diagnostic> m_diagnostics;
    bool m_stale = false;
};
