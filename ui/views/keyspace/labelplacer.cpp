#include "labelplacer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

// Beyond this many discs near a label, they are sorted into a grid of buckets.
constexpr int kGridThreshold = 48;

/// QRectF::intersects for rectangles of positive size, inline: placing a label tests its
/// candidates against every placed label nearby, thousands of times per drag step.
inline bool overlaps(const QRectF &a, const QRectF &b)
{
    return a.left() < b.right() && b.left() < a.right() && a.top() < b.bottom() && b.top() < a.bottom();
}

bool discTouchesRect(const QPointF &centre, double radius, const QRectF &rect)
{
    const double nearestX = std::clamp(centre.x(), rect.left(), rect.right());
    const double nearestY = std::clamp(centre.y(), rect.top(), rect.bottom());
    const double dx = centre.x() - nearestX;
    const double dy = centre.y() - nearestY;
    return dx * dx + dy * dy < radius * radius;
}

bool lineTouchesRect(const QLineF &line, const QRectF &rect)
{
    if (rect.contains(line.p1()) || rect.contains(line.p2()))
        return true;
    const std::array<QLineF, 4> edges = {
        QLineF(rect.topLeft(), rect.topRight()), QLineF(rect.topRight(), rect.bottomRight()),
        QLineF(rect.bottomRight(), rect.bottomLeft()), QLineF(rect.bottomLeft(), rect.topLeft())};
    for (const QLineF &edge : edges) {
        if (line.intersects(edge, nullptr) == QLineF::BoundedIntersection)
            return true;
    }
    return false;
}

} // namespace

bool LabelPlacer::segmentTouchesRect(const QLineF &segment, const QRectF &rect)
{
    return lineTouchesRect(segment, rect);
}

LabelPlacer::LabelPlacer(const QRectF &bounds)
    : m_bounds(bounds)
{
}

void LabelPlacer::addDiscObstacle(const QPointF &centre, double radius, double cost)
{
    m_discs.append({centre, radius, cost});
    m_gridDirty = true;
}

void LabelPlacer::addSegmentObstacle(const QLineF &segment, double halfWidth, double cost)
{
    m_segments.append({segment, halfWidth, cost});
}

void LabelPlacer::addBlockedRect(const QRectF &rect)
{
    if (rect.isEmpty())
        return; // covers nothing (and overlaps() expects a positive size)
    m_blocked.append(rect);
}

void LabelPlacer::addBlockedDisc(const QPointF &centre, double radius)
{
    m_blockedDiscs.append({centre, radius, 0.0});
}

void LabelPlacer::gatherNear(const QRectF &area)
{
    m_nearBlocked.clear();
    m_nearBlockedDiscs.clear();
    m_nearDiscs.clear();
    m_nearSegments.clear();
    for (const QRectF &rect : m_blocked) {
        if (overlaps(rect, area))
            m_nearBlocked.append(rect);
    }
    for (const Disc &disc : m_blockedDiscs) {
        if (discTouchesRect(disc.centre, disc.radius, area))
            m_nearBlockedDiscs.append(disc);
    }
    for (const Segment &segment : m_segments) {
        const QRectF box = QRectF(segment.line.p1(), segment.line.p2()).normalized().adjusted(
            -segment.halfWidth - 1, -segment.halfWidth - 1, segment.halfWidth + 1, segment.halfWidth + 1);
        if (overlaps(box, area))
            m_nearSegments.append(segment);
    }

    // With a grid, softCost finds the discs through it instead.
    if (m_gridColumns == 0) {
        for (const Disc &disc : m_discs) {
            if (discTouchesRect(disc.centre, disc.radius, area))
                m_nearDiscs.append(disc);
        }
    }
}

