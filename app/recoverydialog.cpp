#include "recoverydialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

RecoveryDialog::RecoveryDialog(const QList<RecoveredBuffer>& buffers, QWidget* parent)
    : QDialog(parent), m_buffers(buffers), m_list(new QListWidget(this)), m_preview(new QPlainTextEdit(this))
{
    setObjectName(u"RecoveryDialog"_s);
    setWindowTitle(tr("Restore Unsaved Work"));
    auto* intro = new QLabel(tr("TIRx Explorer did not close cleanly last time. These buffers had "
                                "changes that were never saved:"),
                             this);
    intro->setWordWrap(true);

    for (const RecoveredBuffer& buffer : m_buffers) {
        const QString where = buffer.filePath.isEmpty() ? tr("untitled") : QDir::toNativeSeparators(buffer.filePath);
        m_list->addItem(
            tr("%1 — %2 (autosaved %3)")
                .arg(buffer.displayName, where, buffer.savedAt.toLocalTime().toString(u"yyyy-MM-dd hh:mm:ss"_s)));
    }
    m_preview->setReadOnly(true);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);

    auto* buttons = new QDialogButtonBox(this);
    QPushButton* restore = buttons->addButton(tr("&Restore"), QDialogButtonBox::AcceptRole);
    QPushButton* discard = buttons->addButton(tr("&Discard All"), QDialogButtonBox::DestructiveRole);
    QPushButton* later = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    restore->setObjectName(u"restore"_s);
    discard->setObjectName(u"discard"_s);
    later->setObjectName(u"later"_s);
    restore->setDefault(true);
    connect(restore, &QPushButton::clicked, this, &RecoveryDialog::restoreCurrent);
    connect(discard, &QPushButton::clicked, this, &RecoveryDialog::discardAll);
    connect(later, &QPushButton::clicked, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_preview, 2);
    layout->addWidget(buttons);
    resize(720, 480);

    connect(m_list, &QListWidget::currentRowChanged, this, &RecoveryDialog::showPreview);
    m_list->setCurrentRow(0);
}

int RecoveryDialog::currentIndex() const { return m_list->currentRow(); }

void RecoveryDialog::showPreview(int row)
{
    m_preview->setPlainText(row >= 0 && row < m_buffers.size() ? m_buffers[row].text : QString());
}

void RecoveryDialog::restoreCurrent()
{
    const int row = currentIndex();
    if (row < 0 || row >= m_buffers.size()) return;
    emit restoreRequested(m_buffers[row]);
    accept();
}

void RecoveryDialog::discardAll()
{
    emit discardRequested(m_buffers);
    accept();
}
