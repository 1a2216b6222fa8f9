#include "devices/inputfileseditor.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
enum Column { Name, Contents };
constexpr int kPathRole = Qt::UserRole;
} // namespace

InputFilesEditor::InputFilesEditor(QWidget* parent)
    : QWidget(parent), m_table(new QTableWidget(0, 2, this)), m_file(new QPushButton(tr("File…"), this)),
      m_folder(new QPushButton(tr("Folder…"), this)), m_random(new QPushButton(tr("Random"), this))
{
    m_table->setHorizontalHeaderLabels({tr("Input"), tr("Contents")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_file->setToolTip(tr("Read the selected input from an .npy file"));
    m_folder->setToolTip(tr("Read every input NAME from NAME.npy in a folder"));
    m_random->setToolTip(tr("Draw the selected input from the seed"));

    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_file);
    buttons->addWidget(m_folder);
    buttons->addWidget(m_random);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    connect(m_file, &QPushButton::clicked, this, &InputFilesEditor::chooseFile);
    connect(m_folder, &QPushButton::clicked, this, &InputFilesEditor::chooseFolder);
    connect(m_random, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow();
        if (row >= 0) setInputFile(m_table->item(row, Name)->text(), {});
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &InputFilesEditor::updateButtons);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &InputFilesEditor::chooseFile);
    updateButtons();
}

void InputFilesEditor::setInputs(const QStringList& names)
{
    if (names == inputs()) return;
    const QMap<QString, QString> kept = inputFiles();
    m_table->setRowCount(0);
    for (const QString& name : names) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, Name, new QTableWidgetItem(name));
        m_table->setItem(row, Contents, new QTableWidgetItem);
        setInputFile(name, kept.value(name));
    }
    updateButtons();
}

QStringList InputFilesEditor::inputs() const
{
    QStringList names;
    for (int row = 0; row < m_table->rowCount(); ++row) names << m_table->item(row, Name)->text();
    return names;
}

QMap<QString, QString> InputFilesEditor::inputFiles() const
{
    QMap<QString, QString> files;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString path = m_table->item(row, Contents)->data(kPathRole).toString();
        if (!path.isEmpty()) files.insert(m_table->item(row, Name)->text(), path);
    }
    return files;
}

int InputFilesEditor::rowOf(const QString& name) const
{
    for (int row = 0; row < m_table->rowCount(); ++row)
        if (m_table->item(row, Name)->text() == name) return row;
    return -1;
}

void InputFilesEditor::setInputFile(const QString& name, const QString& path)
{
    const int row = rowOf(name);
    if (row < 0) return;
    QTableWidgetItem* item = m_table->item(row, Contents);
    item->setData(kPathRole, path);
    item->setText(path.isEmpty() ? tr("random (from the seed)") : QFileInfo(path).fileName());
    item->setToolTip(path);
}

QStringList InputFilesEditor::setInputFolder(const QString& folder)
{
    QStringList missing;
    const QDir dir(folder);
    for (const QString& name : inputs()) {
        const QString path = dir.filePath(name + u".npy"_s);
        const bool found = QFileInfo(path).isFile();
        setInputFile(name, found ? path : QString());
        if (!found) missing << name;
    }
    return missing;
}

QString InputFilesEditor::contentsText(const QString& name) const
{
    const int row = rowOf(name);
    return row < 0 ? QString() : m_table->item(row, Contents)->text();
}

void InputFilesEditor::chooseFile()
{
    const int row = m_table->currentRow();
    if (row < 0) return;
    const QString name = m_table->item(row, Name)->text();
    const QString path = QFileDialog::getOpenFileName(this, tr("Input %1").arg(name), {}, tr("NumPy arrays (*.npy)"));
    if (!path.isEmpty()) setInputFile(name, path);
}

void InputFilesEditor::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder of NAME.npy inputs"));
    if (folder.isEmpty()) return;
    const QStringList missing = setInputFolder(folder);
    emit message(missing.isEmpty()
                     ? tr("Every input read from %1.").arg(folder)
                     : tr("No .npy in %1 for %2: drawn from the seed.").arg(folder, missing.join(u", "_s)));
}

void InputFilesEditor::updateButtons()
{
    const bool selected = m_table->currentRow() >= 0;
    m_file->setEnabled(selected);
    m_random->setEnabled(selected);
    m_folder->setEnabled(m_table->rowCount() > 0);
}