void LabelPlacer::buildGrid()
{
    m_gridDirty = false;
    m_gridColumns = 0;
    m_gridRows = 0;
    if (m_discs.size() <= kGridThreshold || m_bounds.isEmpty())
        return;
    constexpr int kCells = 32;
    m_gridCell = std::max(4.0, std::max(m_bounds.width(), m_bounds.height()) / kCells);
    m_gridColumns = std::max(1, int(std::ceil(m_bounds.width() / m_gridCell)));
    m_gridRows = std::max(1, int(std::ceil(m_bounds.height() / m_gridCell)));
    // Two passes: count the discs per bucket, then file them (one flat array, no list per bucket).
    m_bucketStart.fill(0, m_gridColumns * m_gridRows + 1);
    QVector<QRect> spans(m_discs.size());
    for (int d = 0; d < m_discs.size(); ++d) {
        const Disc &disc = m_discs[d];
        const QRectF box(disc.centre.x() - disc.radius, disc.centre.y() - disc.radius, 2 * disc.radius,
                         2 * disc.radius);
        if (!box.intersects(m_bounds))
            continue;
        spans[d] = gridCells(box);
        for (int row = spans[d].top(); row <= spans[d].bottom(); ++row) {
            for (int column = spans[d].left(); column <= spans[d].right(); ++column)
                ++m_bucketStart[row * m_gridColumns + column + 1];
        }
    }
    for (int cell = 0; cell < m_gridColumns * m_gridRows; ++cell)
        m_bucketStart[cell + 1] += m_bucketStart[cell];
    m_bucketDiscs.resize(m_bucketStart.last());
    QVector<int> filled(m_bucketStart.begin(), m_bucketStart.end() - 1);
    for (int d = 0; d < m_discs.size(); ++d) {
        for (int row = spans[d].top(); row <= spans[d].bottom() && !spans[d].isNull(); ++row) {
            for (int column = spans[d].left(); column <= spans[d].right(); ++column)
                m_bucketDiscs[filled[row * m_gridColumns + column]++] = d;
        }
    }
    m_discStamps.fill(0, m_discs.size());
    m_stamp = 0;
}

QRect LabelPlacer::gridCells(const QRectF &rect) const
{
    auto cell = [this](double offset, int count) {
        return std::clamp(int(std::floor(offset / m_gridCell)), 0, count - 1);
    };
    const int left = cell(rect.left() - m_bounds.left(), m_gridColumns);
    const int right = cell(rect.right() - m_bounds.left(), m_gridColumns);
    const int top = cell(rect.top() - m_bounds.top(), m_gridRows);
    const int bottom = cell(rect.bottom() - m_bounds.top(), m_gridRows);
    return QRect(QPoint(left, top), QPoint(right, bottom));
}

double LabelPlacer::softCost(const QRectF &rect) const
{
    double cost = 0.0;
    if (m_gridColumns > 0) {
        ++m_stamp;
        int *stamps = m_discStamps.data();
        const int *starts = m_bucketStart.constData();
        const int *discs = m_bucketDiscs.constData();
        const QRect cells = gridCells(rect);
        for (int row = cells.top(); row <= cells.bottom(); ++row) {
            for (int column = cells.left(); column <= cells.right(); ++column) {
                const int cell = row * m_gridColumns + column;
                for (int k = starts[cell]; k < starts[cell + 1]; ++k) {
                    const int d = discs[k];
                    if (stamps[d] == m_stamp)
                        continue;
                    stamps[d] = m_stamp;
                    const Disc &disc = m_discs[d];
                    if (discTouchesRect(disc.centre, disc.radius, rect))
                        cost += disc.cost;
                }
            }
        }
    } else {
        for (const Disc &disc : m_nearDiscs) {
            if (discTouchesRect(disc.centre, disc.radius, rect))
                cost += disc.cost;
        }
    }
    for (const Segment &segment : m_nearSegments) {
        const QRectF grown =
            rect.adjusted(-segment.halfWidth, -segment.halfWidth, segment.halfWidth, segment.halfWidth);
        // Most segments miss the rectangle's box altogether: no need to intersect edges.
        const QLineF &line = segment.line;
        if (std::max(line.x1(), line.x2()) < grown.left() || std::min(line.x1(), line.x2()) > grown.right()
            || std::max(line.y1(), line.y2()) < grown.top() || std::min(line.y1(), line.y2()) > grown.bottom())
            continue;
        if (lineTouchesRect(segment.line, grown))
            cost += segment.cost;
    }
    return cost;
}

std::optional<QRectF> LabelPlacer::place(const QPointF &anchor, const QSizeF &size, double gap,
                                         const QPointF &preferredDirection)
{
    // The three rings nearest the anchor first; only when none of them has room (a corner of a
    // small plot at the largest text) the rings further out, where the label gets a leader line
    // to its point, rather than no label at all.
    std::optional<QRectF> rect = placeInRings(anchor, size, gap, preferredDirection, 0, kNearRings);
    if (!rect)
        rect = placeInRings(anchor, size, gap, preferredDirection, kNearRings, kAllRings);
    if (rect)
        m_blocked.append(*rect);
    return rect;
}

