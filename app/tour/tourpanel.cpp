#include "tourpanel.h"

#include <QGraphicsDropShadowEffect>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
constexpr int kMargin = 16; // from the window's edges and the framed view
// Above the window's bottom edge, so the panel clears the status bar and
// the dock tabs.
constexpr int kAboveBottom = 40;

// std::clamp, but a range too small for the panel keeps it at `low`
// (the window's left or top) rather than being undefined.
int fit(int value, int low, int high) { return std::max(low, std::min(value, high)); }
} // namespace

TourPanel::TourPanel(QWidget* window)
    : QFrame(window), m_counter(new QLabel(this)), m_title(new QLabel(this)), m_text(new QLabel(this)),
      m_note(new QLabel(this)), m_skip(new QPushButton(tr("Skip Tour"), this)),
      m_back(new QPushButton(tr("Back"), this)), m_next(new QPushButton(tr("Next"), this))
{
    setObjectName(u"TourPanel"_s);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    // The panel sits over other views; a border in the frame's colour ties
    // it to the view it describes.
    setStyleSheet(
        u"#TourPanel { background-color: palette(window); border: 2px solid rgb(232, 145, 20); border-radius: 6px; }"_s);
    auto* shadow = new QGraphicsDropShadowEffect(this);
    shadow->setBlurRadius(18);
    shadow->setOffset(0, 3);
    setGraphicsEffect(shadow);

    QFont small = m_counter->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_counter->setFont(small);
    m_counter->setForegroundRole(QPalette::PlaceholderText);
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    m_note->setFont(small);
    m_note->setForegroundRole(QPalette::PlaceholderText);
    m_note->hide();
    m_next->setDefault(true);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_skip);
    buttons->addStretch(1);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 12, 14, 12);
    layout->setSpacing(8);
    layout->addWidget(m_counter);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addWidget(m_note);
    layout->addLayout(buttons);
    setFixedWidth(kWidth);

    connect(m_next, &QPushButton::clicked, this, &TourPanel::nextClicked);
    connect(m_back, &QPushButton::clicked, this, &TourPanel::backClicked);
    connect(m_skip, &QPushButton::clicked, this, &TourPanel::skipClicked);
    hide();
}

void TourPanel::setStep(int index, int count, const QString& title, const QString& text)
{
    m_counter->setText(tr("Tour · step %1 of %2").arg(index + 1).arg(count));
    m_title->setText(title);
    m_text->setText(text);
    m_back->setEnabled(index > 0);
    m_next->setText(index + 1 == count ? tr("Finish") : tr("Next"));
    m_skip->setVisible(index + 1 < count);
}

void TourPanel::setNote(const QString& note)
{
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

QString TourPanel::title() const { return m_title->text(); }

QString TourPanel::text() const { return m_text->text(); }

void TourPanel::placeAwayFrom(const QRect& avoid)
{
    const QRect room = parentWidget()->rect().adjusted(kMargin, kMargin, -kMargin, -kMargin);
    const int height =
        std::min(heightForWidth(kWidth) > 0 ? heightForWidth(kWidth) : sizeHint().height(), room.height());
    resize(kWidth, height);
    const int spaceLeft = avoid.left() - room.left();
    const int spaceRight = room.right() - avoid.right();
    int x = 0;
    if (spaceRight >= kWidth + kMargin)
        x = avoid.right() + kMargin;
    else if (spaceLeft >= kWidth + kMargin)
        x = avoid.left() - kMargin - kWidth;
    else if (spaceLeft >= spaceRight)
        x = avoid.left() + kMargin; // over the framed view's lower left corner
    else
        x = avoid.right() - kMargin - kWidth;
    // Low in the window, where the views' headers and toolbars are not.
    const int y = std::max(avoid.top(), room.bottom() - height - kAboveBottom);
    move(fit(x, room.left(), room.right() - kWidth), fit(y, room.top(), room.bottom() - height));
    show();
    raise();
}
