#include "workbenchsession.h"

#include "jobs/jobtracker.h"

#include "driver/lower.h"
#include "transform/registry.h"

#include <QSettings>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

const QString kPresetKey = u"lowering/preset"_s;
const QString kDriverDefaultPreset = QString::fromUtf8(tirx::kDefaultPreset.data(), tirx::kDefaultPreset.size());

std::shared_ptr<const tirx::MemoryPlan> planOf(const tirx::TraceEntryRef& entry, const tirx::Target& target)
{
    if (!entry || !entry->module) return nullptr;
    return std::make_shared<const tirx::MemoryPlan>(tirx::buildMemoryPlan(*entry->module, target, entry->passName));
}

} // namespace

WorkbenchSession::WorkbenchSession(QObject* parent)
    : QObject(parent), m_debounce(new QTimer(this)), m_lowering(new JobTracker(this)), m_planning(new JobTracker(this)),
      m_preset(QSettings().value(kPresetKey, kDriverDefaultPreset).toString())
{
    if (!tirx::findPreset(m_preset.toStdString())) m_preset = kDriverDefaultPreset;
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &WorkbenchSession::start);
    m_lowering->setProgressInterval(kPartialIntervalMs);
    connect(m_lowering, &JobTracker::runningChanged, this, &WorkbenchSession::updateBusy);
    connect(m_planning, &JobTracker::runningChanged, this, &WorkbenchSession::updateBusy);
}

// The trackers, children of this object, stop and wait for their workers.
WorkbenchSession::~WorkbenchSession() = default;

int WorkbenchSession::debounceMs() const { return m_debounce->interval(); }

void WorkbenchSession::setDebounceMs(int ms) { m_debounce->setInterval(std::max(0, ms)); }

void WorkbenchSession::setPreset(const QString& preset)
{
    if (preset == m_preset || !tirx::findPreset(preset.toStdString())) return;
    m_preset = preset;
    m_passes.clear();
    if (m_remembers) QSettings().setValue(kPresetKey, preset);
    relower();
}

void WorkbenchSession::setTargetOverride(const QString& tag)
{
    if (tag == m_targetOverride || (!tag.isEmpty() && !tirx::findTarget(tag.toStdString()))) return;
    m_targetOverride = tag;
    relower();
}

void WorkbenchSession::setPasses(const QStringList& passes)
{
    if (passes == m_passes) return;
    m_passes = passes;
    relower();
}

void WorkbenchSession::relower()
{
    if (!m_source.isNull()) m_debounce->start(0);
}

WorkbenchSession::Request WorkbenchSession::request() const
{
    Request request{m_source.toStdString(), m_preset.toStdString(), {}, std::nullopt};
    if (!m_targetOverride.isEmpty()) request.targetOverride = m_targetOverride.toStdString();
    for (const QString& pass : m_passes) request.passes.push_back(pass.toStdString());
    return request;
}

void WorkbenchSession::setSource(const QString& text)
{
    m_source = text;
    m_debounce->start();
}

void WorkbenchSession::lowerNow(const QString& text)
{
    m_debounce->stop();
    m_source = text;
    m_lowering->cancel(); // anything still running is now stale and stops
    publish(lower(request()));
}

void WorkbenchSession::cancelLowering()
{
    m_debounce->stop();
    m_lowering->cancel();
}

void WorkbenchSession::forgetTrace()
{
    m_debounce->stop();
    m_lowering->cancel();
    m_planning->cancel();
    m_trace.reset();
    m_shown.reset();
    m_shownTarget = nullptr;
    m_planCache.clear();
    m_entry = m_base = -1;
    m_plans = {};
    setTarget(nullptr);
    emit traceCleared();
    if (m_stale) {
        m_stale = false;
        emit staleChanged(false);
    }
}

WorkbenchSession::Result WorkbenchSession::lower(const Request& request, const EntryCallback& onEntry)
{
    tirx::LowerRequest lowerRequest;
    lowerRequest.source = request.source;
    lowerRequest.preset = request.preset;
    lowerRequest.passes = request.passes;
    lowerRequest.targetOverride = request.targetOverride;
    lowerRequest.onEntry = onEntry;
    tirx::LowerResult lowered = tirx::lower(lowerRequest);
    return Result{std::move(lowered.trace), std::move(lowered.diagnostics), lowered.target};
}

