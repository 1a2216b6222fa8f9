#include "export/pictureexport.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

bool exportPicture(const QString& path, QSize size, const std::function<void(QPainter&)>& paint, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QFileInfo(path).completeBaseName());
        QPainter painter;
        if (!painter.begin(&svg)) {
            *error = QCoreApplication::translate("exportPicture", "cannot write %1").arg(path);
            return false;
        }
        paint(painter);
        painter.end();
        if (QFileInfo(path).size() > 0) return true;
        *error = QCoreApplication::translate("exportPicture", "cannot write %1").arg(path);
        return false;
    }
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter);
    }
    if (image.save(path, suffix.isEmpty() ? "PNG" : nullptr)) return true;
    *error = QCoreApplication::translate("exportPicture", "cannot write %1").arg(path);
    return false;
}