std::optional<QRectF> LabelPlacer::placeInRings(const QPointF &anchor, const QSizeF &size, double gap,
                                                const QPointF &preferredDirection, int firstRing, int endRing)
{
    // Right first (reading order), then the diagonals and the other sides.
    struct Direction {
        int dx;
        int dy;
        double preference;
        double unitX; ///< (dx, dy) scaled to length 1
        double unitY;
    };
    constexpr double kDiagonal = 0.70710678118654752440;
    static constexpr std::array<Direction, 8> directions = {{
        {1, 0, 0.0, 1.0, 0.0},
        {1, -1, 1.0, kDiagonal, -kDiagonal},
        {1, 1, 1.5, kDiagonal, kDiagonal},
        {-1, 0, 2.0, -1.0, 0.0},
        {0, -1, 2.5, 0.0, -1.0},
        {0, 1, 3.0, 0.0, 1.0},
        {-1, -1, 3.5, -kDiagonal, -kDiagonal},
        {-1, 1, 4.0, -kDiagonal, kDiagonal},
    }};
    const double preferredLength = std::hypot(preferredDirection.x(), preferredDirection.y());

    // Every candidate below lies within this square around the anchor (the farthest ring, half
    // the label and a slide), so only the obstacles touching it can matter.
    const double reach = gap * (1.0 + 1.2 * (endRing - 1)) + size.width() + size.height() + 2.0;
    if (m_gridDirty)
        buildGrid();
    gatherNear(QRectF(anchor.x() - reach, anchor.y() - reach, 2 * reach, 2 * reach));

    double bestCost = std::numeric_limits<double>::infinity();
    QRectF best;
    for (int ring = firstRing; ring < endRing; ++ring) {
        const double distance = gap * (1.0 + 1.2 * ring);
        for (const Direction &direction : directions) {
            const QPointF unit(direction.unitX, direction.unitY);
            const QPointF centre = anchor + unit * distance
                + QPointF(direction.dx * size.width() / 2, direction.dy * size.height() / 2);
            // No candidate in this direction can cost less than its ring and direction do: when
            // that is no better than the best so far, its obstacles need not be looked at (the
            // same choice, for a fraction of the work on a drag step).
            double directionCost = direction.preference;
            if (preferredLength > 0.0) {
                const double cosine =
                    (unit.x() * preferredDirection.x() + unit.y() * preferredDirection.y()) / preferredLength;
                directionCost = 4.0 * (1.0 - cosine);
            }
            if (6.0 * ring + directionCost >= bestCost)
                continue;
            // Above and below, a label may also slide sideways until one of its ends sits over
            // the anchor (and beside it, up or down): near an edge or a neighbour's label that is
            // often the only room left.
            const QPointF slide = direction.dx == 0
                ? QPointF(std::max(0.0, size.width() / 2 - gap), 0.0)
                : (direction.dy == 0 ? QPointF(0.0, std::max(0.0, size.height() / 2 - gap / 2)) : QPointF());
            // Half a slide, tried after the whole ones, fits between a neighbour and an edge
            // that a whole slide or none would touch.
            for (double shift : {0.0, 1.0, -1.0, 0.5, -0.5}) {
                if (shift != 0.0 && slide.isNull())
                    continue;
                const QPointF shifted = centre + slide * shift;
                const QRectF rect(shifted.x() - size.width() / 2, shifted.y() - size.height() / 2,
                                  size.width(), size.height());
                const double shiftCost = shift == 0.0 ? 0.0 : std::abs(shift) == 1.0 ? 0.75 : 1.0;
                const double fixedCost = 6.0 * ring + shiftCost + directionCost;
                if (fixedCost >= bestCost || !m_bounds.contains(rect))
                    continue;
                bool blocked = false;
                for (const QRectF &other : m_nearBlocked) {
                    if (overlaps(other, rect)) {
                        blocked = true;
                        break;
                    }
                }
                for (const Disc &disc : m_nearBlockedDiscs) {
                    if (blocked)
                        break;
                    blocked = discTouchesRect(disc.centre, disc.radius, rect);
                }
                if (blocked)
                    continue;
                const double cost = softCost(rect) + fixedCost;
                if (cost < bestCost) {
                    bestCost = cost;
                    best = rect;
                }
            }
        }
        // A clean spot in the nearest ring beats any spot further out.
        if (bestCost < 6.0 * (ring + 1))
            break;
    }
    if (!std::isfinite(bestCost))
        return std::nullopt;
    return best;
}

} // namespace attnlens
