#pragma once

#include "recovery.h"

#include <QDialog>

class QListWidget;
class QPlainTextEdit;

// Lists the buffers an earlier session left unsaved, with a preview of the
// chosen one, and offers to restore it or throw the lot away. Shown without
// blocking (open()), so the window stays usable and a test can answer it.
class RecoveryDialog : public QDialog {
    Q_OBJECT

public:
    RecoveryDialog(const QList<RecoveredBuffer>& buffers, QWidget* parent = nullptr);

    [[nodiscard]] const QList<RecoveredBuffer>& buffers() const { return m_buffers; }
    [[nodiscard]] QListWidget* list() const { return m_list; }
    // The buffer currently selected in the list.
    [[nodiscard]] int currentIndex() const;

signals:
    void restoreRequested(const RecoveredBuffer& buffer);
    void discardRequested(const QList<RecoveredBuffer>& buffers);

public slots:
    void restoreCurrent();
    void discardAll();

private:
    void showPreview(int row);

    QList<RecoveredBuffer> m_buffers;
    QListWidget* m_list;
    QPlainTextEdit* m_preview;
};
