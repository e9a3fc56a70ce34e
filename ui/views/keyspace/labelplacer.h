#pragma once

#include <QLineF>
#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QSizeF>
#include <QVector>

#include <optional>

namespace attnlens {

/// Greedy label placement for a handful of labels: each label tries a few positions around its
/// anchor and takes the cheapest that stays inside the bounds and overlaps no label placed
/// before it. Points and lines are soft obstacles (a label may cover a line if nothing else fits).
/// Each label is tested only against the obstacles near its anchor, so a few labels among
/// thousands of obstacles stay cheap enough for every drag step.
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

    /// Whether `segment` runs through `rect` (or ends in it).
    static bool segmentTouchesRect(const QLineF &segment, const QRectF &rect);

private:
    /// Rings of candidate places around an anchor, each 1.2 gaps further out.
    static constexpr int kNearRings = 3;
    static constexpr int kAllRings = 7;

    /// place() over the rings [firstRing, endRing), without blocking the rectangle found.
    std::optional<QRectF> placeInRings(const QPointF &anchor, const QSizeF &size, double gap,
                                       const QPointF &preferredDirection, int firstRing, int endRing);

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
    /// Copies the obstacles that can touch a rectangle inside `area` into the m_near* lists.
    void gatherNear(const QRectF &area);
    /// The grid buckets (columns x rows, clamped to the grid) that `rect` overlaps.
    QRect gridCells(const QRectF &rect) const;

    QRectF m_bounds;
    QVector<QRectF> m_blocked;
    QVector<Disc> m_blockedDiscs;
    QVector<Disc> m_discs;
    QVector<Segment> m_segments;
    // The obstacles near the label being placed (scratch space reused from label to label).
    QVector<QRectF> m_nearBlocked;
    QVector<Disc> m_nearBlockedDiscs;
    QVector<Disc> m_nearDiscs;
    QVector<Segment> m_nearSegments;
    // With many soft discs (a crowded plane) they are sorted once into a grid of buckets over
    // the bounds, so that each candidate tests only the discs in the buckets it covers; a stamp
    // per disc counts each disc once.
    void buildGrid();
    bool m_gridDirty = true;
    double m_gridCell = 0.0;
    int m_gridColumns = 0;
    int m_gridRows = 0;
    QVector<int> m_bucketStart;  ///< columns * rows + 1 offsets into m_bucketDiscs
    QVector<int> m_bucketDiscs;
    mutable QVector<int> m_discStamps;
    mutable int m_stamp = 0;
};

} // namespace attnlens
