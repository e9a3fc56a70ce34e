#pragma once

#include "plotaxes.h"

#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QVector>

namespace attnlens {

/// The font and pixel sizes of one key-space scene. Both grow with the scene (up to twice the
/// view's font) so that a large plane on a projector is not a few specks; never below the font.
struct KeySpaceMetrics {
    QFont font;
    double scale = 1.0;
    double lineHeight = 16.0;
    double pad = 6.0;
    double pointRadius = 5.0;
    double tipRadius = 7.0;
    double hitRadius = 12.0;
    double haloMax = 30.0;
    double arrowWidth = 2.5;
    double arrowHeadLength = 13.0;
    double tickLength = 5.0;
    /// The smallest pixel size the labels of points may be made to fit them (0: never smaller).
    double smallestLabelPixels = 0.0;

    /// The sizes for a scene of `size` drawn with the view's `font`.
    static KeySpaceMetrics forSize(const QSizeF &size, const QFont &font);
};

/// What the frame of one scene depends on; a frame is rebuilt only when one of these changes,
/// never on a drag step.
struct KeySpaceFrameInputs {
    QRectF bounds;
    QFont font;
    bool interactive = false;
    bool lineMode = false;
    bool hasResult = false;
    QString note;
    QString caption;
    int queryCount = 0;
    int horizontalDimension = 0;
    int verticalDimension = 1;
    /// The plane shown is the keys' principal plane (its axes are principal directions), not two
    /// key coordinates.
    bool principalPlane = false;
    /// The data range that must stay visible (PlotAxes::setDataRange).
    PlotAxes fit;
    /// The smallest pixel size of the points' labels where the font's size does not leave them
    /// room (KeySpaceMetrics::smallestLabelPixels).
    double smallestLabelPixels = 0.0;
    bool operator==(const KeySpaceFrameInputs &other) const;
};

/// The part of a scene that stays put while points move: the plane, its grid, ticks, titles,
/// caption and note, and where data maps to pixels. Measured once per size, fit and font.
struct KeySpaceFrame {
    KeySpaceMetrics metrics;
    QRectF bounds;
    QRectF captionRect;
    QRectF plotRect;
    QRectF noteRect;
    PlotAxes axes;
    bool lineMode = false;
    bool interactive = false;
    bool hasResult = false;
    int horizontalDimension = 0;
    int verticalDimension = 1;
    bool principalPlane = false;
    QString caption;
    QString xTitle;
    QString yTitle;
    QString note;
    QVector<double> xTicks;
    QVector<double> yTicks;
    QVector<QString> xTickLabels;
    QVector<QString> yTickLabels;
    double step = 1.0;
    QPointF origin;
    double lineModeGap = 16.0;
};

} // namespace attnlens
