#include "figuretestsupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cstdlib>

namespace attnlens::test {

void maybeSave(const QByteArray &bytes, const QString &name)
{
    const QByteArray dir = qgetenv("FIGURE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QFile file(QString::fromLocal8Bit(dir) + QStringLiteral("/figure-") + name);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
}

int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < argb.height(); y += 1) {
        const auto *line = reinterpret_cast<const QRgb *>(argb.constScanLine(y));
        for (int x = 0; x < argb.width(); ++x)
            colours.insert(line[x]);
    }
    return colours.size();
}

int countExactly(const QImage &image, QRgb colour)
{
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    int count = 0;
    for (int y = 0; y < argb.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(argb.constScanLine(y));
        for (int x = 0; x < argb.width(); ++x)
            count += (line[x] | 0xff000000) == (colour | 0xff000000) && qAlpha(line[x]) == 255;
    }
    return count;
}

double sharpEdgeShare(const QImage &image, const QRect &rect)
{
    const QImage argb = image.convertToFormat(QImage::Format_RGB32);
    int differing = 0;
    int sharp = 0;
    const QRect r = rect.intersected(argb.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(argb.constScanLine(y));
        for (int x = r.left(); x < r.right(); ++x) {
            const QRgb a = line[x];
            const QRgb b = line[x + 1];
            const int d = std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                                    std::abs(qBlue(a) - qBlue(b))});
            differing += d > 24;
            sharp += d > 120;
        }
    }
    return differing == 0 ? 0.0 : double(sharp) / differing;
}

int countPdfPages(const QByteArray &pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

QStringList svgTexts(const QByteArray &svg)
{
    QStringList texts;
    static const QRegularExpression text(QStringLiteral("<text[^>]*>([^<]*)</text>"));
    auto it = text.globalMatch(QString::fromUtf8(svg));
    while (it.hasNext())
        texts.append(it.next().captured(1));
    return texts;
}

double largestSvgImageArea(const QByteArray &svg)
{
    static const QRegularExpression image(
        QStringLiteral("<image[^>]*width=\"([0-9.]+)\"[^>]*height=\"([0-9.]+)\""));
    double largest = 0.0;
    auto it = image.globalMatch(QString::fromUtf8(svg));
    while (it.hasNext()) {
        const auto match = it.next();
        largest = std::max(largest, match.captured(1).toDouble() * match.captured(2).toDouble());
    }
    return largest;
}

bool containsText(const QStringList &texts, const QString &needle)
{
    for (const QString &text : texts) {
        if (text.contains(needle))
            return true;
    }
    return false;
}

} // namespace attnlens::test
