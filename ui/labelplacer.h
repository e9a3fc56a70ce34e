#pragma once

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QVector>

#include <optional>

namespace attnlens {

/// Greedy label placement for a handful of labels: each label tries a few positions around its
/// anchor and takes the cheapest that stays inside the bounds and overlaps no label placed
/// before it. Points and lines are soft obstacles (a label may cover a line if nothing else fits).
/// Cheap enough to run on every drag step for tens of labels.
class LabelPlacer {
public:
    explicit LabelPlacer(const QRectF &bounds);

    /// A disc that labels should keep clear of (a point marker, an arrow tip).
    void addDiscObstacle(const QPointF &centre, double radius, double cost = 100.0);
    /// A thick segment that labels should keep clear of (an arrow shaft).
    void addSegmentObstacle(const QLineF &segment, double halfWidth, double cost = 20.0);
    /// A rectangle that no label may overlap, e.g. a caption already drawn.
    void addBlockedRect(const QRectF &rect);
    /// A disc that no label may cover, e.g. a point that would otherwise disappear under text.
    void addBlockedDisc(const QPointF &centre, double radius);

    /// Places a label of `size` next to `anchor`, at least `gap` pixels away from it, preferring
    /// positions in `preferredDirection` (any direction when null). Returns the rectangle, which
    /// then blocks later labels, or nothing when every position overlaps a placed label or leaves
    /// the bounds.
    std::optional<QRectF> place(const QPointF &anchor, const QSizeF &size, double gap,
                                const QPointF &preferredDirection = QPointF());

private:
    struct Disc {
        QPointF centre;
        double radius;
        double cost;
    };
    struct Segment {
        QLineF line;
        double halfWidth;
        double cost;
    };

    double softCost(const QRectF &rect) const;

    QRectF m_bounds;
    QVector<QRectF> m_blocked;
    QVector<Disc> m_blockedDiscs;
    QVector<Disc> m_discs;
    QVector<Segment> m_segments;
};

} // namespace attnlens
