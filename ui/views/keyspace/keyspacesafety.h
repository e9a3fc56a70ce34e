#pragma once

#include "scenario.h"

#include <QPointF>

#include <cmath>

namespace attnlens::keyspace {

/// Scenario::isAllowed, tolerant of a mask whose shape is wrong (a refused scenario is still
/// drawn and described, so that the student can see and fix it).
inline bool isAllowedSafely(const Scenario &scenario, Index queryRow, Index keyRow)
{
    if (!scenario.allowed)
        return true;
    if (queryRow >= scenario.allowed->rows() || keyRow >= scenario.allowed->cols())
        return true;
    return (*scenario.allowed)(queryRow, keyRow);
}

/// Whether a point of the plane can be drawn (no coordinate is infinite or NaN).
inline bool isFinitePoint(const QPointF &point)
{
    return std::isfinite(point.x()) && std::isfinite(point.y());
}

} // namespace attnlens::keyspace
