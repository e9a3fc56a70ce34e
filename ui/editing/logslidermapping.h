#pragma once

namespace attnlens {

/// Maps the integer positions 0..steps of a slider onto [minimum, maximum] on a logarithmic
/// scale, so that equal slider moves multiply the value by equal factors. Values are rounded to
/// four significant digits, which makes the ends and the geometric middle exact (0.05, 1 and 20
/// for the temperature) while keeping every step distinct.
class LogSliderMapping {
public:
    LogSliderMapping(double minimum, double maximum, int steps);

    double minimum() const { return m_minimum; }
    double maximum() const { return m_maximum; }
    int steps() const { return m_steps; }

    double valueForPosition(int position) const;
    /// The nearest position; values outside the range (and NaN) give the nearer end.
    int positionForValue(double value) const;
    /// True when value lies inside [minimum, maximum], i.e. a slider can show it without clamping.
    bool contains(double value) const;

private:
    double m_minimum;
    double m_maximum;
    int m_steps;
    double m_logMinimum;
    double m_logSpan;
};

} // namespace attnlens
