#include "coretestsupport.h"
#include "principalplane.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace attnlens;

namespace {

using LongVector = std::vector<long double>;
using LongMatrix = std::vector<LongVector>;

Matrix randomMatrix(Index rows, Index columns, unsigned seed, double scale = 1.0)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, scale);
    Matrix m(rows, columns);
    for (Index i = 0; i < rows; ++i) {
        for (Index j = 0; j < columns; ++j)
            m(i, j) = normal(rng);
    }
    return m;
}

/// The keys' scatter matrix Σ (k − mean)(k − mean)ᵀ in long double, with plain loops.
LongMatrix referenceScatter(const Matrix &keys)
{
    const size_t n = size_t(keys.rows());
    const size_t d = size_t(keys.cols());
    LongVector mean(d, 0.0L);
    for (size_t i = 0; i < n; ++i) {
        for (size_t j = 0; j < d; ++j)
            mean[j] += keys(Index(i), Index(j));
    }
    for (long double &m : mean)
        m /= n;
    LongMatrix scatter(d, LongVector(d, 0.0L));
    for (size_t i = 0; i < n; ++i) {
        for (size_t a = 0; a < d; ++a) {
            for (size_t b = 0; b < d; ++b)
                scatter[a][b] += (keys(Index(i), Index(a)) - mean[a]) * (keys(Index(i), Index(b)) - mean[b]);
        }
    }
    return scatter;
}

LongVector times(const LongMatrix &m, const LongVector &v)
{
    LongVector result(v.size(), 0.0L);
    for (size_t a = 0; a < m.size(); ++a) {
        for (size_t b = 0; b < v.size(); ++b)
            result[a] += m[a][b] * v[b];
    }
    return result;
}

long double dot(const LongVector &x, const LongVector &y)
{
    long double sum = 0.0L;
    for (size_t i = 0; i < x.size(); ++i)
        sum += x[i] * y[i];
    return sum;
}

/// The largest eigenvalue of the symmetric `m` and its unit eigenvector, by power iteration.
std::pair<long double, LongVector> powerIteration(const LongMatrix &m)
{
    LongVector v(m.size());
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = 1.0L + 0.01L * i;
    long double lambda = 0.0L;
    for (int iteration = 0; iteration < 20000; ++iteration) {
        LongVector w = times(m, v);
        const long double norm = std::sqrt(dot(w, w));
        for (size_t i = 0; i < w.size(); ++i)
            w[i] /= norm;
        v = w;
        lambda = dot(v, times(m, v));
    }
    return {lambda, v};
}

/// The two largest eigenvalues of a scatter matrix and the trace, with plain loops.
struct ReferenceSpread {
    long double first = 0.0L;
    long double second = 0.0L;
    LongVector firstDirection;
    LongVector secondDirection;
    long double trace = 0.0L;
};

ReferenceSpread referenceSpread(const Matrix &keys)
{
    LongMatrix scatter = referenceScatter(keys);
    ReferenceSpread r;
    for (size_t a = 0; a < scatter.size(); ++a)
        r.trace += scatter[a][a];
    std::tie(r.first, r.firstDirection) = powerIteration(scatter);
    // Deflate: what is left once the first direction's spread is taken out.
    for (size_t a = 0; a < scatter.size(); ++a) {
        for (size_t b = 0; b < scatter.size(); ++b)
            scatter[a][b] -= r.first * r.firstDirection[a] * r.firstDirection[b];
    }
    std::tie(r.second, r.secondDirection) = powerIteration(scatter);
    return r;
}

/// |cos| of the angle between a plane axis and a reference direction.
double alignment(const Eigen::VectorXd &axis, const LongVector &direction)
{
    long double sum = 0.0L;
    for (Index i = 0; i < axis.size(); ++i)
        sum += axis(i) * direction[size_t(i)];
    return double(std::abs(sum));
}

::testing::AssertionResult isOrthonormal(const Eigen::Matrix<double, Eigen::Dynamic, 2> &axes)
{
    const Eigen::Matrix2d gram = axes.transpose() * axes;
    if ((gram - Eigen::Matrix2d::Identity()).cwiseAbs().maxCoeff() > 1e-13)
        return ::testing::AssertionFailure() << "axesᵀ axes =\n" << gram;
    return ::testing::AssertionSuccess();
}

/// The entry of largest magnitude (the first of several equal ones) of every axis is positive.
::testing::AssertionResult largestEntriesPositive(const Eigen::Matrix<double, Eigen::Dynamic, 2> &axes)
{
    for (int k = 0; k < 2; ++k) {
        Index largest = 0;
        for (Index i = 1; i < axes.rows(); ++i) {
            if (std::abs(axes(i, k)) > std::abs(axes(largest, k)) * (1.0 + 1e-9))
                largest = i;
        }
        if (!(axes(largest, k) > 0.0))
            return ::testing::AssertionFailure() << "axis " << k << " entry " << largest << " is "
                                                 << axes(largest, k);
    }
    return ::testing::AssertionSuccess();
}

