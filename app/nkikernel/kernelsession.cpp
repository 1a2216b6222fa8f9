#include "nkikernel/kernelsession.h"

#include "nkikernel/trustedfolders.h"
#include "session/workbenchsession.h"

#include "jobs/jobtracker.h"

#include "device/work_folder.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <filesystem>

using namespace Qt::StringLiterals;
namespace fs = std::filesystem;
namespace nki = tirx::nki;

namespace {

// Whether two readings of a kernel's `def` line call for the same launch.
bool sameParameters(const nki::KernelSignature& a, const nki::KernelSignature& b)
{
    return a.name == b.name && std::equal(a.parameters.begin(), a.parameters.end(), b.parameters.begin(),
                                          b.parameters.end(), [](const auto& x, const auto& y) {
                                              return x.name == y.name && x.hasDefault == y.hasDefault &&
                                                     x.variadic == y.variadic;
                                          });
}

std::string canonical(const std::string& path)
{
    std::error_code ec;
    const fs::path c = fs::weakly_canonical(path, ec);
    return ec ? path : c.string();
}

// Per file of the trace: whether it is the kernel file the editor shows.
std::vector<bool> kernelFiles(const nki::Trace& trace, const std::string& kernel)
{
    std::vector<bool> out;
    out.reserve(trace.files.size());
    for (const auto& f : trace.files) out.push_back(canonical(f) == kernel);
    return out;
}

// The line of the kernel file a location and its user-file stack lead to:
// the location itself when it is there, else the innermost caller that is
// (a helper module's allocation is shown at the kernel's call of it); 0
// when none is.
int kernelLine(const std::vector<bool>& isKernel, const std::optional<nki::Location>& loc,
               const std::vector<nki::Location>& stack, int* column = nullptr)
{
    const auto inKernel = [&](const nki::Location& l) {
        return l.valid() && static_cast<size_t>(l.file) < isKernel.size() && isKernel[static_cast<size_t>(l.file)];
    };
    const nki::Location* found = nullptr;
    if (loc && inKernel(*loc)) found = &*loc;
    for (const auto& l : stack) {
        if (found) break;
        if (inKernel(l)) found = &l;
    }
    if (!found) return 0;
    if (column) *column = std::max(1, found->column);
    return found->line;
}

tirx::Diagnostic::Severity severity(nki::Severity s)
{
    switch (s) {
    case nki::Severity::Error: return tirx::Diagnostic::Severity::Error;
    case nki::Severity::Warning: return tirx::Diagnostic::Severity::Warning;
    case nki::Severity::Note: return tirx::Diagnostic::Severity::Note;
    }
    return tirx::Diagnostic::Severity::Error;
}

} // namespace

struct KernelSession::Outcome {
    nki::KernelRun run;
    std::vector<nki::NkiPlan> plans;
    std::vector<tirx::Diagnostic> diagnostics;
    const tirx::Target* target = nullptr;
    bool cancelled = false;
};

