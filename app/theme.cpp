#include "theme.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <QProxyStyle>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

using namespace Qt::StringLiterals;

namespace {

const QString kThemeKey = u"view/theme"_s;

// What the platform gave the application before any theme was applied.
struct SystemLook {
    QString styleName;
    QPalette palette;
};

const SystemLook& systemLook()
{
    static const SystemLook look{QApplication::style()->name(), QApplication::palette()};
    return look;
}

QPalette darkPalette()
{
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe0, 0xe0, 0xe0);
    const QColor disabledText(0x80, 0x80, 0x80);
    const QColor highlight(0x3d, 0x6f, 0xb4);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2c));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabledText);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3c));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4e));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::Mid, QColor(0x25, 0x27, 0x2a));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1e));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0e));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb4, 0x8c, 0xff));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x4d, 0x52));
    return p;
}

// Fusion outlines a check box in the window colour darkened, which on the
// dark palette is the list's own base: an unticked box disappears. This
// draws the outline from a light grey instead, and leaves the rest to Fusion.
class DarkStyle : public QProxyStyle {
public:
    DarkStyle() : QProxyStyle(QStyleFactory::create(u"Fusion"_s)) {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override
    {
        // An item view's check box comes here too: Fusion draws it as this element.
        const auto* button = qstyleoption_cast<const QStyleOptionButton*>(option);
        if (element != PE_IndicatorCheckBox || !button) {
            QProxyStyle::drawPrimitive(element, option, painter, widget);
            return;
        }
        QStyleOptionButton lighter(*button);
        // Darkened by Fusion to about #666a70: 3.3:1 against the dark base.
        lighter.palette.setColor(QPalette::Window, QColor(0x8f, 0x95, 0x9d));
        QProxyStyle::drawPrimitive(element, &lighter, painter, widget);
    }
};

} // namespace

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::System: return u"system"_s;
    case Theme::Light: return u"light"_s;
    case Theme::Dark: return u"dark"_s;
    }
    return u"system"_s;
}

std::optional<Theme> themeFromName(const QString& name)
{
    for (Theme theme : {Theme::System, Theme::Light, Theme::Dark}) {
        if (name.compare(themeName(theme), Qt::CaseInsensitive) == 0) return theme;
    }
    return std::nullopt;
}

void applyTheme(Theme theme)
{
    const SystemLook& system = systemLook();
    switch (theme) {
    case Theme::System:
        QApplication::setStyle(system.styleName);
        QApplication::setPalette(system.palette);
        return;
    case Theme::Light:
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    case Theme::Dark:
        QApplication::setStyle(new DarkStyle);
        QApplication::setPalette(darkPalette());
        return;
    }
}

Theme storedTheme() { return themeFromName(QSettings().value(kThemeKey).toString()).value_or(Theme::System); }

void storeTheme(Theme theme) { QSettings().setValue(kThemeKey, themeName(theme)); }