void WorkbenchSession::start()
{
    // The worker gets a copy of the request and hands back values only.
    m_lowering->start(
        [this, request = request()](const JobTracker::Control& control) {
            tirx::Trace partial;
            return lower(request,
                         [this, &control, &partial](const tirx::Trace& header, const tirx::TraceEntryRef& entry) {
                             if (control.stopped()) return false; // overtaken: stop at this pass
                             if (partial.entries.empty()) {
                                 partial.targetTag = header.targetTag;
                                 partial.pipeline = header.pipeline;
                             }
                             partial.entries.push_back(entry);
                             // Only `this`'s tracker runs it, on this object's thread.
                             control.progress([this, snapshot = std::make_shared<const tirx::Trace>(partial)] {
                                 showPartial(snapshot);
                             });
                             return true;
                         });
        },
        [this](const Result& result) { publish(result); });
}

void WorkbenchSession::showPartial(std::shared_ptr<const tirx::Trace> partial)
{
    m_shown = partial;
    // The driver resolved this tag for the run; it names a known target.
    m_shownTarget = tirx::findTarget(partial->targetTag);
    emit partialTraceReady(std::move(partial));
}

void WorkbenchSession::publish(const Result& result)
{
    m_diagnostics = result.diagnostics;
    const bool stale = !result.trace && m_trace;
    if (result.trace) {
        m_trace = result.trace;
        m_shown = m_trace;
        m_shownTarget = result.target;
        m_planCache.keepOnly(*m_trace);
        setTarget(result.target);
        emit traceReady(m_trace);
    }
    emit diagnosticsReady(m_diagnostics);
    if (stale != m_stale) {
        m_stale = stale;
        emit staleChanged(stale);
    }
}

void WorkbenchSession::setTarget(const tirx::Target* target)
{
    if (target == m_target) return;
    m_target = target;
    emit targetChanged(target);
}

void WorkbenchSession::selectEntry(int entry, int base)
{
    m_entry = entry;
    m_base = base < 0 ? entry : base;
    emit entrySelected(entry);
    buildPlans();
}

void WorkbenchSession::setMemoryPlans(MemoryPlans plans)
{
    m_planning->cancel();
    m_plans = std::move(plans);
    emit memoryPlansChanged();
}

void WorkbenchSession::buildPlans()
{
    const auto size = m_shown ? static_cast<int>(m_shown->entries.size()) : 0;
    if (m_entry < 0 || m_entry >= size || m_base >= size || !m_shownTarget) {
        setMemoryPlans({});
        return;
    }
    const tirx::TraceEntryRef current = m_shown->entries[static_cast<size_t>(m_entry)];
    const tirx::TraceEntryRef base = m_shown->entries[static_cast<size_t>(m_base)];
    const tirx::Target* target = m_shownTarget;
    MemoryPlans known{m_planCache.find(current), m_planCache.find(base), target};
    if (known.plan && (known.base || !base->module)) {
        setMemoryPlans(std::move(known));
        return;
    }
    // The plans on screen stay until their successors are ready.
    m_planning->start(
        [current, base, known](const JobTracker::Control& control) {
            MemoryPlans built = known;
            if (!built.plan) built.plan = planOf(current, *built.target);
            if (!built.base && !control.stopped())
                built.base = base == current ? built.plan : planOf(base, *built.target);
            return built;
        },
        [this, current, base](MemoryPlans built) {
            m_planCache.insert(current, built.plan);
            m_planCache.insert(base, built.base);
            m_plans = std::move(built);
            emit memoryPlansChanged();
        });
}

void WorkbenchSession::waitForIdle()
{
    while (m_lowering->isRunning() || m_planning->isRunning()) {
        m_lowering->waitForFinished();
        m_planning->waitForFinished();
    }
}

void WorkbenchSession::updateBusy()
{
    const bool busy = m_lowering->isRunning() || m_planning->isRunning();
    if (busy == m_busy) return;
    m_busy = busy;
    emit busyChanged(busy);
}
