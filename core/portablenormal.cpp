#include "portablenormal.h"

#include <cmath>

namespace attnlens {

PortableNormal::PortableNormal(quint64 seed) : m_engine(seed) {}

double PortableNormal::unitInterval(quint64 bits)
{
    return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

double PortableNormal::next()
{
    if (m_spare) {
        const double spare = *m_spare;
        m_spare.reset();
        return spare;
    }
    // 1 − u lies in (0, 1], so the logarithm is finite.
    const double u1 = 1.0 - unitInterval(m_engine());
    const double u2 = unitInterval(m_engine());
    const double radius = std::sqrt(-2.0 * std::log(u1));
    const double angle = 2.0 * 3.14159265358979323846 * u2;
    m_spare = radius * std::sin(angle);
    return radius * std::cos(angle);
}

} // namespace attnlens
