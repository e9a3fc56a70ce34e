#include "bottleneckcontexts.h"

#include <algorithm>
#include <cmath>

namespace attnlens {

Eigen::RowVectorXd lastStateContext(const Matrix &values)
{
    if (values.rows() == 0)
        return Eigen::RowVectorXd();
    return values.row(values.rows() - 1);
}

Eigen::RowVectorXd meanStateContext(const Matrix &values)
{
    if (values.rows() == 0)
        return Eigen::RowVectorXd();
    return values.colwise().mean();
}

namespace {

// Values at most this large in magnitude have squared distances far from overflow in any
// dimension a scenario can have (2·10^100 squared, times 10^6 dimensions, stays below 10^208).
constexpr double kPlainSquaresBound = 1e100;
// Squared distances within this (relative) of the largest so far are compared with stableNorm:
// the plain sums are off by far less (a few ulps per dimension).
constexpr double kCandidateSlack = 1e-9;
// Below this largest squared distance, underflow may have hidden a difference (a square of a
// difference under 1e-154 is zero): the stable search decides.
constexpr double kTinySquared = 1e-200;

/// Every pair compared with stableNorm: for contexts of huge values (1e300), whose squares would
/// overflow, and whose distances may themselves be beyond a double.
std::optional<ContextSpread> widestPairStable(const Matrix &context)
{
    ContextSpread widest;
    widest.distance = -1.0;
    for (Index i = 0; i < context.rows(); ++i) {
        for (Index j = i + 1; j < context.rows(); ++j) {
            const double distance = (context.row(i) - context.row(j)).stableNorm();
            if (!std::isfinite(distance))
                return std::nullopt;  // beyond double: no distance to show or compare
            if (distance > widest.distance)
                widest = {i, j, distance};
        }
    }
    return widest;
}

} // namespace

std::optional<ContextSpread> widestContextPair(const Matrix &context)
{
    if (context.rows() < 2 || !context.allFinite())
        return std::nullopt;
    if (context.cwiseAbs().maxCoeff() > kPlainSquaresBound)
        return widestPairStable(context);

    // Row-major: each context's coordinates lie side by side, and the inner loop reads two runs.
    const Index n = context.rows();
    const Index d = context.cols();
    // Plain squared distances rank the pairs; a pair whose square comes near the largest so far
    // is compared with stableNorm, as in widestPairStable, so that the pair chosen is the one the
    // exact distances choose (the first of equals). A pair far below the leader cannot win.
    ContextSpread widest;
    widest.distance = -1.0;
    double widestSquared = -1.0;
    for (Index i = 0; i < n; ++i) {
        const double *a = context.row(i).data();
        for (Index j = i + 1; j < n; ++j) {
            const double *b = context.row(j).data();
            double squared = 0.0;
            for (Index k = 0; k < d; ++k) {
                const double step = a[k] - b[k];
                squared += step * step;
            }
            if (squared < widestSquared * (1.0 - kCandidateSlack) || (squared == 0.0 && widestSquared == 0.0))
                continue;  // clearly shorter, or a second pair of equal rows: not strictly wider
            const double distance = squared == 0.0 ? 0.0 : (context.row(i) - context.row(j)).stableNorm();
            if (distance > widest.distance) {
                widest = {i, j, distance};
                widestSquared = std::max(widestSquared, squared);
            }
        }
    }
    if (widestSquared < kTinySquared) {
        // Every context within 1e-100 of every other: a square may have underflowed to zero.
        if ((context.rowwise() - context.row(0)).cwiseAbs().maxCoeff() == 0.0)
            return ContextSpread{0, 1, 0.0};  // all equal: the first pair, no distance
        return widestPairStable(context);
    }
    return widest;
}

} // namespace attnlens
