#include "halosprites.h"

#include <QColor>
#include <QPainter>
#include <QPainterPath>
#include <QPointF>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

/// Beyond this many pictures the cache starts again (a few megabytes at most).
constexpr int kSpriteLimit = 512;
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

    auto found = m_sprites.constFind(key);
    if (found == m_sprites.constEnd()) {
        if (m_sprites.size() >= kSpriteLimit)
            m_sprites.clear();
        const int side = 2 * extent + 2;
        QPixmap sprite(QSize(side, side) * devicePixelRatio);
        sprite.setDevicePixelRatio(devicePixelRatio);
        sprite.fill(Qt::transparent);
        QPainter spritePainter(&sprite);
        spritePainter.setRenderHint(QPainter::Antialiasing, true);
        paintHalo(spritePainter,
                  QPointF(extent + double(phaseX) / kSubpixel, extent + double(phaseY) / kSubpixel),
                  shownRadius, color, double(weightStep) / kWeightSteps);
        spritePainter.end();
        found = m_sprites.insert(key, sprite);
    }
    painter.drawPixmap(QPointF(double(pixelX - extent), double(pixelY - extent)), *found);
}

} // namespace attnlens
