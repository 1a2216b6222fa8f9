// MainWindow with a hand-written NKI kernel open (spec 08): the arguments
// bar and the trust banner above the editor, the kernel's runs feeding the
// memory dock and Problems, the caret's line marking its tensors, and the
// docks of the TIRx pipeline saying that they do not apply.
#include "mainwindow.h"

#include "nkikernel/argumentsbar.h"
#include "nkikernel/kernelsession.h"
#include "session/workbenchsession.h"

#include "editor/codeeditor.h"
#include "memmap/memorypanel.h"

#include <QDir>
#include <QDockWidget>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

void MainWindow::createKernelViews(QVBoxLayout* central)
{
    m_kernel = new KernelSession(m_session, this);
    m_argumentsBar = new ArgumentsBar(this);
    m_argumentsBar->hide();

    m_trustBanner = new QFrame(this);
    m_trustBanner->setObjectName(u"NkiTrustBanner"_s);
    m_trustBanner->setFrameShape(QFrame::StyledPanel);
    m_trustBanner->setAutoFillBackground(true);
    QPalette warm = m_trustBanner->palette();
    warm.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xce));
    warm.setColor(QPalette::WindowText, QColor(0x3e, 0x2c, 0x00));
    m_trustBanner->setPalette(warm);
    auto* row = new QHBoxLayout(m_trustBanner);
    row->setContentsMargins(8, 6, 8, 6);
    m_trustText = new QLabel(m_trustBanner);
    m_trustText->setWordWrap(true);
    m_trustText->setTextFormat(Qt::RichText);
    m_trustButton = new QPushButton(tr("Trust and Run"), m_trustBanner);
    m_trustButton->setObjectName(u"NkiTrustButton"_s);
    row->addWidget(m_trustText, 1);
    row->addWidget(m_trustButton);
    m_trustBanner->hide();

    central->insertWidget(0, m_argumentsBar);
    central->insertWidget(1, m_trustBanner);

    connect(m_trustButton, &QPushButton::clicked, m_kernel, &KernelSession::trustAndRun);
    connect(m_kernel, &KernelSession::trustNeeded, this, [this](const QString& folder) {
        m_trustText->setText(
            tr("<b>Running this kernel runs its Python code.</b> The explorer runs it in a sandboxed child process "
               "with time and memory limits, but it can still read your files. Trust the folder "
               "<tt>%1</tt> and run its kernels?")
                .arg(QDir::toNativeSeparators(folder).toHtmlEscaped()));
        m_trustBanner->show();
        m_argumentsBar->setStatus(tr("not run: the folder is not trusted yet"));
    });
    connect(m_kernel, &KernelSession::runStarted, this, [this] {
        m_trustBanner->hide();
        m_argumentsBar->setStatus(tr("running…"));
    });
    connect(m_kernel, &KernelSession::runFinished, this,
            [this](const QString& status, bool failed) { m_argumentsBar->setStatus(status, failed); });
    connect(m_kernel, &KernelSession::diagnosticsReady, this, &MainWindow::showDiagnostics);
    connect(m_kernel, &KernelSession::programsChanged, m_argumentsBar, &ArgumentsBar::setPrograms);
    connect(m_kernel, &KernelSession::launchChanged, this, [this] {
        m_argumentsBar->setSignatures(m_kernel->signatures());
        m_argumentsBar->setLaunch(m_kernel->launch());
    });
    connect(m_argumentsBar, &ArgumentsBar::programChanged, m_kernel, &KernelSession::selectProgram);
    connect(m_argumentsBar, &ArgumentsBar::launchEdited, this, [this] {
        QString error;
        const auto launch = m_argumentsBar->launch(&error);
        if (!launch) return;
        if (!m_kernel->setLaunch(*launch, &error))
            statusBar()->showMessage(tr("Cannot save the launch file: %1").arg(error));
    });
}

bool MainWindow::isKernelOpen() const { return m_kernel->isOpen(); }

void MainWindow::setKernelMode(bool on)
{
    m_editor->setLanguage(on ? CodeEditor::Language::Python : CodeEditor::Language::Tirx);
    m_argumentsBar->setVisible(on);
    if (!on) {
        m_kernel->close();
        m_trustBanner->hide();
    }
    showTirxDocks(!on);
}

void MainWindow::openKernel(const QString& path, const QString& text)
{
    m_kernel->open(path, text);
    m_argumentsBar->setSignatures(m_kernel->signatures());
    m_argumentsBar->setLaunch(m_kernel->launch());
    m_argumentsBar->setPrograms({});
    if (!m_kernel->isTrusted()) return;
    // A freshly opened kernel is shown with its maps, as a module is with its passes.
    m_kernel->waitForIdle();
}

void MainWindow::showTirxDocks(bool applicable)
{
    // The pass list stands beside the memory dock, not behind a tab: it
    // steps aside for a kernel, giving the maps the column's height.
    if (!applicable && !m_passesDock->isHidden()) {
        m_passesDock->hide();
        m_passesHiddenForKernel = true;
    } else if (applicable && m_passesHiddenForKernel) {
        m_passesDock->show();
        m_passesHiddenForKernel = false;
    }
    const std::pair<QDockWidget*, QString> docks[] = {
        {m_passesDock, tr("The pass pipeline lowers TIRx modules.")},
        {m_diffDock, tr("The diff compares the TIRx module between passes.")},
        {m_irDock, tr("The IR view shows the TIRx module after a pass.")},
        {m_nkiDock, tr("This dock shows the NKI kernel a TIRx module lowers to.")},
    };
    for (const auto& [dock, what] : docks) {
        const auto held = m_tirxDockWidgets.find(dock);
        if (applicable) {
            if (held == m_tirxDockWidgets.end()) continue;
            QWidget* note = dock->widget();
            dock->setWidget(held->second);
            held->second->show();
            m_tirxDockWidgets.erase(held);
            delete note;
            continue;
        }
        if (held != m_tirxDockWidgets.end()) continue;
        auto* note = new QLabel(what + u"<br><br>"_s +
                                    tr("It does not apply to a hand-written NKI kernel, which runs as it is written: "
                                       "its SBUF and PSUM maps, allocations and lifetimes are in the Memory dock, "
                                       "its checks in Problems."),
                                dock);
        note->setObjectName(u"NotApplicable"_s);
        note->setWordWrap(true);
        note->setAlignment(Qt::AlignCenter);
        note->setMargin(16);
        note->setForegroundRole(QPalette::PlaceholderText);
        m_tirxDockWidgets.emplace(dock, dock->widget());
        dock->setWidget(note);
        note->show();
    }
}

void MainWindow::highlightCaretTensors()
{
    if (!m_kernel->isOpen()) return;
    int line = 0, column = 0;
    m_editor->getCursorPosition(&line, &column);
    m_memory->highlightAllocations(m_kernel->allocationsOnLine(line + 1));
}
