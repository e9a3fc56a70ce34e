#pragma once

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVector>

namespace attnlens {

/// The mapping between data coordinates (x to the right, y upwards) and pixels for a 2-D plot,
/// with "nice" ticks (steps of 1, 2 or 5 times a power of ten).
///
/// The fitted range is what must be visible; layout() places it in a pixel rectangle, with one
/// scale for both axes when the aspect is equal (so that angles and dot products look right), and
/// widens the visible range along the roomier axis rather than stretching.
class PlotAxes {
public:
    /// The smallest step of 1, 2 or 5 times a power of ten that cuts `span` into at most
    /// `maxIntervals` intervals. A non-positive or non-finite span gives 1.
    static double niceStep(double span, int maxIntervals);
    /// The multiples of `step` inside [low, high] (ends included, with a little tolerance).
    static QVector<double> ticks(double low, double high, double step);
    /// A tick value with just the decimals its step needs ("0.5", "-1", "0.25"); never "-0".
    static QString tickLabel(double value, double step);

    /// The data range that must stay visible; empty or inverted spans are widened to 1.
    void setDataRange(double xMin, double xMax, double yMin, double yMax);
    double fittedXMin() const { return m_fitXMin; }
    double fittedXMax() const { return m_fitXMax; }
    double fittedYMin() const { return m_fitYMin; }
    double fittedYMax() const { return m_fitYMax; }

    /// Maps the fitted range into `pixelRect`. With `equalAspect` one data unit has the same
    /// length in pixels on both axes; otherwise each axis fills its side on its own.
    void layout(const QRectF &pixelRect, bool equalAspect);

    const QRectF &pixelRect() const { return m_pixelRect; }
    /// The data range actually shown after layout() (contains the fitted range).
    double xMin() const { return m_xMin; }
    double xMax() const { return m_xMax; }
    double yMin() const { return m_yMin; }
    double yMax() const { return m_yMax; }
    double xPixelsPerUnit() const { return m_xScale; }
    double yPixelsPerUnit() const { return m_yScale; }

    QPointF toPixel(double x, double y) const;
    QPointF toPixel(const QPointF &data) const { return toPixel(data.x(), data.y()); }
    double toPixelX(double x) const;
    double toPixelY(double y) const;
    QPointF toData(const QPointF &pixel) const;

    /// Whether the data point lands inside the pixel rectangle shrunk by `insetPixels`.
    bool isVisible(const QPointF &data, double insetPixels = 0.0) const;

private:
    double m_fitXMin = -1.0;
    double m_fitXMax = 1.0;
    double m_fitYMin = -1.0;
    double m_fitYMax = 1.0;
    QRectF m_pixelRect = QRectF(0, 0, 1, 1);
    double m_xMin = -1.0;
    double m_xMax = 1.0;
    double m_yMin = -1.0;
    double m_yMax = 1.0;
    double m_xScale = 1.0;
    double m_yScale = 1.0;
};

} // namespace attnlens
