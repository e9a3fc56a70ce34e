#include "halosprites.h"

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QPixmap>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>

using namespace attnlens;

namespace {

QImage rendered(const std::function<void(QPainter &)> &paint, qreal dpr = 1.0)
{
    QPixmap pixmap(QSize(120, 120) * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::white);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing, true);
    paint(painter);
    painter.end();
    return pixmap.toImage().convertToFormat(QImage::Format_RGB32);
}

int largestChannelDifference(const QImage &a, const QImage &b)
{
    int largest = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = b.pixel(x, y);
            largest = std::max({largest, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                std::abs(qBlue(p) - qBlue(q))});
        }
    }
    return largest;
}

} // namespace

TEST(HaloSpritesTest, ABlittedHaloLooksLikeTheVectorOne)
{
    // Halos at awkward sub-pixel centres and radii, light and heavy: the cached picture may
    // differ from the vector halo only by its quarter-pixel rounding.
    const QColor orange(0xd5, 0x5e, 0x00);
    for (const qreal dpr : {1.0, 2.0}) {
        HaloSprites sprites;
        for (const double weight : {0.05, 0.4011, 0.93}) {
            const QPointF centre(57.3, 61.8);
            const double radius = 6.0 + weight * 35.2;
            const QImage vector = rendered(
                [&](QPainter &p) { HaloSprites::paintHalo(p, centre, radius, orange, weight); }, dpr);
            const QImage blitted = rendered(
                [&](QPainter &p) { sprites.drawHalo(p, centre, radius, orange, weight, dpr); }, dpr);
            const int largest = largestChannelDifference(vector, blitted);
            // An edge moved by at most a quarter pixel changes its coverage by at most a quarter.
            EXPECT_LE(largest, 72) << weight << " at dpr " << dpr;
            std::printf("weight %.3f dpr %.0f: largest difference %d\n", weight, dpr, largest);
            // Most pixels are the same to within a couple of levels; the differences sit on the
            // antialiased edges.
            int differing = 0;
            for (int y = 0; y < vector.height(); ++y)
                for (int x = 0; x < vector.width(); ++x)
                    differing += std::abs(qRed(vector.pixel(x, y)) - qRed(blitted.pixel(x, y))) > 3;
            EXPECT_LT(differing, int(2.0 * M_PI * (radius + 1.0) * 3.0 * dpr * dpr)) << weight;
            // The halo is actually there: the disc's inside is tinted, far outside stays white.
            const QRgb inside = blitted.pixel(QPoint(int(centre.x() * dpr), int((centre.y() + radius / 2) * dpr)));
            EXPECT_LT(qBlue(inside), 250);
            EXPECT_EQ(blitted.pixel(2, 2), qRgb(255, 255, 255));
        }
    }
}

TEST(HaloSpritesTest, TheSameHaloIsDrawnFromTheCache)
{
    HaloSprites sprites;
    const QColor orange(0xd5, 0x5e, 0x00);
    rendered([&](QPainter &p) { sprites.drawHalo(p, QPointF(40.1, 40.2), 20.0, orange, 0.4, 1.0); });
    EXPECT_EQ(sprites.cachedCount(), 1);
    rendered([&](QPainter &p) { sprites.drawHalo(p, QPointF(40.1, 40.2), 20.01, orange, 0.4, 1.0); });
    EXPECT_EQ(sprites.cachedCount(), 1) << "within the rounding: the same picture";
    rendered([&](QPainter &p) { sprites.drawHalo(p, QPointF(40.1, 40.2), 24.0, orange, 0.6, 1.0); });
    EXPECT_EQ(sprites.cachedCount(), 2);
}
