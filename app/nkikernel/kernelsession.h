#pragma once

#include "nki/launch.h"
#include "nki/nki_checks.h"
#include "nki/nki_plan.h"
#include "nki/runner.h"
#include "nki/signature.h"

#include "ir/diagnostic.h"
#include "target/target.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class JobTracker;
class QTimer;
class WorkbenchSession;

// A hand-written NKI kernel open in the window (spec 08): its file, the
// launch it is called with, whether its folder may run code, and what its
// last run under the stand-in gave — the trace, one placement plan per
// program instance, and the findings of spec 08 §5 as located diagnostics.
//
// Runs go through a JobTracker, off the GUI thread, as TIRx lowering does:
// an edit of the text restarts a short debounce and then a run of the text
// as it is (saved or not); a newer run cancels the one under way and kills
// its child process. The plans of the chosen program instance go to the
// WorkbenchSession (setMemoryPlans), so the memory dock, the allocation
// table, lifetimes and what-if show them unchanged.
class KernelSession : public QObject {
    Q_OBJECT

public:
    static constexpr int kDebounceMs = 400;

    explicit KernelSession(WorkbenchSession* session, QObject* parent = nullptr);
    ~KernelSession() override;

    // Opens `path` whose text is `text`: reads <kernel>.launch.json beside it
    // or fills a launch from the signature, and runs the kernel when its
    // folder is trusted (else trustNeeded is emitted and nothing runs).
    void open(const QString& path, const QString& text);
    // Leaves the kernel: cancels any run, clears the plans it set.
    void close();
    [[nodiscard]] bool isOpen() const { return !m_path.isEmpty(); }
    [[nodiscard]] QString path() const { return m_path; }
    [[nodiscard]] QString launchFilePath() const;
    // Whether the launch came from a launch file (else from the signature).
    [[nodiscard]] bool hasLaunchFile() const { return m_hasLaunchFile; }
    [[nodiscard]] const std::vector<tirx::nki::KernelSignature>& signatures() const { return m_signatures; }

    // The kernel's folder may run code: remembered, and a run starts.
    [[nodiscard]] bool isTrusted() const { return m_trusted; }
    void trustAndRun();

    [[nodiscard]] const tirx::nki::Launch& launch() const { return m_launch; }
    // A launch edited in the arguments bar: written to the launch file
    // (*error says why when it cannot be) and run.
    bool setLaunch(const tirx::nki::Launch& launch, QString* error);

    // The editor's text changed: run it after the debounce.
    void setSource(const QString& text);
    // Runs now (no debounce), unless the folder is not trusted.
    void runNow();
    // Blocks until no run is under way, delivering its result.
    void waitForIdle();
    [[nodiscard]] bool isRunning() const;
    [[nodiscard]] int debounceMs() const;
    void setDebounceMs(int ms);
    // Where the stand-in is; empty: found from the running executable.
    void setResources(const QString& folder) { m_resources = folder.toStdString(); }

    // The last run's results.
    [[nodiscard]] const std::optional<tirx::nki::Trace>& trace() const { return m_trace; }
    [[nodiscard]] const std::vector<tirx::nki::NkiPlan>& plans() const { return m_plans; }
    [[nodiscard]] const std::vector<tirx::Diagnostic>& diagnostics() const { return m_diagnostics; }
    [[nodiscard]] const tirx::Target* target() const { return m_target; }
    [[nodiscard]] QStringList programLabels() const;
    [[nodiscard]] int program() const { return m_program; }
    // Shows program instance `index` in the memory views.
    void selectProgram(int index);

    // The allocations of the shown program that line `line` (1-based) of the
    // kernel file makes, reads or writes, as indices into its plan.
    [[nodiscard]] std::vector<size_t> allocationsOnLine(int line) const;

signals:
    // The folder of the kernel is not trusted: the window asks.
    void trustNeeded(const QString& folder);
    void runStarted();
    // A run ended: trace() and plans() hold its results (or an error).
    void runFinished(const QString& status, bool failed);
    void diagnosticsReady(const std::vector<tirx::Diagnostic>& diagnostics);
    void programsChanged(const QStringList& labels);
    // An edit changed the kernel's signature, and the launch followed it
    // (launchForSignature): the arguments bar shows the new one.
    void launchChanged();

public:
    // What one run gives, handed from the pool thread to publish().
    struct Outcome;

private:
    void start();
    void publish(Outcome outcome);
    void showProgram();

    WorkbenchSession* m_session;
    JobTracker* m_runs;
    QTimer* m_debounce;
    QString m_path;
    QString m_text;
    QString m_savedText; // the file's bytes when opened, to run the file itself when unchanged
    std::vector<tirx::nki::KernelSignature> m_signatures;
    tirx::nki::Launch m_launch;
    bool m_hasLaunchFile = false;
    bool m_trusted = false;
    std::string m_resources;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::optional<tirx::nki::Trace> m_trace;
    std::vector<tirx::nki::NkiPlan> m_plans;
    std::vector<tirx::Diagnostic> m_diagnostics;
    const tirx::Target* m_target = nullptr;
    int m_program = 0;
};
