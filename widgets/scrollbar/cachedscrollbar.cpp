#include "scrollbar/cachedscrollbar.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>

CachedScrollBar::CachedScrollBar(Qt::Orientation orientation, QWidget* parent) : QScrollBar(orientation, parent) {}

void CachedScrollBar::paintEvent(QPaintEvent* event)
{
    if (underMouse() || isSliderDown()) {
        QScrollBar::paintEvent(event);
        return;
    }
    QStyleOptionSlider option;
    initStyleOption(&option);
    option.subControls = QStyle::SC_All;
    const Key key{size(),
                  devicePixelRatioF(),
                  style(),
                  option.palette.cacheKey(),
                  static_cast<int>(option.state),
                  static_cast<int>(option.direction),
                  option.minimum,
                  option.maximum,
                  option.sliderPosition,
                  option.sliderValue,
                  option.singleStep,
                  option.pageStep,
                  option.upsideDown};
    if (key != m_key || m_pixmap.isNull()) {
        m_key = key;
        m_pixmap = QPixmap(size() * key.ratio);
        m_pixmap.setDevicePixelRatio(key.ratio);
        m_pixmap.fill(Qt::transparent);
        QPainter painter(&m_pixmap);
        style()->drawComplexControl(QStyle::CC_ScrollBar, &option, &painter, this);
        ++m_styleDraws;
    }
    QPainter(this).drawPixmap(0, 0, m_pixmap);
}
