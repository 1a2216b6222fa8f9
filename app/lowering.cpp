#include "lowering.h"

#include "driver/lower.h"
#include "target/target.h"
#include "transform/registry.h"

#include <QSettings>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace {
const QString kPresetKey = u"lowering/preset"_s;
const QString kDefaultPreset = QString::fromUtf8(tirx::kDefaultPreset.data(), tirx::kDefaultPreset.size());
} // namespace

LoweringController::LoweringController(QObject* parent)
    : QObject(parent), m_debounce(new QTimer(this)), m_preset(QSettings().value(kPresetKey, kDefaultPreset).toString()),
      m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    if (!tirx::findPreset(m_preset.toStdString())) m_preset = kDefaultPreset;
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &LoweringController::start);
}

LoweringController::~LoweringController()
{
    // A worker posts to this object between passes; it must be gone first.
    ++*m_generation;
    for (QFuture<void>& worker : m_workers) worker.waitForFinished();
}

int LoweringController::debounceMs() const { return m_debounce->interval(); }

void LoweringController::setDebounceMs(int ms) { m_debounce->setInterval(std::max(0, ms)); }

void LoweringController::setPreset(const QString& preset)
{
    if (preset == m_preset || !tirx::findPreset(preset.toStdString())) return;
    m_preset = preset;
    m_passes.clear();
    if (m_remembers) QSettings().setValue(kPresetKey, preset);
    relower();
}

void LoweringController::setTargetOverride(const QString& tag)
{
    if (tag == m_targetOverride || (!tag.isEmpty() && !tirx::findTarget(tag.toStdString()))) return;
    m_targetOverride = tag;
    relower();
}

void LoweringController::setPasses(const QStringList& passes)
{
    if (passes == m_passes) return;
    m_passes = passes;
    relower();
}

void LoweringController::relower()
{
    if (!m_source.isNull()) m_debounce->start(0);
}

LoweringController::Request LoweringController::request() const
{
    Request request{m_source.toStdString(), m_preset.toStdString(), {}, std::nullopt};
    if (!m_targetOverride.isEmpty()) request.targetOverride = m_targetOverride.toStdString();
    for (const QString& pass : m_passes) request.passes.push_back(pass.toStdString());
    return request;
}

void LoweringController::setSource(const QString& text)
{
    m_source = text;
    m_debounce->start();
}

void LoweringController::lowerNow(const QString& text)
{
    m_debounce->stop();
    m_source = text;
    ++*m_generation; // anything still running is now stale and stops
    publish(lower(request()));
}

void LoweringController::forgetTrace()
{
    m_debounce->stop();
    ++*m_generation;
    m_partialGeneration = 0;
    m_partial = tirx::Trace{};
    m_trace.reset();
    emit traceCleared();
    if (m_stale) {
        m_stale = false;
        emit staleChanged(false);
    }
}

LoweringController::Result LoweringController::lower(const Request& request, const EntryCallback& onEntry)
{
    tirx::LowerRequest lowerRequest;
    lowerRequest.source = request.source;
    lowerRequest.preset = request.preset;
    lowerRequest.passes = request.passes;
    lowerRequest.targetOverride = request.targetOverride;
    lowerRequest.onEntry = onEntry;
    tirx::LowerResult lowered = tirx::lower(lowerRequest);
    return Result{std::move(lowered.trace), std::move(lowered.diagnostics)};
}

void LoweringController::start()
{
    const quint64 generation = ++*m_generation;
    if (m_running++ == 0) emit busyChanged(true);
    forgetFinishedWorkers();

    // The worker reads only the shared counter and posts copies back, the
    // last post before it returns; `this` outlives it because the destructor
    // waits. (A QFuture continuation with a context object could still run
    // after that wait, on an object being destroyed.)
    const std::shared_ptr<std::atomic<quint64>> latest = m_generation;
    const EntryCallback onEntry = [this, latest, generation](const tirx::Trace& header,
                                                             const tirx::TraceEntryRef& entry) {
        if (latest->load() != generation) return false; // overtaken: stop at this pass
        QMetaObject::invokeMethod(
            this, [this, generation, header, entry] { addEntry(generation, header, entry); }, Qt::QueuedConnection);
        return true;
    };
    m_workers.append(QtConcurrent::run([this, generation, request = request(), onEntry] {
        Result result = lower(request, onEntry);
        QMetaObject::invokeMethod(
            this, [this, generation, result = std::move(result)] { finish(generation, result); }, Qt::QueuedConnection);
    }));
}

void LoweringController::finish(quint64 generation, const Result& result)
{
    if (--m_running == 0) emit busyChanged(false);
    if (generation == m_generation->load()) publish(result);
}

void LoweringController::forgetFinishedWorkers()
{
    m_workers.removeIf([](const QFuture<void>& worker) { return worker.isFinished(); });
}

void LoweringController::addEntry(quint64 generation, const tirx::Trace& header, const tirx::TraceEntryRef& entry)
{
    if (generation != m_generation->load()) return;
    if (generation != m_partialGeneration) {
        m_partialGeneration = generation;
        m_partial = header;
    }
    m_partial.entries.push_back(entry);
    emit entryReady(std::make_shared<const tirx::Trace>(m_partial));
}

void LoweringController::publish(const Result& result)
{
    m_partialGeneration = 0;
    m_partial = tirx::Trace{};
    m_diagnostics = result.diagnostics;
    const bool stale = !result.trace && m_trace;
    if (result.trace) {
        m_trace = result.trace;
        emit traceReady(m_trace);
    }
    emit diagnosticsReady(m_diagnostics);
    if (stale != m_stale) {
        m_stale = stale;
        emit staleChanged(stale);
    }
}
