#include "runview.h"

#include "accessmapview.h"
#include "outputsmodel.h"
#include "readsmodel.h"

#include "sim/access_map.h"
#include "sim/npy.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
constexpr int kPlayIntervalMs = 250;
} // namespace

RunView::RunView(QWidget* parent)
    : QWidget(parent), m_seed(new QSpinBox(this)), m_poison(new QCheckBox(tr("Poison never-written memory"), this)),
      m_run(new QPushButton(tr("Run on simulator"), this)), m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)), m_inputs(new QTableWidget(0, 2, this)), m_outputView(new QTableView(this)),
      m_outputs(new OutputsModel(this)), m_readView(new QListView(this)), m_reads(new ReadsModel(this)),
      m_map(new AccessMapView(this)), m_scrub(new QSlider(Qt::Horizontal, this)),
      m_play(new QPushButton(tr("Play"), this)), m_description(new QLabel(this)), m_summary(new QLabel(this)),
      m_playTimer(new QTimer(this))
{
    // On by default: hardware memory starts as whatever was there, and zeros
    // make a kernel that reads memory it never wrote look right.
    m_poison->setChecked(true);
    m_poison->setToolTip(tr("Never-written SBUF and PSUM read as NaN (integers: all ones), as garbage would on the "
                            "device. Unchecked, they read as zero, which can hide an accumulator nothing cleared."));
    m_seed->setRange(0, 1 << 30);
    m_seed->setPrefix(tr("seed "));
    m_cancel->setEnabled(false);
    m_progress->setRange(0, 0);
    m_progress->setVisible(false);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_seed);
    controls->addWidget(m_poison);
    controls->addStretch();
    controls->addWidget(m_progress);
    controls->addWidget(m_run);
    controls->addWidget(m_cancel);

    m_inputs->setHorizontalHeaderLabels({tr("Input"), tr("Contents")});
    m_inputs->horizontalHeader()->setStretchLastSection(true);
    m_inputs->verticalHeader()->hide();
    m_inputs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_inputs->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto* choose = new QPushButton(tr("Choose .npy…"), this);
    auto* random = new QPushButton(tr("Random"), this);
    auto* inputButtons = new QHBoxLayout;
    inputButtons->addWidget(choose);
    inputButtons->addWidget(random);
    inputButtons->addStretch();

    m_outputView->setModel(m_outputs);
    m_outputView->verticalHeader()->hide();
    m_outputView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_outputView->horizontalHeader()->setStretchLastSection(true);
    auto* save = new QPushButton(tr("Save output…"), this);

    m_readView->setModel(m_reads);

    auto* step = new QHBoxLayout;
    auto* first = new QPushButton(tr("|<"), this);
    auto* back = new QPushButton(tr("<"), this);
    auto* forward = new QPushButton(tr(">"), this);
    for (auto* b : {first, back, forward}) b->setMaximumWidth(36);
    step->addWidget(first);
    step->addWidget(back);
    step->addWidget(m_play);
    step->addWidget(forward);
    step->addWidget(m_scrub, 1);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_scrub->setEnabled(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_inputs);
    layout->addLayout(inputButtons);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    layout->addWidget(m_outputView);
    layout->addWidget(save, 0, Qt::AlignLeft);
    layout->addWidget(new QLabel(tr("Never-written reads"), this));
    layout->addWidget(m_readView);
    layout->addWidget(m_map, 1);
    layout->addLayout(step);
    layout->addWidget(m_description);

    connect(m_run, &QPushButton::clicked, this, &RunView::runRequested);
    connect(m_cancel, &QPushButton::clicked, this, &RunView::cancelRequested);
    connect(choose, &QPushButton::clicked, this, &RunView::chooseInputFile);
    connect(random, &QPushButton::clicked, this, [this] {
        const int row = m_inputs->currentRow();
        if (row >= 0) setInputFile(m_inputs->item(row, 0)->text(), {});
    });
    connect(save, &QPushButton::clicked, this, &RunView::saveSelectedOutput);
    connect(m_scrub, &QSlider::valueChanged, this, &RunView::showInstruction);
    connect(first, &QPushButton::clicked, this, [this] { setCurrentInstruction(0); });
    connect(back, &QPushButton::clicked, this, [this] { setCurrentInstruction(currentInstruction() - 1); });
    connect(forward, &QPushButton::clicked, this, [this] { setCurrentInstruction(currentInstruction() + 1); });
    m_playTimer->setInterval(kPlayIntervalMs);
    connect(m_play, &QPushButton::clicked, this, [this] {
        if (m_playTimer->isActive()) {
            m_playTimer->stop();
            m_play->setText(tr("Play"));
        } else if (m_scrub->isEnabled()) {
            if (currentInstruction() >= m_scrub->maximum()) setCurrentInstruction(0);
            m_playTimer->start();
            m_play->setText(tr("Pause"));
        }
    });
    connect(m_playTimer, &QTimer::timeout, this, [this] {
        if (currentInstruction() >= m_scrub->maximum()) {
            m_playTimer->stop();
            m_play->setText(tr("Play"));
            return;
        }
        setCurrentInstruction(currentInstruction() + 1);
    });
    connect(m_readView, &QListView::activated, this, [this](const QModelIndex& index) {
        setCurrentInstruction(index.data(ReadsModel::InstructionRole).toInt());
        emit sourceRequested(index.data(ReadsModel::LineRole).toInt(), index.data(ReadsModel::ColumnRole).toInt());
    });
}

