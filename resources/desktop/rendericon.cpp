// attnlens_rendericon SVG OUT.png SIZE
// Renders the app's scalable icon to a square PNG of SIZE pixels, at build time, with the same
// QSvgRenderer the app uses; the PNG sizes of the hicolor theme come from here.
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

int main(int argc, char **argv)
{
    // Painting an SVG without text into an image needs no application object and no display.
    QTextStream err(stderr);
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    bool sizeOk = false;
    const int size = arguments.size() == 4 ? arguments.at(3).toInt(&sizeOk) : 0;
    if (!sizeOk || size < 1 || size > 4096) {
        err << "usage: attnlens_rendericon SVG OUT.png SIZE (1..4096)" << Qt::endl;
        return 64;
    }
    QSvgRenderer renderer(arguments.at(1));
    if (!renderer.isValid()) {
        err << "attnlens_rendericon: " << arguments.at(1) << " is not a readable SVG" << Qt::endl;
        return 3;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    if (!image.save(arguments.at(2), "PNG")) {
        err << "attnlens_rendericon: " << arguments.at(2) << " could not be written" << Qt::endl;
        return 3;
    }
    return 0;
}
