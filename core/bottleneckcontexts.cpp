#include "bottleneckcontexts.h"

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

std::optional<ContextSpread> widestContextPair(const Matrix &context)
{
    if (context.rows() < 2 || !context.allFinite())
        return std::nullopt;
    ContextSpread widest;
    widest.distance = -1.0;
    for (Index i = 0; i < context.rows(); ++i) {
        for (Index j = i + 1; j < context.rows(); ++j) {
            // stableNorm: contexts of huge values (1e300) still have a finite distance.
            const double distance = (context.row(i) - context.row(j)).stableNorm();
            if (!std::isfinite(distance))
                return std::nullopt;  // beyond double: no distance to show or compare
            if (distance > widest.distance)
                widest = {i, j, distance};
        }
    }
    return widest;
}

} // namespace attnlens
