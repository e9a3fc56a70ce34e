#pragma once

#include "twogenerationcache.h"

#include <QImage>

class QColor;
class QPainter;
class QPointF;

namespace attnlens {

/// The halo drawn round a key in the key space: a translucent disc in the selected query's colour
/// with a 1.5-pixel rim, both more opaque the more the key weighs.
///
/// Large antialiased translucent shapes are costly for the raster engine (and it spreads them
/// over worker threads), so on screen each halo is computed once into a picture and blitted from
/// then on: the picture is keyed by colour, weight (to 1/64), radius and the centre's position
/// within its pixel (both to a quarter pixel), so a blit differs from the vector halo by less than
/// those roundings.
class HaloSprites {
public:
    /// The halo as vectors, on any painter (figures, SVG, print).
    static void paintHalo(QPainter &painter, const QPointF &centre, double radius,
                          const QColor &color, double weight);

    /// The halo blitted from a cached picture made at `devicePixelRatio`. Only for painters
    /// without a transform beyond a translation by whole pixels.
    void drawHalo(QPainter &painter, const QPointF &centre, double radius, const QColor &color,
                  double weight, qreal devicePixelRatio);

    int cachedCount() const { return m_sprites.size(); }
    void clear() { m_sprites.clear(); }

private:
    /// A picture of `side` x `side` logical pixels holding the halo round `centre`.
    static QImage renderSprite(int side, const QPointF &centre, double radius, const QColor &color,
                               double weight, qreal devicePixelRatio);

    /// A generation holds a few circles of a drag's worth of pictures.
    TwoGenerationCache<quint64, QImage> m_sprites{256};
};

} // namespace attnlens
