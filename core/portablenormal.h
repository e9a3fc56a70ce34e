#pragma once

#include <QtGlobal>

#include <optional>
#include <random>

namespace attnlens {

/// Standard normal numbers (mean 0, variance 1) that are the same on every machine for the same
/// seed. std::normal_distribution is not: the standard leaves its algorithm to the library, so
/// libstdc++, libc++ and MSVC draw different numbers from the same engine. std::mt19937_64 is
/// fully specified, and the Box–Muller transform on top of it uses only IEEE arithmetic, sqrt
/// (correctly rounded everywhere), log, cos and sin of the C library. Numbers come in pairs:
/// z0 = √(−2 ln u1) cos(2π u2), then z1 = √(−2 ln u1) sin(2π u2), with u1 in (0, 1] and u2 in
/// [0, 1) made from the top 53 bits of one engine output each.
class PortableNormal {
public:
    explicit PortableNormal(quint64 seed);

    double next();
    /// A uniform double in [0, 1): the top 53 bits of one engine output times 2⁻⁵³.
    static double unitInterval(quint64 bits);

private:
    std::mt19937_64 m_engine;
    std::optional<double> m_spare;
};

} // namespace attnlens