bool identicalBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof(double)) == 0;
}

} // namespace

TEST(PrincipalPlane, FindsTheHandBuiltPlaneAndItsShare)
{
    // Keys = centre + a·u + b·w + c·z along three orthonormal directions of R⁶, with a, b and c
    // summing to zero and pairwise orthogonal: the spread along u is Σa² = 18, along w Σb² = 8,
    // along z Σc² = 4, so the plane is span(u, w) and shows (18 + 8) / 30 of the spread.
    const double a[4] = {3, -3, 0, 0};
    const double b[4] = {0, 0, 2, -2};
    const double c[4] = {1, 1, -1, -1};
    Eigen::VectorXd u(6), w(6), z(6), centre(6);
    u << 0, 1.0 / 3, 2.0 / 3, 0, 2.0 / 3, 0;
    w << 0, 2.0 / 3, 1.0 / 3, 0, -2.0 / 3, 0;
    z << 0, 2.0 / 3, -2.0 / 3, 0, 1.0 / 3, 0;
    centre << 0.5, -1.0, 2.0, 0.25, 1.5, -0.75;
    Matrix keys(4, 6);
    for (int i = 0; i < 4; ++i)
        keys.row(i) = (centre + a[i] * u + b[i] * w + c[i] * z).transpose();

    const std::optional<PrincipalPlane> plane = principalPlaneOf(keys);
    ASSERT_TRUE(plane);
    EXPECT_EQ(plane->spreadAxes, 2);
    EXPECT_NEAR(plane->varianceShare, 26.0 / 30.0, 1e-14);
    EXPECT_TRUE(isOrthonormal(plane->axes));
    // u's largest entries are tied (2/3 at coordinates 3 and 5): the first is made positive, so u
    // itself; for w the first of ±2/3 is positive already.
    EXPECT_LT((plane->axes.col(0) - u).cwiseAbs().maxCoeff(), 1e-14) << plane->axes.col(0).transpose();
    EXPECT_LT((plane->axes.col(1) - w).cwiseAbs().maxCoeff(), 1e-14) << plane->axes.col(1).transpose();
    EXPECT_LT((plane->origin - centre).cwiseAbs().maxCoeff(), 1e-15);
    // Every key is shown at its (a, b).
    for (int i = 0; i < 4; ++i) {
        const Eigen::Vector2d shown = plane->project(keys.row(i));
        EXPECT_NEAR(shown(0), a[i], 1e-14) << i;
        EXPECT_NEAR(shown(1), b[i], 1e-14) << i;
    }
}

TEST(PrincipalPlane, AgreesWithAPlainLoopCovarianceReference)
{
    // Keys with an uneven spread, as in a trained head: 8 keys of dimension 64.
    Matrix keys = randomMatrix(8, 64, 7);
    for (Index j = 0; j < keys.cols(); ++j)
        keys.col(j) *= 1.0 + 3.0 * std::exp(-0.2 * double(j));
    const std::optional<PrincipalPlane> plane = principalPlaneOf(keys);
    ASSERT_TRUE(plane);
    const ReferenceSpread reference = referenceSpread(keys);
    EXPECT_EQ(plane->spreadAxes, 2);
    EXPECT_NEAR(plane->varianceShare, double((reference.first + reference.second) / reference.trace), 1e-12);
    EXPECT_NEAR(alignment(plane->axes.col(0), reference.firstDirection), 1.0, 1e-9);
    EXPECT_NEAR(alignment(plane->axes.col(1), reference.secondDirection), 1.0, 1e-9);
    EXPECT_TRUE(isOrthonormal(plane->axes));
    EXPECT_TRUE(largestEntriesPositive(plane->axes));
    // The origin is the keys' mean.
    for (Index j = 0; j < keys.cols(); ++j) {
        long double sum = 0.0L;
        for (Index i = 0; i < keys.rows(); ++i)
            sum += keys(i, j);
        EXPECT_NEAR(plane->origin(j), double(sum / keys.rows()), 1e-15) << j;
    }
}

