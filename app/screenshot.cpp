#include "screenshot.h"

#include <QApplication>
#include <QImage>
#include <QImageWriter>
#include <QPainter>
#include <QWidget>

using namespace Qt::StringLiterals;

bool writeScreenshot(QWidget* window, const QSize& size, const QString& pngPath, QString* error)
{
    window->resize(size);
    window->show();

    // Rendered into an image of the requested size rather than grab(), so a
    // window manager that adjusts the frame or a scaled screen cannot change
    // the output's dimensions.
    QImage image(size, QImage::Format_RGB32);
    const auto render = [&] {
        image.fill(window->palette().window().color());
        window->render(&image, QPoint(), QRegion(QRect(QPoint(), size)),
                       QWidget::DrawWindowBackground | QWidget::DrawChildren);
    };
    // Painting settles the layout (the editor learns its longest line and
    // shows a scroll bar), so paint, let the events run, and paint again.
    for (int round = 0; round < 2; ++round) {
        QApplication::sendPostedEvents();
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        render();
    }

    QImageWriter writer(pngPath, "png");
    if (!writer.write(image)) {
        *error = u"cannot write screenshot '%1': %2"_s.arg(pngPath, writer.errorString());
        return false;
    }
    return true;
}

namespace {

QtMessageHandler g_previousHandler = nullptr;

bool isPlatformNoise(const QMessageLogContext& context, const QString& message)
{
    const QLatin1StringView category(context.category ? context.category : "");
    return category.startsWith("qt.qpa"_L1) || message.startsWith("This plugin does not support"_L1) ||
           message.startsWith("QStandardPaths: XDG_RUNTIME_DIR not set"_L1);
}

void dropPlatformNoise(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type != QtFatalMsg && type != QtCriticalMsg && isPlatformNoise(context, message)) return;
    g_previousHandler(type, context, message);
}

} // namespace

void quietPlatformMessages()
{
    if (g_previousHandler) return;
    g_previousHandler = qInstallMessageHandler(dropPlatformNoise);
}
