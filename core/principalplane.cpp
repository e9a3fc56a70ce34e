#include "principalplane.h"

#include <Eigen/SVD>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace attnlens {

namespace {

/// Entries within this relative distance of the largest magnitude count as tied with it, so that
/// rounding in a recomputation cannot move the sign decision to another entry.
constexpr double kTieTolerance = 1e-9;

/// Flips `axis` so that its entry of largest magnitude (the first of those tied with it) is
/// positive.
void orientAxis(Eigen::Ref<Eigen::VectorXd> axis)
{
    const double largest = axis.cwiseAbs().maxCoeff();
    for (Index i = 0; i < axis.size(); ++i) {
        if (std::abs(axis(i)) >= largest * (1.0 - kTieTolerance)) {
            if (axis(i) < 0.0)
                axis = -axis;
            return;
        }
    }
}

/// A unit vector orthogonal to the unit vector `axis`, chosen without looking at anything else:
/// the coordinate axis least aligned with `axis` (the first on a tie), less its part along `axis`.
Eigen::VectorXd orthogonalTo(const Eigen::VectorXd &axis)
{
    Index least = 0;
    axis.cwiseAbs().minCoeff(&least);
    Eigen::VectorXd result = -axis(least) * axis;
    result(least) += 1.0;
    result.normalize();
    return result;
}

} // namespace

Eigen::Vector2d PrincipalPlane::project(const Eigen::RowVectorXd &row) const
{
    return axes.transpose() * (row.transpose() - origin);
}

Eigen::RowVectorXd PrincipalPlane::moveWithinPlane(const Eigen::RowVectorXd &vector,
                                                   const Eigen::Vector2d &planePoint) const
{
    Eigen::Vector2d shift = planePoint - project(vector);
    for (int k = 0; k < 2; ++k) {
        if (!std::isfinite(shift(k)))
            shift(k) = 0.0;
    }
    const Eigen::RowVectorXd moved = vector + (axes * shift).transpose();
    return moved.allFinite() ? moved : vector;
}

std::optional<PrincipalPlane> principalPlaneOf(const Matrix &keys)
{
    const Index count = keys.rows();
    const Index dimension = keys.cols();
    if (dimension < 2 || !keys.allFinite())
        return std::nullopt;

    PrincipalPlane plane;
    plane.origin = Eigen::VectorXd::Zero(dimension);
    plane.axes = Eigen::Matrix<double, Eigen::Dynamic, 2>::Zero(dimension, 2);
    plane.axes(0, 0) = 1.0;
    plane.axes(1, 1) = 1.0;
    plane.varianceShare = 1.0;
    plane.spreadAxes = 0;
    if (count == 0)
        return plane;

    // Scaled to entries of at most 1, so that keys near the largest double neither overflow
    // their sum nor their squares.
    const double scale = keys.cwiseAbs().maxCoeff();
    if (scale == 0.0)
        return plane;
    // A coordinate in which every key is the same number has no spread: it is left out of the
    // decomposition, so the axes are exactly 0 there and a move within the plane leaves it to
    // the bit. Its mean is that number, exactly.
    std::vector<Index> spread;
    for (Index j = 0; j < dimension; ++j) {
        if ((keys.col(j).array() == keys(0, j)).all())
            plane.origin(j) = keys(0, j);
        else
            spread.push_back(j);
    }
    Eigen::MatrixXd centred(count, Index(spread.size()));
    for (Index k = 0; k < Index(spread.size()); ++k) {
        const Eigen::VectorXd column = keys.col(spread[size_t(k)]) / scale;
        const double mean = column.mean();
        plane.origin(spread[size_t(k)]) = mean * scale;
        centred.col(k) = column.array() - mean;
    }
    if (spread.empty())
        return plane;  // every key is the same point: the first two coordinate axes

    // Differences from a mean that is itself rounded: spread below this is rounding, not keys.
    const double noise = 8.0 * std::numeric_limits<double>::epsilon() * double(std::max(count, dimension));
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(centred, Eigen::ComputeThinV);
    const Eigen::VectorXd &sigma = svd.singularValues();
    const double largest = sigma.size() > 0 ? sigma(0) : 0.0;
    if (!(largest > noise))
        return plane;

    const Eigen::MatrixXd &directions = svd.matrixV();
    const auto direction = [&](Index column) {
        Eigen::VectorXd axis = Eigen::VectorXd::Zero(dimension);
        for (Index k = 0; k < Index(spread.size()); ++k)
            axis(spread[size_t(k)]) = directions(k, column);
        return axis;
    };
    plane.axes.col(0) = direction(0);
    orientAxis(plane.axes.col(0));
    const double second = sigma.size() > 1 ? sigma(1) : 0.0;
    if (!(second > std::max(noise, largest * svd.threshold()))) {
        plane.spreadAxes = 1;
        plane.axes.col(1) = orthogonalTo(plane.axes.col(0));
        orientAxis(plane.axes.col(1));
        return plane;
    }
    plane.spreadAxes = 2;
    plane.axes.col(1) = direction(1);
    orientAxis(plane.axes.col(1));
    const Eigen::VectorXd relative = sigma / largest;
    plane.varianceShare = std::clamp(relative.head(2).squaredNorm() / relative.squaredNorm(), 0.0, 1.0);
    return plane;
}

} // namespace attnlens
