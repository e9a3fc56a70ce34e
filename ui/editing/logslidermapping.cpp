#include "logslidermapping.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

// Rounds to four significant digits by scaling with an exact power of ten and dividing back, so
// that round numbers (0.05, 1, 20) come out as the same doubles as their literals.
double roundToSignificantDigits(double value)
{
    constexpr int kDigits = 4;
    const int exponent = static_cast<int>(std::floor(std::log10(value)));
    const int shift = kDigits - 1 - exponent;
    if (shift >= 0) {
        const double scale = std::pow(10.0, shift);
        return std::round(value * scale) / scale;
    }
    const double scale = std::pow(10.0, -shift);
    return std::round(value / scale) * scale;
}

} // namespace

LogSliderMapping::LogSliderMapping(double minimum, double maximum, int steps)
    : m_minimum(minimum)
    , m_maximum(maximum)
    , m_steps(steps)
    , m_logMinimum(std::log(minimum))
    , m_logSpan(std::log(maximum) - std::log(minimum))
{
    Q_ASSERT(minimum > 0 && maximum > minimum && steps > 0);
}

double LogSliderMapping::valueForPosition(int position) const
{
    position = std::clamp(position, 0, m_steps);
    if (position == 0)
        return m_minimum;
    if (position == m_steps)
        return m_maximum;
    const double fraction = static_cast<double>(position) / m_steps;
    const double value = roundToSignificantDigits(std::exp(m_logMinimum + fraction * m_logSpan));
    return std::clamp(value, m_minimum, m_maximum);
}

int LogSliderMapping::positionForValue(double value) const
{
    if (std::isnan(value) || value <= m_minimum)
        return 0;
    if (value >= m_maximum)
        return m_steps;
    const double fraction = (std::log(value) - m_logMinimum) / m_logSpan;
    return std::clamp(static_cast<int>(std::lround(fraction * m_steps)), 0, m_steps);
}

bool LogSliderMapping::contains(double value) const
{
    return value >= m_minimum && value <= m_maximum;
}

} // namespace attnlens
