#pragma once

#include "memoryplans.h"

#include "ir/diagnostic.h"
#include "target/target.h"
#include "transform/pipeline.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class JobTracker;
class QTimer;

// The state of one open document, which every view of the window reads:
// the source, the lowering request (preset, passes, target override), the
// Trace it produced with the target the driver resolved for it, the pass
// the user chose and that pass's memory plans. Views observe it through its
// signals and never look a fact up again (a view that needs the target
// takes this one, not the default).
//
// Lowering runs off the GUI thread: edits restart a short debounce; when it
// fires, the text is copied and lowered by a JobTracker job (the newest
// request wins; an overtaken run stops at its next pass and what it still
// delivers is dropped). The Trace so far comes back as the passes finish,
// paced to one partialTraceReady per kPartialIntervalMs, then the complete
// Trace (traceReady). When the text does not parse, the last good Trace
// stays and is marked stale.
//
// The memory plans of the chosen pass and of the pass the diff starts from
// are built once per Trace entry, off the GUI thread, and kept while the
// entry is (stepping back to a pass places nothing again).
class WorkbenchSession : public QObject {
    Q_OBJECT

public:
    static constexpr int kDebounceMs = 150;
    // How often a running lowering shows the passes it has finished: one
    // that finishes within it (an edit of any bundled example) redraws the
    // pass list, the diff and the IR once per edit rather than once per
    // pass. bench_workbench fixed:2: the main thread's CPU time per edit
    // fell from about 18 to 11 ms with it.
    static constexpr int kPartialIntervalMs = 50;
    // The preset used until another is chosen.
    static inline const QString kDefaultPreset = QStringLiteral("lower-tirx");

    explicit WorkbenchSession(QObject* parent = nullptr);
    ~WorkbenchSession() override;

    // The text last given to setSource or lowerNow.
    [[nodiscard]] QString source() const { return m_source; }

    // Pipeline preset name ("lower-tirx", "trn", "none"); kept in the settings.
    [[nodiscard]] QString preset() const { return m_preset; }
    void setPreset(const QString& preset);
    // Whether setPreset() stores the choice in the settings (on by default;
    // off for a screenshot or a preset given on the command line).
    void setRemembersChoices(bool remember) { m_remembers = remember; }
    // A target that replaces the module's own `Target(...)`; empty (the
    // default) uses the module's. For this document only, not a setting.
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

    // The last complete Trace, and the target the driver lowered it for
    // (null exactly when there is no Trace).
    [[nodiscard]] std::shared_ptr<const tirx::Trace> trace() const { return m_trace; }
    [[nodiscard]] const tirx::Target* target() const { return m_target; }
    // What the views show: the complete Trace or, while a run goes on, the
    // newest partial one.
    [[nodiscard]] std::shared_ptr<const tirx::Trace> shownTrace() const { return m_shown; }
    [[nodiscard]] const std::vector<tirx::Diagnostic>& diagnostics() const { return m_diagnostics; }
    [[nodiscard]] bool isStale() const { return m_stale; }
    // A lowering or the chosen pass's memory plans are under way.
    [[nodiscard]] bool isBusy() const { return m_busy; }

    // The chosen pass: entry `entry` of the shown Trace, compared with entry
    // `base` (the diff's left side; `entry` itself for the first pass).
    [[nodiscard]] int currentEntry() const { return m_entry; }
    [[nodiscard]] int baseEntry() const { return m_base; }
    void selectEntry(int entry, int base);
    // The memory plans of the chosen pass, empty while they are built or
    // when nothing is chosen; memoryPlansChanged says when they change.
    [[nodiscard]] const MemoryPlans& memoryPlans() const { return m_plans; }
    // Plans that come from elsewhere than this session's lowering (an NKI
    // kernel's trace): they replace the built ones until the next selection.
    void setMemoryPlans(MemoryPlans plans);
    [[nodiscard]] size_t cachedPlanCount() const { return m_planCache.size(); }

    // Blocks until no lowering or plan job runs, delivering what they give
    // (tests and screenshots).
    void waitForIdle();
    // Stops the lowering under way, if any: nothing it produced is shown.
    void cancelLowering();

    // What one run produced; a parse error leaves `trace` empty.
    struct Result {
        std::shared_ptr<const tirx::Trace> trace;
        std::vector<tirx::Diagnostic> diagnostics;
        const tirx::Target* target = nullptr;
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
    // The Trace so far while a run goes on (paced, see kPartialIntervalMs);
    // never after that run's traceReady.
    void partialTraceReady(std::shared_ptr<const tirx::Trace> partial);
    void traceReady(std::shared_ptr<const tirx::Trace> trace);
    // The last Trace was dropped; views of it should clear.
    void traceCleared();
    void targetChanged(const tirx::Target* target);
    void diagnosticsReady(const std::vector<tirx::Diagnostic>& diagnostics);
    void staleChanged(bool stale);
    void busyChanged(bool busy);
    // selectEntry chose entry `entry` of the shown Trace (-1: none).
    void entrySelected(int entry);
    // memoryPlans() changed: the plans of a newly chosen pass are ready,
    // were set from elsewhere, or were cleared.
    void memoryPlansChanged();

private:
    void start();
    [[nodiscard]] Request request() const;
    // Lowers the current text again soon (the pipeline or target changed).
    void relower();
    void showPartial(std::shared_ptr<const tirx::Trace> partial);
    void publish(const Result& result);
    void setTarget(const tirx::Target* target);
    void buildPlans();
    void updateBusy();

    QTimer* m_debounce;
    JobTracker* m_lowering;
    JobTracker* m_planning;
    QString m_source;
    QString m_preset;
    QString m_targetOverride;
    bool m_remembers = true;
    QStringList m_passes;
    std::shared_ptr<const tirx::Trace> m_trace;
    const tirx::Target* m_target = nullptr;
    std::shared_ptr<const tirx::Trace> m_shown;
    const tirx::Target* m_shownTarget = nullptr;
    std::vector<tirx::Diagnostic> m_diagnostics;
    bool m_stale = false;
    bool m_busy = false;
    int m_entry = -1;
    int m_base = -1;
    MemoryPlans m_plans;
    MemoryPlanCache m_planCache;
};