TEST(PrincipalPlane, SignsDoNotDependOnTheKeysOrderOrSign)
{
    const Matrix keys = randomMatrix(10, 32, 11);
    const std::optional<PrincipalPlane> plane = principalPlaneOf(keys);
    ASSERT_TRUE(plane);
    EXPECT_TRUE(largestEntriesPositive(plane->axes));

    // The same keys again: the same bits.
    const std::optional<PrincipalPlane> again = principalPlaneOf(keys);
    ASSERT_TRUE(again);
    EXPECT_EQ(std::memcmp(plane->axes.data(), again->axes.data(), sizeof(double) * plane->axes.size()), 0);

    // Reversed order and negated keys spread along the same directions: the same axes, not
    // their mirror images.
    const Matrix reversed = keys.colwise().reverse();
    const Matrix negated = -keys;
    for (const Matrix &other : {reversed, negated}) {
        const std::optional<PrincipalPlane> otherPlane = principalPlaneOf(other);
        ASSERT_TRUE(otherPlane);
        EXPECT_LT((otherPlane->axes - plane->axes).cwiseAbs().maxCoeff(), 1e-10);
        EXPECT_NEAR(otherPlane->varianceShare, plane->varianceShare, 1e-13);
    }
}

TEST(PrincipalPlane, OneKeyOrEqualKeysShowTheFirstTwoCoordinates)
{
    const Matrix one = attnlens::test::matrixOf({{0.3, -0.7, 1.1, 2.0}});
    const Matrix equal = attnlens::test::matrixOf({{0.1, 0.2, 0.3}, {0.1, 0.2, 0.3}, {0.1, 0.2, 0.3}});
    for (const Matrix &keys : {one, equal}) {
        const std::optional<PrincipalPlane> plane = principalPlaneOf(keys);
        ASSERT_TRUE(plane);
        EXPECT_EQ(plane->spreadAxes, 0);
        EXPECT_EQ(plane->varianceShare, 1.0);
        Eigen::Matrix<double, Eigen::Dynamic, 2> expected = Eigen::Matrix<double, Eigen::Dynamic, 2>::Zero(keys.cols(), 2);
        expected(0, 0) = 1.0;
        expected(1, 1) = 1.0;
        EXPECT_EQ(plane->axes, expected);
        const Eigen::Vector2d shown = plane->project(keys.row(0));
        EXPECT_NEAR(shown(0), 0.0, 1e-15);
        EXPECT_NEAR(shown(1), 0.0, 1e-15);
    }
    // No keys at all: the first two coordinates through the zero vector.
    const std::optional<PrincipalPlane> none = principalPlaneOf(Matrix(0, 3));
    ASSERT_TRUE(none);
    EXPECT_EQ(none->spreadAxes, 0);
    EXPECT_EQ(none->origin, Eigen::VectorXd::Zero(3));
}

TEST(PrincipalPlane, KeysOnALineFixOneAxisAndTheOtherIsChosenTheSameWayEveryTime)
{
    // Keys on the line through p along (1, 2, 0, 2) / 3.
    Eigen::RowVectorXd p(4), direction(4);
    p << 1.0, 0.5, -2.0, 0.25;
    direction << 1.0 / 3, 2.0 / 3, 0.0, 2.0 / 3;
    Matrix keys(5, 4);
    const double t[5] = {-2.0, -0.5, 0.0, 1.0, 3.0};
    for (int i = 0; i < 5; ++i)
        keys.row(i) = p + t[i] * direction;
    const std::optional<PrincipalPlane> plane = principalPlaneOf(keys);
    ASSERT_TRUE(plane);
    EXPECT_EQ(plane->spreadAxes, 1);
    EXPECT_EQ(plane->varianceShare, 1.0);
    EXPECT_TRUE(isOrthonormal(plane->axes));
    EXPECT_TRUE(largestEntriesPositive(plane->axes));
    EXPECT_LT((plane->axes.col(0) - direction.transpose()).cwiseAbs().maxCoeff(), 1e-14);
    // The coordinate axis least along the line is the third (0 there): it is orthogonal to the
    // line already, so it is the second axis as it is.
    Eigen::VectorXd third = Eigen::VectorXd::Zero(4);
    third(2) = 1.0;
    EXPECT_LT((plane->axes.col(1) - third).cwiseAbs().maxCoeff(), 1e-14);
    const std::optional<PrincipalPlane> again = principalPlaneOf(keys);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->axes, plane->axes);
}

TEST(PrincipalPlane, NoPlaneForOneDimensionOrNonFiniteKeys)
{
    EXPECT_FALSE(principalPlaneOf(attnlens::test::matrixOf({{1.0}, {2.0}, {-0.5}})));
    EXPECT_FALSE(principalPlaneOf(attnlens::test::matrixOf({{1.0, NAN, 0.0}, {0.0, 1.0, 2.0}})));
    EXPECT_FALSE(principalPlaneOf(attnlens::test::matrixOf({{1.0, INFINITY, 0.0}, {0.0, 1.0, 2.0}})));
    // Keys near the largest double, whose plain sum and spread would overflow, still get their
    // plane: the spread along (1, 0, 0) is 2·(0.75e308)² against (1e307)² along (0, 1, 0).
    const std::optional<PrincipalPlane> huge = principalPlaneOf(
        attnlens::test::matrixOf({{1.5e308, 1e307, 0.0}, {1.5e308, -1e307, 0.0}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}}));
    ASSERT_TRUE(huge);
    EXPECT_TRUE(isOrthonormal(huge->axes));
    EXPECT_EQ(huge->spreadAxes, 2);
    EXPECT_EQ(huge->varianceShare, 1.0) << "no spread along the third coordinate";
    EXPECT_NEAR(huge->origin(0), 0.75e308, 1e293);
    EXPECT_NEAR(huge->axes(0, 0), 1.0, 1e-15);
    EXPECT_NEAR(huge->axes(1, 1), 1.0, 1e-15);
}

