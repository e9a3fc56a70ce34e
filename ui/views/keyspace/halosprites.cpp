#include "halosprites.h"

#include <QColor>
#include <QPainter>
#include <QPainterPath>
#include <QPointF>
#include <QRect>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

/// Radius and centre are rounded to 1/kSubpixel of a pixel.
constexpr int kSubpixel = 4;
/// The weight is rounded to 1/kWeightSteps: the opacities then move by one or two levels in
/// 255 per step, and a drag reuses its pictures far more often.
constexpr int kWeightSteps = 64;

} // namespace

void HaloSprites::paintHalo(QPainter &painter, const QPointF &centre, double radius,
                            const QColor &color, double weight)
{
    QColor fill = color;
    fill.setAlphaF(0.12 + 0.38 * weight);
    QColor ring = color;
    ring.setAlphaF(0.35 + 0.5 * weight);
    // The disc, then its 1.5-pixel rim as a filled ring (cheaper than stroking a circle).
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawEllipse(centre, radius - 0.75, radius - 0.75);
    QPainterPath rim;
    rim.addEllipse(centre, radius + 0.75, radius + 0.75);
    rim.addEllipse(centre, radius - 0.75, radius - 0.75);
    painter.fillPath(rim, ring);
}

QImage HaloSprites::renderSprite(int side, const QPointF &centre, double radius, const QColor &color,
                                 double weight, qreal devicePixelRatio)
{
    // The same disc and rim as paintHalo(), with each pixel's coverage taken from its distance to
    // the centre. Not through QPainter: a drag makes new pictures at almost every step, and Qt's
    // raster engine hands any antialiased fill of more than about 96 spans to its global thread
    // pool and waits for it, which on two cores cost more than the fill itself.
    const int pixels = int(std::ceil(side * devicePixelRatio));
    QImage sprite(pixels, pixels, QImage::Format_ARGB32_Premultiplied);
    sprite.setDevicePixelRatio(devicePixelRatio);
    sprite.fill(Qt::transparent);
    const double cx = centre.x() * devicePixelRatio;
    const double cy = centre.y() * devicePixelRatio;
    const double inner = (radius - 0.75) * devicePixelRatio;
    const double outer = (radius + 0.75) * devicePixelRatio;
    const double fillAlpha = 0.12 + 0.38 * weight;
    const double rimAlpha = 0.35 + 0.5 * weight;
    const double red = color.redF();
    const double green = color.greenF();
    const double blue = color.blueF();
    // Coverage of a pixel by a disc of radius r whose edge is `r - distance` away from the pixel's
    // centre: a linear ramp one pixel wide, as an antialiased edge looks.
    auto coverage = [](double r, double distance) { return std::clamp(r - distance + 0.5, 0.0, 1.0); };
    auto premultiplied = [&](double alpha) {
        auto channel = [&](double value) { return int(std::lround(255.0 * value * alpha)); };
        return qRgba(channel(red), channel(green), channel(blue), int(std::lround(255.0 * alpha)));
    };
    const QRgb interior = premultiplied(fillAlpha);
    const double reach = outer + 0.5;        // beyond: nothing
    const double solid = inner - 0.5;        // within: the plain disc
    for (int y = 0; y < pixels; ++y) {
        auto *line = reinterpret_cast<QRgb *>(sprite.scanLine(y));
        const double dy = y + 0.5 - cy;
        if (std::abs(dy) >= reach)
            continue;
        // Only the pixels near the two edges need a distance; the row's middle is the plain disc.
        const double halfReach = std::sqrt(reach * reach - dy * dy);
        const double halfSolid = std::abs(dy) < solid ? std::sqrt(solid * solid - dy * dy) : -1.0;
        const int first = std::max(0, int(std::floor(cx - halfReach)));
        const int last = std::min(pixels - 1, int(std::ceil(cx + halfReach)));
        for (int x = first; x <= last; ++x) {
            const double dx = x + 0.5 - cx;
            if (std::abs(dx) < halfSolid) {
                line[x] = interior;
                continue;
            }
            const double distance = std::sqrt(dx * dx + dy * dy);
            const double disc = coverage(inner, distance);
            const double rim = coverage(outer, distance) - disc;
            // The disc, then the rim over it (source-over, premultiplied).
            const double rimCover = rimAlpha * rim;
            const double alpha = rimCover + fillAlpha * disc * (1.0 - rimCover);
            if (alpha > 0.0)
                line[x] = premultiplied(alpha);
        }
    }
    return sprite;
}

void HaloSprites::drawHalo(QPainter &painter, const QPointF &centre, double radius,
                           const QColor &color, double weight, qreal devicePixelRatio)
{
    if (!std::isfinite(radius) || radius <= 0.0 || !std::isfinite(centre.x())
        || !std::isfinite(centre.y()))
        return;
    const int quarterRadius = std::max(1, int(std::lround(radius * kSubpixel)));
    const int weightStep = int(std::lround(std::clamp(weight, 0.0, 1.0) * kWeightSteps));
    // The centre as a whole pixel plus a phase of 0..3 quarters within it.
    const long long quarterX = std::llround(centre.x() * kSubpixel);
    const long long quarterY = std::llround(centre.y() * kSubpixel);
    const long long pixelX = quarterX >= 0 ? quarterX / kSubpixel : -((-quarterX + kSubpixel - 1) / kSubpixel);
    const long long pixelY = quarterY >= 0 ? quarterY / kSubpixel : -((-quarterY + kSubpixel - 1) / kSubpixel);
    const int phaseX = int(quarterX - pixelX * kSubpixel);
    const int phaseY = int(quarterY - pixelY * kSubpixel);
    const int dprStep = std::clamp(int(std::lround(devicePixelRatio * 4.0)), 1, 63);

    const quint64 key = (quint64(color.rgb() & 0xffffffu) << 32) | (quint64(quarterRadius & 0x3fff) << 18)
        | (quint64(weightStep) << 10) | (quint64(phaseX) << 8) | (quint64(phaseY) << 6)
        | quint64(dprStep);
    const double shownRadius = double(quarterRadius) / kSubpixel;
    // Whole pixels from the picture's corner to the pixel holding the centre.
    const int extent = int(std::ceil(shownRadius + 0.75)) + 1;

    const QImage &sprite = m_sprites.value(key, [&] {
        const int side = 2 * extent + 2;
        return renderSprite(side, QPointF(extent + double(phaseX) / kSubpixel, extent + double(phaseY) / kSubpixel),
                            shownRadius, color, double(weightStep) / kWeightSteps, devicePixelRatio);
    });
    painter.drawImage(QPointF(double(pixelX - extent), double(pixelY - extent)), sprite);
}

} // namespace attnlens
