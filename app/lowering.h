#pragma once

#include "ir/diagnostic.h"
#include "transform/pipeline.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

class QTimer;

// Lowers the editor's text off the GUI thread. Edits restart a short
// debounce; when it fires, the text is copied and parsed and the pipeline run
// on a worker. The newest request wins: every request takes a generation
// number and a result whose number is no longer the latest is dropped. When
// the text does not parse, the last good Trace stays and is marked stale.
class LoweringController : public QObject {
    Q_OBJECT

public:
    static constexpr int kDebounceMs = 150;

    explicit LoweringController(QObject *parent = nullptr);

    // Pipeline preset name ("lower-tirx", "trn", "none"); kept in the settings.
    [[nodiscard]] QString preset() const { return m_preset; }
    void setPreset(const QString &preset);
    // Target tag used when the module names none.
    [[nodiscard]] QString defaultTarget() const { return m_defaultTarget; }
    void setDefaultTarget(const QString &tag) { m_defaultTarget = tag; }

    [[nodiscard]] std::shared_ptr<const tirx::Trace> trace() const { return m_trace; }
    [[nodiscard]] const std::vector<tirx::Diagnostic> &diagnostics() const { return m_diagnostics; }
    [[nodiscard]] bool isStale() const { return m_stale; }
    [[nodiscard]] bool isBusy() const { return m_running > 0; }

    // What one run produced; a parse error leaves `trace` empty.
    struct Result {
        std::shared_ptr<const tirx::Trace> trace;
        std::vector<tirx::Diagnostic> diagnostics;
    };
    // Parses and lowers on the calling thread.
    [[nodiscard]] static Result lower(const std::string &source, const std::string &preset,
                                      const std::string &defaultTarget);

public slots:
    // Restarts the debounce; the text is lowered when it fires.
    void setSource(const QString &text);
    // Lowers now, on this thread, and publishes the result (for screenshots
    // and first loads, which should not wait for the worker).
    void lowerNow(const QString &text);

signals:
    void traceReady(std::shared_ptr<const tirx::Trace> trace);
    void diagnosticsReady(const std::vector<tirx::Diagnostic> &diagnostics);
    void staleChanged(bool stale);
    void busyChanged(bool busy);

private:
    void start();
    void publish(const Result &result);

    QTimer *m_debounce;
    QString m_source;
    QString m_preset;
    QString m_defaultTarget;
    quint64 m_generation = 0;
    int m_running = 0;
    std::shared_ptr<const tirx::Trace> m_trace;
    std::vector<tirx::Diagnostic> m_diagnostics;
    bool m_stale = false;
};