void RunView::setInputs(const QStringList& names)
{
    const auto previous = inputFiles();
    m_inputs->setRowCount(0);
    for (const QString& name : names) {
        const int row = m_inputs->rowCount();
        m_inputs->insertRow(row);
        m_inputs->setItem(row, 0, new QTableWidgetItem(name));
        m_inputs->setItem(row, 1, new QTableWidgetItem);
        setInputFile(name, previous.value(name));
    }
}

QMap<QString, QString> RunView::inputFiles() const
{
    QMap<QString, QString> files;
    for (int row = 0; row < m_inputs->rowCount(); ++row) {
        const QString path = m_inputs->item(row, 1)->data(Qt::UserRole).toString();
        if (!path.isEmpty()) files.insert(m_inputs->item(row, 0)->text(), path);
    }
    return files;
}

void RunView::setInputFile(const QString& name, const QString& path)
{
    for (int row = 0; row < m_inputs->rowCount(); ++row) {
        if (m_inputs->item(row, 0)->text() != name) continue;
        auto* item = m_inputs->item(row, 1);
        item->setData(Qt::UserRole, path);
        item->setText(path.isEmpty() ? tr("random from the seed") : path);
    }
}

void RunView::chooseInputFile()
{
    const int row = m_inputs->currentRow();
    if (row < 0) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Input %1").arg(m_inputs->item(row, 0)->text()), {},
                                                      tr("NumPy arrays (*.npy)"));
    if (!path.isEmpty()) setInputFile(m_inputs->item(row, 0)->text(), path);
}

void RunView::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    if (running) m_summary->setText(tr("Running"));
}

void RunView::setProgress(qint64 instructions)
{
    // The total is not known before the run (loop bounds may depend on
    // values), so the bar stays a busy indicator and the count goes in the
    // summary line: a busy QProgressBar draws no text.
    m_summary->setText(tr("Running: %1 instructions so far").arg(instructions));
}

void RunView::setResult(std::shared_ptr<const tirx::sim::RunResult> result, const tirx::Target* target)
{
    m_playTimer->stop();
    m_play->setText(tr("Play"));
    m_result = std::move(result);
    m_target = target;
    m_outputs->setResult(m_result);
    m_reads->setResult(m_result);
    const bool traced = m_result && !m_result->trace.empty();
    m_scrub->setEnabled(traced);
    m_scrub->setRange(0, traced ? static_cast<int>(m_result->trace.size()) - 1 : 0);
    showFailure(false);
    if (!m_result) {
        m_summary->clear();
    } else if (!m_result->ok() && !m_result->cancelled) {
        // The dock says why, where the user is looking, not only the status bar.
        for (const auto& d : m_result->diagnostics) {
            if (d.severity != tirx::Diagnostic::Severity::Error) continue;
            const QString where =
                d.span.valid() ? tr("line %1, column %2: ").arg(d.span.line).arg(d.span.column) : QString();
            m_summary->setText(tr("Run failed: %1%2").arg(where, QString::fromStdString(d.message)));
            break;
        }
        showFailure(true);
    } else {
        QStringList engines;
        for (const auto& [engine, count] : m_result->engines)
            engines << tr("%1 %2").arg(QString::fromStdString(engine)).arg(count.instructions);
        m_summary->setText(m_result->cancelled ? tr("Cancelled after %1 instructions").arg(m_result->instructions)
                                               : tr("%1 instructions in %2 s (%3)")
                                                     .arg(m_result->instructions)
                                                     .arg(m_result->seconds, 0, 'f', 3)
                                                     .arg(engines.join(u", "_s)));
    }
    m_scrub->setValue(0);
    showInstruction(0);
}

void RunView::showFailure(bool failed)
{
    QPalette palette = m_summary->palette();
    palette.setColor(QPalette::WindowText,
                     failed ? QColor(0xc6, 0x28, 0x28) : this->palette().color(QPalette::WindowText));
    m_summary->setPalette(palette);
}

int RunView::currentInstruction() const { return m_scrub->value(); }

void RunView::setCurrentInstruction(int index) { m_scrub->setValue(std::clamp(index, 0, m_scrub->maximum())); }

QString RunView::currentDescription() const { return m_description->text(); }

QString RunView::summary() const { return m_summary->text(); }

quint64 RunView::seed() const { return static_cast<quint64>(m_seed->value()); }

bool RunView::poison() const { return m_poison->isChecked(); }

void RunView::showInstruction(int index)
{
    if (!m_result || !m_target || index < 0 || index >= static_cast<int>(m_result->trace.size())) {
        m_map->setRects({}, m_target ? m_target->psumBanks : 0);
        m_description->clear();
        return;
    }
    const auto& record = m_result->trace[static_cast<size_t>(index)];
    m_map->setRects(tirx::sim::accessRects(record, *m_target), m_target->psumBanks);
    m_description->setText(QString::fromStdString(tirx::sim::describeAccesses(record, *m_target)));
    emit instructionSelected(index);
    if (record.span.valid())
        emit sourceRequested(static_cast<int>(record.span.line), static_cast<int>(record.span.column));
}

QString RunView::saveOutput(int row, const QString& path) const
{
    const auto* array = m_outputs->array(row);
    if (!array) return tr("no output in row %1").arg(row);
    return QString::fromStdString(tirx::sim::writeNpy(path.toStdString(), *array));
}

void RunView::saveSelectedOutput()
{
    const int row = m_outputView->currentIndex().isValid() ? m_outputView->currentIndex().row() : 0;
    if (!m_outputs->array(row)) return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save %1").arg(m_outputs->name(row)),
                                                      m_outputs->name(row) + u".npy"_s, tr("NumPy arrays (*.npy)"));
    if (path.isEmpty()) return;
    const QString error = saveOutput(row, path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Save output"), error);
}
