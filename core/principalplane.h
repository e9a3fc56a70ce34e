#pragma once

#include "matrixtypes.h"

#include <Eigen/Core>

#include <optional>

namespace attnlens {

/// The plane along which a set of keys spreads most: through `origin`, spanned by the two columns
/// of `axes`, the first two principal directions of the keys (the top right singular vectors of
/// the keys centred on their mean).
///
/// Invariants: `axes` has one row per key dimension and two orthonormal columns; in each column
/// the entry of largest magnitude (the first one, up to rounding, on a tie) is positive, so the
/// same keys always give the same picture, never its mirror image; `varianceShare` lies in
/// [0, 1]. Where the keys do not fill a plane, the axes they do not fix are chosen from the
/// coordinate axes, deterministically: e1 and e2 when every key is the same point, and for keys
/// on a line the coordinate axis least aligned with that line, made orthogonal to it. A
/// coordinate in which every key has the same value has no spread, and both axes are exactly 0
/// there: a move within the plane leaves that coordinate of a vector exactly as it was.
struct PrincipalPlane {
    /// The point of key space shown at (0, 0): the keys' mean as computed.
    Eigen::VectorXd origin;
    Eigen::Matrix<double, Eigen::Dynamic, 2> axes;
    /// How much of the keys' spread (their summed squared distances from the mean) lies in the
    /// plane: (σ1² + σ2²) / Σσ². 1 when the keys spread in at most two directions (or not at all).
    double varianceShare = 1.0;
    /// How many axes follow the keys' spread: 0 when every key is the same point (or there are no
    /// keys), 1 when they lie on a line, else 2.
    int spreadAxes = 0;

    Index dimension() const { return axes.rows(); }

    /// The coordinates in the plane of the point `row` of key space: axesᵀ (row − origin).
    Eigen::Vector2d project(const Eigen::RowVectorXd &row) const;

    /// `vector` moved so that it projects to `planePoint`, its component outside the plane
    /// unchanged: vector + axes (planePoint − project(vector)). A non-finite coordinate of
    /// `planePoint` leaves the vector where it was along that axis; a move whose result would not
    /// be finite leaves the vector as it was.
    Eigen::RowVectorXd moveWithinPlane(const Eigen::RowVectorXd &vector, const Eigen::Vector2d &planePoint) const;
};

/// The principal plane of `keys` (one key a row). nullopt when the keys have fewer than two
/// dimensions or an entry that is not finite.
std::optional<PrincipalPlane> principalPlaneOf(const Matrix &keys);

} // namespace attnlens
