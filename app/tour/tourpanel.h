#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

// The tour's small panel: "Step 3 of 8", a title, two or three sentences,
// and Skip, Back and Next (Finish on the last step). It floats inside the
// window beside the frame of the view it describes; the Tour decides what
// it says and where it goes.
class TourPanel : public QFrame {
    Q_OBJECT

public:
    static constexpr int kWidth = 380;

    explicit TourPanel(QWidget* window);

    void setStep(int index, int count, const QString& title, const QString& text);
    // A line under the text about the state of the window (the pass shown).
    void setNote(const QString& note);
    // Places the panel within the window, away from `avoid` (the framed
    // view, in window coordinates): beside it when there is room, else over
    // its lower corner on the side with more space.
    void placeAwayFrom(const QRect& avoid);

    [[nodiscard]] QPushButton* nextButton() const { return m_next; }
    [[nodiscard]] QPushButton* backButton() const { return m_back; }
    [[nodiscard]] QPushButton* skipButton() const { return m_skip; }
    [[nodiscard]] QString title() const;
    [[nodiscard]] QString text() const;

signals:
    void nextClicked();
    void backClicked();
    void skipClicked();

private:
    QLabel* m_counter;
    QLabel* m_title;
    QLabel* m_text;
    QLabel* m_note;
    QPushButton* m_skip;
    QPushButton* m_back;
    QPushButton* m_next;
};
