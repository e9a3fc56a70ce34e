#include "plotaxes.h"

#include <algorithm>
#include <cmath>

namespace attnlens {

double PlotAxes::niceStep(double span, int maxIntervals)
{
    if (!std::isfinite(span) || span <= 0.0 || maxIntervals < 1)
        return 1.0;
    const double rough = span / maxIntervals;
    double power = std::pow(10.0, std::floor(std::log10(rough)));
    // log10 may land a hair below an exact power of ten; one correction keeps 1, 2, 5 exact.
    if (power * 10.0 <= rough)
        power *= 10.0;
    for (double factor : {1.0, 2.0, 5.0, 10.0}) {
        if (factor * power >= rough * (1.0 - 1e-9))
            return factor * power;
    }
    return 10.0 * power;
}

QVector<double> PlotAxes::ticks(double low, double high, double step)
{
    QVector<double> result;
    if (!(step > 0.0) || !std::isfinite(low) || !std::isfinite(high) || high < low)
        return result;
    const double tolerance = step * 1e-6;
    const double first = std::ceil((low - tolerance) / step);
    const double last = std::floor((high + tolerance) / step);
    if (last - first > 10000.0)
        return result;
    // Dividing by the integer 1/step where there is one gives the double nearest to k/10 (3 / 10
    // is 0.3, while 3 * 0.1 is 0.30000000000000004).
    const double inverse = std::round(1.0 / step);
    const bool divide = step < 1.0 && std::abs(1.0 / step - inverse) < 1e-9 * inverse;
    for (double k = first; k <= last; k += 1.0) {
        double value = divide ? k / inverse : k * step;
        if (std::abs(value) < tolerance)
            value = 0.0;
        result.append(value);
    }
    return result;
}

QString PlotAxes::tickLabel(double value, double step)
{
    const int decimals = step >= 1.0 ? 0 : std::max(0, int(std::ceil(-std::log10(step) - 1e-9)));
    if (std::abs(value) < step * 1e-6)
        value = 0.0;
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0)
        text.remove(0, 1);
    // A real minus sign reads better than a hyphen on a projector.
    text.replace(QLatin1Char('-'), QChar(0x2212));
    return text;
}

void PlotAxes::setDataRange(double xMin, double xMax, double yMin, double yMax)
{
    auto widen = [](double &low, double &high) {
        if (!std::isfinite(low) || !std::isfinite(high)) {
            low = -1.0;
            high = 1.0;
        }
        if (high - low < 1e-12) {
            const double centre = 0.5 * (low + high);
            low = centre - 0.5;
            high = centre + 0.5;
        }
    };
    widen(xMin, xMax);
    widen(yMin, yMax);
    m_fitXMin = xMin;
    m_fitXMax = xMax;
    m_fitYMin = yMin;
    m_fitYMax = yMax;
}

void PlotAxes::layout(const QRectF &pixelRect, bool equalAspect)
{
    m_pixelRect = pixelRect;
    const double width = std::max(1.0, pixelRect.width());
    const double height = std::max(1.0, pixelRect.height());
    const double spanX = m_fitXMax - m_fitXMin;
    const double spanY = m_fitYMax - m_fitYMin;
    m_xScale = width / spanX;
    m_yScale = height / spanY;
    m_xMin = m_fitXMin;
    m_xMax = m_fitXMax;
    m_yMin = m_fitYMin;
    m_yMax = m_fitYMax;
    if (equalAspect) {
        const double scale = std::min(m_xScale, m_yScale);
        m_xScale = m_yScale = scale;
        const double centreX = 0.5 * (m_fitXMin + m_fitXMax);
        const double centreY = 0.5 * (m_fitYMin + m_fitYMax);
        m_xMin = centreX - 0.5 * width / scale;
        m_xMax = centreX + 0.5 * width / scale;
        m_yMin = centreY - 0.5 * height / scale;
        m_yMax = centreY + 0.5 * height / scale;
    }
}

double PlotAxes::toPixelX(double x) const
{
    return m_pixelRect.left() + (x - m_xMin) * m_xScale;
}

double PlotAxes::toPixelY(double y) const
{
    return m_pixelRect.bottom() - (y - m_yMin) * m_yScale;
}

QPointF PlotAxes::toPixel(double x, double y) const
{
    return QPointF(toPixelX(x), toPixelY(y));
}

QPointF PlotAxes::toData(const QPointF &pixel) const
{
    return QPointF(m_xMin + (pixel.x() - m_pixelRect.left()) / m_xScale,
                   m_yMin + (m_pixelRect.bottom() - pixel.y()) / m_yScale);
}

bool PlotAxes::isVisible(const QPointF &data, double insetPixels) const
{
    const QPointF pixel = toPixel(data);
    if (!std::isfinite(pixel.x()) || !std::isfinite(pixel.y()))
        return false;
    const QRectF inner = m_pixelRect.adjusted(insetPixels, insetPixels, -insetPixels, -insetPixels);
    return pixel.x() >= inner.left() && pixel.x() <= inner.right() && pixel.y() >= inner.top()
        && pixel.y() <= inner.bottom();
}

} // namespace attnlens
