// The widest pair of attention contexts (the bottleneck lab and its lesson step): the search that
// ranks pairs by plain squared distances picks the pair, and the distance, that comparing every
// pair's stableNorm picks, with ties, huge and tiny values, and one-context and non-finite cases.
#include "bottleneckcontexts.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <random>

namespace attnlens {
namespace {

/// The definition, written out: every pair, its stableNorm, the first of the widest.
std::optional<ContextSpread> everyPairReference(const Matrix &context)
{
    if (context.rows() < 2 || !context.allFinite())
        return std::nullopt;
    ContextSpread widest;
    widest.distance = -1.0;
    for (Index i = 0; i < context.rows(); ++i) {
        for (Index j = i + 1; j < context.rows(); ++j) {
            const double distance = (context.row(i) - context.row(j)).stableNorm();
            if (!std::isfinite(distance))
                return std::nullopt;
            if (distance > widest.distance)
                widest = {i, j, distance};
        }
    }
    return widest;
}

void expectSameSpread(const Matrix &context, const char *what)
{
    SCOPED_TRACE(what);
    const std::optional<ContextSpread> expected = everyPairReference(context);
    const std::optional<ContextSpread> actual = widestContextPair(context);
    ASSERT_EQ(actual.has_value(), expected.has_value());
    if (!expected)
        return;
    EXPECT_EQ(actual->first, expected->first);
    EXPECT_EQ(actual->second, expected->second);
    EXPECT_EQ(actual->distance, expected->distance);  // the same stableNorm: bit for bit
}

TEST(WidestContextPair, MatchesEveryPairOnRandomContexts)
{
    std::mt19937 random(2026);
    std::normal_distribution<double> normal(0.0, 1.0);
    for (const Index dimension : {1, 2, 3, 8, 64}) {
        for (const Index rows : {2, 3, 17, 130}) {
            Matrix context(rows, dimension);
            for (Index i = 0; i < rows; ++i)
                for (Index k = 0; k < dimension; ++k)
                    context(i, k) = normal(random);
            expectSameSpread(context, "gaussian");
            expectSameSpread(context * 1e90, "scaled up to 1e90");
            expectSameSpread(context * 1e-90, "scaled down to 1e-90");
        }
    }
}

TEST(WidestContextPair, TiesGoToTheFirstPairInRowOrder)
{
    // A square's corners: both diagonals are equally long; rows 0 and 2 come first.
    Matrix square(4, 2);
    square << 0, 0, 1, 0, 1, 1, 0, 1;
    const std::optional<ContextSpread> spread = widestContextPair(square);
    ASSERT_TRUE(spread.has_value());
    EXPECT_EQ(spread->first, 0);
    EXPECT_EQ(spread->second, 2);
    EXPECT_DOUBLE_EQ(spread->distance, std::sqrt(2.0));
    expectSameSpread(square, "square");

    // Points on a circle: many chords within rounding of the diameter.
    Matrix circle(24, 2);
    for (Index i = 0; i < circle.rows(); ++i) {
        const double angle = 2.0 * M_PI * static_cast<double>(i) / static_cast<double>(circle.rows());
        circle(i, 0) = std::cos(angle);
        circle(i, 1) = std::sin(angle);
    }
    expectSameSpread(circle, "circle");
}

TEST(WidestContextPair, EqualContextsHaveNoDistance)
{
    Matrix same = Matrix::Constant(50, 3, 0.25);
    const std::optional<ContextSpread> spread = widestContextPair(same);
    ASSERT_TRUE(spread.has_value());
    EXPECT_EQ(spread->first, 0);
    EXPECT_EQ(spread->second, 1);
    EXPECT_EQ(spread->distance, 0.0);
    expectSameSpread(same, "all equal");
}

TEST(WidestContextPair, DifferencesBelowTheSquaresUnderflowStillCount)
{
    // About 1e-170 apart: the square of a difference is zero in a double, the distance is not.
    // The widest pair is the second and third, sqrt(1 + 9) * 1e-170 apart.
    Matrix tiny(3, 2);
    tiny << 0.0, 0.0, 1e-170, 0.0, 0.0, 3e-170;
    const std::optional<ContextSpread> spread = widestContextPair(tiny);
    ASSERT_TRUE(spread.has_value());
    EXPECT_EQ(spread->first, 1);
    EXPECT_EQ(spread->second, 2);
    EXPECT_NEAR(spread->distance / (std::sqrt(10.0) * 1e-170), 1.0, 1e-12);
    expectSameSpread(tiny, "underflowing squares");
}

TEST(WidestContextPair, HugeValuesOrNoneAndRefusedShapes)
{
    Matrix huge(3, 2);
    huge << 1.0, 8e299, 7.0, -8e299, 0.0, 0.0;
    expectSameSpread(huge, "near 1e300");
    Matrix beyond(2, 2);
    beyond << 0.0, 1.5e308, 0.0, -1.5e308;
    EXPECT_FALSE(widestContextPair(beyond).has_value()) << "a distance beyond a double";

    EXPECT_FALSE(widestContextPair(Matrix(1, 2)).has_value()) << "one context";
    EXPECT_FALSE(widestContextPair(Matrix(0, 2)).has_value()) << "none";
    Matrix notFinite = Matrix::Zero(3, 2);
    notFinite(1, 1) = std::numeric_limits<double>::quiet_NaN();
    EXPECT_FALSE(widestContextPair(notFinite).has_value()) << "NaN";
}

} // namespace
} // namespace attnlens