namespace {

// One run of the kernel text on a pool thread. An edited text is run from
// a copy under the kernel's own name in a private folder, with the kernel's
// folder on the import path so its siblings still import, and the trace's
// file names are mapped back to the kernel's.
KernelSession::Outcome runKernelText(const std::string& path, const std::string& text, bool edited, nki::Launch launch,
                                     const std::string& resources, const std::shared_ptr<std::atomic<bool>>& cancel)
{
    KernelSession::Outcome out;
    const std::string kernel = canonical(path);
    const tirx::Target* target = launch.target.empty() ? &tirx::defaultTarget() : tirx::findTarget(launch.target);
    if (!target) {
        out.diagnostics.emplace_back(tirx::Diagnostic::Severity::Warning, "the launch names an unknown target '" +
                                                                              launch.target + "'; using " +
                                                                              tirx::defaultTarget().tag);
        target = &tirx::defaultTarget();
    }
    out.target = target;
    nki::RunOptions options;
    options.resources = resources;
    options.cancel = cancel.get();
    // A kernel is run again on every pause in typing: a stuck one should
    // not hold the views for two minutes.
    options.timeoutSeconds = 30.0;
    options.cpuSeconds = 30;

    const tirx::device::WorkFolder copyFolder;
    std::string runPath = kernel;
    if (edited && !copyFolder.path().empty()) {
        runPath = copyFolder.file(fs::path(kernel).filename().string());
        if (!tirx::device::writeFile(runPath, text).empty())
            runPath = kernel;
        else
            launch.sysPath.push_back(fs::path(kernel).parent_path().string());
    }
    out.run = nki::runKernel(runPath, launch, options);
    if (cancel->load()) {
        out.cancelled = true;
        return out;
    }
    if (!out.run.trace) {
        out.diagnostics.emplace_back(tirx::Diagnostic::Severity::Error, out.run.error);
        return out;
    }
    nki::Trace& trace = *out.run.trace;
    if (runPath != kernel) {
        const std::string copy = canonical(runPath);
        for (auto& f : trace.files) {
            if (canonical(f) == copy) f = kernel;
        }
        trace.kernelFile = kernel;
    }
    const auto isKernel = kernelFiles(trace, kernel);
    for (size_t i = 0; i < trace.programs.size(); ++i) {
        nki::NkiPlan p = nki::buildNkiPlan(trace, i, *target);
        // Each allocation at the kernel file's line that made it.
        const auto& tensors = trace.programs[i].tensors;
        for (size_t a = 0; a < p.plan.allocations.size(); ++a) {
            const nki::Tensor& t = tensors[static_cast<size_t>(p.sources[a].tensor)];
            int column = 1;
            const int line = kernelLine(isKernel, t.loc, t.stack, &column);
            p.plan.allocations[a].definition.span =
                line > 0 ? tirx::Span{static_cast<uint32_t>(line), static_cast<uint32_t>(column),
                                      static_cast<uint32_t>(line), static_cast<uint32_t>(column)}
                         : tirx::Span{};
        }
        out.plans.push_back(std::move(p));
    }
    for (const auto& d : nki::checkKernel(trace, out.plans, *target)) {
        const bool here = canonical(d.file) == kernel;
        const std::string where = here || d.file.empty()
                                      ? std::string()
                                      : fs::path(d.file).filename().string() + ":" + std::to_string(d.line) + ": ";
        tirx::Diagnostic diagnostic(severity(d.severity),
                                    where + d.message + (d.code.empty() ? "" : " [" + d.code + "]"));
        if (here)
            diagnostic.span = tirx::Span{static_cast<uint32_t>(d.line), static_cast<uint32_t>(d.column),
                                         static_cast<uint32_t>(d.line), static_cast<uint32_t>(d.column)};
        out.diagnostics.push_back(std::move(diagnostic));
    }
    return out;
}

} // namespace

KernelSession::KernelSession(WorkbenchSession* session, QObject* parent)
    : QObject(parent), m_session(session), m_runs(new JobTracker(this)), m_debounce(new QTimer(this))
{
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &KernelSession::start);
}

KernelSession::~KernelSession()
{
    if (m_cancel) m_cancel->store(true);
}

QString KernelSession::launchFilePath() const
{
    if (m_path.isEmpty()) return {};
    const QFileInfo info(m_path);
    return info.dir().filePath(info.completeBaseName() + u".launch.json"_s);
}

void KernelSession::open(const QString& path, const QString& text)
{
    close();
    m_path = path;
    m_text = text;
    m_savedText = text;
    m_signatures = nki::kernelSignatures(text.toStdString());
    m_hasLaunchFile = false;
    const QString launchFile = launchFilePath();
    if (QFileInfo::exists(launchFile)) {
        auto read = nki::readLaunchFile(launchFile.toStdString());
        if (read.launch) {
            m_launch = std::move(*read.launch);
            m_hasLaunchFile = true;
        } else {
            m_diagnostics = {tirx::Diagnostic(tirx::Diagnostic::Severity::Error, read.error)};
            emit diagnosticsReady(m_diagnostics);
        }
    }
    if (!m_hasLaunchFile) m_launch = m_signatures.empty() ? nki::Launch{} : nki::launchFromSignature(m_signatures[0]);
    m_trusted = trustedfolders::isTrusted(trustedfolders::folderOf(path));
    if (m_trusted)
        runNow();
    else
        emit trustNeeded(trustedfolders::folderOf(path));
}

void KernelSession::close()
{
    m_debounce->stop();
    if (m_cancel) m_cancel->store(true);
    m_runs->cancel();
    const bool had = !m_path.isEmpty();
    m_path.clear();
    m_trace.reset();
    m_plans.clear();
    m_diagnostics.clear();
    m_program = 0;
    if (had) m_session->setMemoryPlans({});
}

void KernelSession::trustAndRun()
{
    if (m_path.isEmpty()) return;
    trustedfolders::trust(trustedfolders::folderOf(m_path));
    m_trusted = true;
    runNow();
}

bool KernelSession::setLaunch(const nki::Launch& launch, QString* error)
{
    m_launch = launch;
    const QString file = launchFilePath();
    const std::string text = nki::launchFileText(launch, QFileInfo(file).absolutePath().toStdString());
    const std::string written = tirx::device::writeFile(file.toStdString(), text);
    m_hasLaunchFile = written.empty();
    if (!written.empty() && error) *error = QString::fromStdString(written);
    runNow();
    return written.empty();
}

