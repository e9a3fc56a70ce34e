#include "labelplacer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

bool discTouchesRect(const QPointF &centre, double radius, const QRectF &rect)
{
    const double nearestX = std::clamp(centre.x(), rect.left(), rect.right());
    const double nearestY = std::clamp(centre.y(), rect.top(), rect.bottom());
    const double dx = centre.x() - nearestX;
    const double dy = centre.y() - nearestY;
    return dx * dx + dy * dy < radius * radius;
}

bool segmentTouchesRect(const QLineF &line, const QRectF &rect)
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

LabelPlacer::LabelPlacer(const QRectF &bounds)
    : m_bounds(bounds)
{
}

void LabelPlacer::addDiscObstacle(const QPointF &centre, double radius, double cost)
{
    m_discs.append({centre, radius, cost});
}

void LabelPlacer::addSegmentObstacle(const QLineF &segment, double halfWidth, double cost)
{
    m_segments.append({segment, halfWidth, cost});
}

void LabelPlacer::addBlockedRect(const QRectF &rect)
{
    m_blocked.append(rect);
}

void LabelPlacer::addBlockedDisc(const QPointF &centre, double radius)
{
    m_blockedDiscs.append({centre, radius, 0.0});
}

double LabelPlacer::softCost(const QRectF &rect) const
{
    double cost = 0.0;
    for (const Disc &disc : m_discs) {
        if (discTouchesRect(disc.centre, disc.radius, rect))
            cost += disc.cost;
    }
    for (const Segment &segment : m_segments) {
        const QRectF grown =
            rect.adjusted(-segment.halfWidth, -segment.halfWidth, segment.halfWidth, segment.halfWidth);
        if (segmentTouchesRect(segment.line, grown))
            cost += segment.cost;
    }
    return cost;
}

std::optional<QRectF> LabelPlacer::place(const QPointF &anchor, const QSizeF &size, double gap,
                                         const QPointF &preferredDirection)
{
    // Right first (reading order), then the diagonals and the other sides.
    struct Direction {
        int dx;
        int dy;
        double preference;
    };
    static constexpr std::array<Direction, 8> directions = {{
        {1, 0, 0.0}, {1, -1, 1.0}, {1, 1, 1.5}, {-1, 0, 2.0},
        {0, -1, 2.5}, {0, 1, 3.0}, {-1, -1, 3.5}, {-1, 1, 4.0},
    }};
    const double preferredLength = std::hypot(preferredDirection.x(), preferredDirection.y());

    double bestCost = std::numeric_limits<double>::infinity();
    QRectF best;
    for (int ring = 0; ring < 3; ++ring) {
        const double distance = gap * (1.0 + 1.2 * ring);
        for (const Direction &direction : directions) {
            const double length = std::hypot(double(direction.dx), double(direction.dy));
            const QPointF unit(direction.dx / length, direction.dy / length);
            const QPointF centre = anchor + unit * distance
                + QPointF(direction.dx * size.width() / 2, direction.dy * size.height() / 2);
            // Above and below, a label may also slide sideways until one of its ends sits over
            // the anchor (and beside it, up or down): near an edge or a neighbour's label that is
            // often the only room left.
            const QPointF slide = direction.dx == 0
                ? QPointF(std::max(0.0, size.width() / 2 - gap), 0.0)
                : (direction.dy == 0 ? QPointF(0.0, std::max(0.0, size.height() / 2 - gap / 2)) : QPointF());
            for (int shift : {0, 1, -1}) {
                if (shift != 0 && slide.isNull())
                    continue;
                const QPointF shifted = centre + slide * shift;
                const QRectF rect(shifted.x() - size.width() / 2, shifted.y() - size.height() / 2,
                                  size.width(), size.height());
                if (!m_bounds.contains(rect))
                    continue;
                bool blocked = false;
                for (const QRectF &other : m_blocked) {
                    if (other.intersects(rect)) {
                        blocked = true;
                        break;
                    }
                }
                for (const Disc &disc : m_blockedDiscs) {
                    if (blocked)
                        break;
                    blocked = discTouchesRect(disc.centre, disc.radius, rect);
                }
                if (blocked)
                    continue;
                double cost = softCost(rect) + 6.0 * ring + (shift != 0 ? 0.75 : 0.0);
                if (preferredLength > 0.0) {
                    const double cosine =
                        (unit.x() * preferredDirection.x() + unit.y() * preferredDirection.y()) / preferredLength;
                    cost += 4.0 * (1.0 - cosine);
                } else {
                    cost += direction.preference;
                }
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
    m_blocked.append(best);
    return best;
}

} // namespace attnlens