TEST(PrincipalPlane, TwoDimensionalKeysGetARotationOfTheirOwnPlane)
{
    const Matrix keys = randomMatrix(6, 2, 3);
    const std::optional<PrincipalPlane> plane = principalPlaneOf(keys);
    ASSERT_TRUE(plane);
    EXPECT_EQ(plane->spreadAxes, 2);
    EXPECT_NEAR(plane->varianceShare, 1.0, 1e-15);
    EXPECT_TRUE(isOrthonormal(plane->axes));
}

TEST(PrincipalPlane, AMoveInACoordinatePlaneKeepsEveryOtherCoordinateToTheBit)
{
    // Keys that vary only in the first two coordinates; every other coordinate is one dyadic
    // number per column, so the mean is exact and the plane is exactly span(e1, e2).
    constexpr Index d = 64;
    Matrix keys = randomMatrix(8, d, 5);
    for (Index j = 2; j < d; ++j)
        keys.col(j).setConstant(0.25 * double(j) - 3.0);
    const std::optional<PrincipalPlane> plane = principalPlaneOf(keys);
    ASSERT_TRUE(plane);
    ASSERT_EQ(plane->spreadAxes, 2);
    EXPECT_TRUE((plane->axes.bottomRows(d - 2).array() == 0.0).all()) << "the plane leaves e3 … e64 alone";

    Eigen::RowVectorXd query = randomMatrix(1, d, 9).row(0);
    const Eigen::RowVectorXd before = query;
    std::mt19937_64 rng(4);
    std::uniform_real_distribution<double> uniform(-3.0, 3.0);
    // A drag's many steps, each from where the last left the query.
    for (int step = 0; step < 50; ++step) {
        const Eigen::Vector2d target(uniform(rng), uniform(rng));
        query = plane->moveWithinPlane(query, target);
        const Eigen::Vector2d shown = plane->project(query);
        EXPECT_NEAR(shown(0), target(0), 1e-13);
        EXPECT_NEAR(shown(1), target(1), 1e-13);
    }
    for (Index j = 2; j < d; ++j)
        EXPECT_TRUE(identicalBits(query(j), before(j))) << "coordinate " << j + 1;
}

TEST(PrincipalPlane, AMoveInAGeneralPlaneChangesTheVectorOnlyWithinIt)
{
    const Matrix keys = randomMatrix(8, 64, 21);
    const std::optional<PrincipalPlane> plane = principalPlaneOf(keys);
    ASSERT_TRUE(plane);
    const Eigen::RowVectorXd query = randomMatrix(1, 64, 22).row(0);
    const Eigen::Vector2d target(1.75, -0.5);
    const Eigen::RowVectorXd moved = plane->moveWithinPlane(query, target);
    const Eigen::VectorXd change = (moved - query).transpose();
    // Take out the change's part in the plane with long-double loops: nothing may be left.
    long double along[2] = {0.0L, 0.0L};
    for (int k = 0; k < 2; ++k) {
        for (Index i = 0; i < change.size(); ++i)
            along[k] += (long double)(plane->axes(i, k)) * change(i);
    }
    long double leftOver = 0.0L;
    for (Index i = 0; i < change.size(); ++i) {
        const long double rest = change(i) - along[0] * plane->axes(i, 0) - along[1] * plane->axes(i, 1);
        leftOver += rest * rest;
    }
    EXPECT_LT(double(std::sqrt(leftOver)), 1e-12 * query.norm());
    EXPECT_GT(change.norm(), 0.1) << "the query did move";
    const Eigen::Vector2d shown = plane->project(moved);
    EXPECT_NEAR(shown(0), target(0), 1e-13);
    EXPECT_NEAR(shown(1), target(1), 1e-13);

    // A non-finite target coordinate leaves that axis alone.
    const Eigen::RowVectorXd half = plane->moveWithinPlane(query, Eigen::Vector2d(NAN, 0.5));
    EXPECT_NEAR(plane->project(half)(0), plane->project(query)(0), 1e-13);
    EXPECT_NEAR(plane->project(half)(1), 0.5, 1e-13);
}
