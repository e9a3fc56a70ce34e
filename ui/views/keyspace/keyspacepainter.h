#pragma once

#include "keyspaceframe.h"
#include "keyspacescene.h"
#include "theme.h"
#include "twogenerationcache.h"

#include <QFont>
#include <QPoint>
#include <QRect>
#include <QStaticText>
#include <QString>

class QColor;
class QPainter;
class QPixmap;

namespace attnlens {

class HaloSprites;

/// Draws a key-space scene into any QPainter, in the colours and line widths of a theme: the one
/// paint path of the key space. A figure calls paintScene(); the view paints the same parts with
/// the still ones cached in pictures (paintFrame into one, paintPoints into another beyond a few
/// points) and paintData and paintLabelTexts on every frame.
///
/// Label texts are shaped once per text and font and kept between paints.
class KeySpacePainter {
public:
    /// How the scene looks: the theme's colours, how much thicker lines are (the theme and the
    /// presentation zoom) and whether the hover ring is the presenter's "laser pointer".
    struct Style {
        Theme theme = Theme::make(Theme::Kind::Light);
        double lineWidthFactor = 1.0;
        bool presenting = false;
    };

    KeySpacePainter() = default;
    explicit KeySpacePainter(const Style &style) : m_style(style) {}

    void setStyle(const Style &style) { m_style = style; }
    const Style &style() const { return m_style; }

    /// The whole scene: frame, points, arrows, halos and labels. Without `fillBackground` the
    /// area around the plot is left unpainted (a figure with a transparent background).
    void paintScene(QPainter &painter, const KeySpaceScene &scene, bool fillBackground) const;

    /// The background, grid, ticks, titles, caption and note: what stays put while points move.
    void paintFrame(QPainter &painter, const KeySpaceFrame &frame, bool fillBackground = true) const;
    /// Everything inside the plot; the keys and unselected arrows come from `pointsLayer` (drawn
    /// at `layerOrigin`) when given, the halos from `haloSprites` when given (on screen).
    void paintData(QPainter &painter, const KeySpaceScene &scene, const QPixmap *pointsLayer,
                   const QPoint &layerOrigin, HaloSprites *haloSprites = nullptr) const;
    /// The keys, the origin and every arrow but the selected one: what stays put while the
    /// selected query is dragged.
    void paintPoints(QPainter &painter, const KeySpaceScene &scene) const;
    void paintLabelTexts(QPainter &painter, const KeySpaceScene &scene) const;
    /// The dashed ring around the key the arrow keys move.
    void paintKeyboardTarget(QPainter &painter, const KeySpaceScene &scene, int keyRow,
                             const QColor &focusColor) const;

    /// Whether the scene's keys and unselected arrows are worth drawing once into a picture
    /// rather than on every frame (beyond a few points).
    static bool usesPointsLayer(const KeySpaceScene &scene);
    /// Where that picture goes: around the keys and unselected arrows, inside the plot.
    static QRect pointsLayerRect(const KeySpaceScene &scene);

private:
    void paintGuides(QPainter &painter, const KeySpaceScene &scene) const;
    void paintLabelBackings(QPainter &painter, const KeySpaceScene &scene) const;
    void paintHalos(QPainter &painter, const KeySpaceScene &scene, HaloSprites *sprites) const;
    void paintKey(QPainter &painter, const KeySpaceScene &scene, int keyRow) const;
    void paintArrow(QPainter &painter, const KeySpaceScene &scene, int queryRow) const;
    /// The ring around a hovered key or tip: the theme's highlight ("laser pointer") while
    /// presenting, else a plain ring in `normalColor` (none when it is invalid).
    void paintHoverRing(QPainter &painter, const QPointF &centre, double radius, const KeySpaceMetrics &m,
                        const QColor &normalColor) const;
    /// The selected query's colour (halos, projections), or the hint colour when none is.
    QColor selectedQueryColor(const KeySpaceScene &scene) const;

    Style m_style;
    static constexpr int kTextGeneration = 256;
    mutable TwoGenerationCache<QString, QStaticText> m_staticTexts{kTextGeneration};
    mutable QFont m_staticTextsFont;
};

} // namespace attnlens