void KernelSession::setSource(const QString& text)
{
    if (m_path.isEmpty() || text == m_text) return;
    m_text = text;
    auto signatures = nki::kernelSignatures(text.toStdString());
    const auto* before = nki::entrySignature(m_signatures, m_launch);
    const auto* after = nki::entrySignature(signatures, m_launch);
    const bool followed = after && (!before || !sameParameters(*before, *after));
    m_signatures = std::move(signatures);
    if (followed) {
        // The entry's `def` line changed: the launch follows it, so the next
        // run calls the kernel as it now reads.
        m_launch = nki::launchForSignature(m_launch, *nki::entrySignature(m_signatures, m_launch));
        emit launchChanged();
    }
    if (m_trusted) m_debounce->start();
}

void KernelSession::runNow()
{
    m_debounce->stop();
    start();
}

int KernelSession::debounceMs() const { return m_debounce->interval(); }

void KernelSession::setDebounceMs(int ms) { m_debounce->setInterval(ms); }

bool KernelSession::isRunning() const { return m_runs->isRunning(); }

void KernelSession::waitForIdle()
{
    if (m_debounce->isActive()) runNow();
    m_runs->waitForFinished();
}

void KernelSession::start()
{
    if (m_path.isEmpty() || !m_trusted) return;
    // The run under way is for an older text: its child is killed.
    if (m_cancel) m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    emit runStarted();
    m_runs->start(
        [path = m_path.toStdString(), text = m_text.toStdString(), edited = m_text != m_savedText, launch = m_launch,
         resources = m_resources, cancel = m_cancel](const JobTracker::Control&) {
            return runKernelText(path, text, edited, launch, resources, cancel);
        },
        [this](Outcome outcome) { publish(std::move(outcome)); },
        [this](const QString& message) { emit runFinished(message, true); });
}

void KernelSession::publish(Outcome outcome)
{
    if (outcome.cancelled) return;
    m_target = outcome.target;
    m_diagnostics = std::move(outcome.diagnostics);
    m_plans = std::move(outcome.plans);
    const bool failed = !outcome.run.trace;
    m_trace = std::move(outcome.run.trace);
    if (m_program >= static_cast<int>(m_plans.size())) m_program = 0;
    emit programsChanged(programLabels());
    showProgram();
    emit diagnosticsReady(m_diagnostics);
    QString status;
    if (failed) {
        status = QString::fromStdString(outcome.run.error);
    } else {
        size_t instructions = 0;
        for (const auto& p : m_trace->programs) instructions += p.instructions.size();
        // Short: it shares the bar's first row with the program selector.
        status = tr("%1 instruction(s) · %2 s").arg(instructions).arg(outcome.run.seconds, 0, 'f', 2);
        if (m_trace->error) status = tr("stopped: %1").arg(QString::fromStdString(m_trace->error->message));
    }
    emit runFinished(status, failed || m_trace->error.has_value());
}

QStringList KernelSession::programLabels() const
{
    QStringList out;
    for (const auto& p : m_plans) {
        QStringList id;
        for (int64_t i : p.program) id << QString::number(i);
        out << u"["_s + id.join(u", "_s) + u"]"_s;
    }
    return out;
}

void KernelSession::selectProgram(int index)
{
    if (index < 0 || index >= static_cast<int>(m_plans.size()) || index == m_program) return;
    m_program = index;
    showProgram();
}

void KernelSession::showProgram()
{
    if (m_plans.empty()) {
        m_session->setMemoryPlans({});
        return;
    }
    auto plan = std::make_shared<const tirx::MemoryPlan>(m_plans[static_cast<size_t>(m_program)].plan);
    m_session->setMemoryPlans(MemoryPlans{plan, plan, m_target});
}

std::vector<size_t> KernelSession::allocationsOnLine(int line) const
{
    std::vector<size_t> out;
    if (!m_trace || m_plans.empty() || line <= 0) return out;
    const nki::NkiPlan& plan = m_plans[static_cast<size_t>(m_program)];
    const auto& allocations = plan.plan.allocations;
    std::vector<bool> chosen(allocations.size(), false);
    for (size_t a = 0; a < allocations.size(); ++a) {
        if (static_cast<int>(allocations[a].definition.span.line) == line) chosen[a] = true;
    }
    const auto isKernel = kernelFiles(*m_trace, canonical(m_path.toStdString()));
    const nki::Program& program = m_trace->programs[static_cast<size_t>(m_program)];
    for (const nki::Instruction& ins : program.instructions) {
        if (kernelLine(isKernel, ins.loc, ins.stack) != line) continue;
        for (const auto* regions : {&ins.writes, &ins.reads}) {
            for (const nki::Region& r : *regions) {
                for (size_t a = 0; a < plan.sources.size(); ++a) {
                    const auto& s = plan.sources[a];
                    if (s.tensor == r.tensor && (!r.block || !s.block || *s.block == *r.block)) chosen[a] = true;
                }
            }
        }
    }
    for (size_t a = 0; a < chosen.size(); ++a) {
        if (chosen[a]) out.push_back(a);
    }
    return out;
}
