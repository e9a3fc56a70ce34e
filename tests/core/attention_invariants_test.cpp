#include "attention.h"
#include "coretestsupport.h"
#include "scenario.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

namespace attnlens {
namespace {

using test::matricesClose;
using test::matricesIdentical;
using test::matrixOf;
using test::maskOf;

constexpr double kSmallestSubnormal = std::numeric_limits<double>::denorm_min();

AttentionResult computeOrFail(const Scenario &scenario)
{
    const Result<AttentionResult> result = computeAttention(scenario);
    EXPECT_TRUE(result.ok()) << (result.ok() ? std::string() : result.error().describe().toStdString());
    return result.ok() ? result.value() : AttentionResult{};
}

std::vector<double> softmax(const std::vector<double> &scores, double temperature,
                            const std::vector<char> &allowed = {})
{
    std::vector<double> weights(scores.size());
    std::unique_ptr<bool[]> mask;
    if (!allowed.empty()) {
        mask.reset(new bool[allowed.size()]);
        for (size_t j = 0; j < allowed.size(); ++j)
            mask[j] = allowed[j] != 0;
    }
    softmaxRow(scores.data(), mask.get(), static_cast<Index>(scores.size()), temperature,
               weights.data());
    return weights;
}

// Deterministic random scenarios of all sizes, masks and temperatures.
class ScenarioGenerator {
public:
    explicit ScenarioGenerator(std::uint64_t seed) : m_random(seed) {}

    Scenario next()
    {
        Scenario s;
        const Index nq = between(1, 8);
        const Index nk = between(1, 12);
        const Index dk = between(1, 8);
        const Index dv = between(1, 6);
        // Magnitudes from gentle to very peaked rows; the temperature spans 0.05 .. 20.
        const double scale = std::pow(10.0, uniform(-1.0, 1.5));
        s.queries = randomMatrix(nq, dk, scale);
        s.keys = randomMatrix(nk, dk, scale);
        s.values = randomMatrix(nk, dv, std::pow(10.0, uniform(-2.0, 3.0)));
        s.temperature = std::pow(10.0, uniform(std::log10(0.05), std::log10(20.0)));
        if (uniform(0, 1) < 0.7) {
            Mask mask(nq, nk);
            const double keep = uniform(0.2, 1.0);
            for (Index i = 0; i < nq; ++i) {
                for (Index j = 0; j < nk; ++j)
                    mask(i, j) = uniform(0, 1) < keep;
                if (!mask.row(i).any())
                    mask(i, between(0, nk - 1)) = true;
            }
            s.allowed = mask;
        }
        return s;
    }

    double uniform(double low, double high)
    {
        return std::uniform_real_distribution<double>(low, high)(m_random);
    }
    Index between(Index low, Index high)
    {
        return std::uniform_int_distribution<Index>(low, high)(m_random);
    }

private:
    Matrix randomMatrix(Index rows, Index columns, double scale)
    {
        Matrix m(rows, columns);
        for (Index i = 0; i < rows; ++i)
            for (Index j = 0; j < columns; ++j)
                m(i, j) = scale * uniform(-1.0, 1.0);
        return m;
    }

    std::mt19937_64 m_random;
};

constexpr int kRandomScenarioCount = 500;

// ---- Rows, masks -----------------------------------------------------------------------------

TEST(AttentionInvariants, EveryRowSumsToOneAndMaskedWeightsArePositiveZero)
{
    ScenarioGenerator generator(2026);
    int maskedCells = 0;
    for (int n = 0; n < kRandomScenarioCount; ++n) {
        const Scenario s = generator.next();
        const AttentionResult result = computeOrFail(s);
        for (Index i = 0; i < s.queryCount(); ++i) {
            EXPECT_NEAR(result.weights.row(i).sum(), 1.0, 1e-12) << "scenario " << n << " row " << i;
            for (Index j = 0; j < s.keyCount(); ++j) {
                const double w = result.weights(i, j);
                if (!s.isAllowed(i, j)) {
                    ++maskedCells;
                    // Exactly +0.0: not a tiny number, not -0.0.
                    EXPECT_TRUE(identicalDoubles(w, 0.0))
                        << "scenario " << n << " masked cell (" << i << ", " << j << ") is " << w;
                } else {
                    EXPECT_GE(w, 0.0);
                    EXPECT_LE(w, 1.0);
                }
            }
        }
    }
    EXPECT_GT(maskedCells, 1000) << "the generator should exercise masks";
}

TEST(AttentionInvariants, MaskedEntriesAreExactlyZeroForEveryRowLength)
{
    // Vectorised code handles a row in packets plus a remainder; a masked key must be exactly 0
    // wherever it falls, including when nothing else in the row is small.
    for (Index count = 2; count <= 17; ++count) {
        for (Index masked = 0; masked < count; ++masked) {
            std::vector<double> scores(static_cast<size_t>(count));
            std::vector<char> allowed(static_cast<size_t>(count), 1);
            for (Index j = 0; j < count; ++j)
                scores[static_cast<size_t>(j)] = 0.125 * static_cast<double>(j % 5);
            allowed[static_cast<size_t>(masked)] = 0;
            const std::vector<double> w = softmax(scores, 1.0, allowed);
            EXPECT_TRUE(identicalDoubles(w[static_cast<size_t>(masked)], 0.0))
                << "row of " << count << ", masked key " << masked << " has weight "
                << w[static_cast<size_t>(masked)];
            EXPECT_NEAR(std::accumulate(w.begin(), w.end(), 0.0), 1.0, 1e-15);
        }
    }
}

TEST(AttentionInvariants, MaskingAKeyRenormalisesTheOthers)
{
    // Removing B from the lesson leaves A and C with the same score, so exactly 0.5 each.
    Scenario s = test::notebookLessonScenario();
    s.allowed = maskOf({{true, false, true}});
    const AttentionResult result = computeOrFail(s);
    EXPECT_TRUE(matricesIdentical(result.weights, matrixOf({{0.5, 0.0, 0.5}})));
    EXPECT_TRUE(matricesIdentical(result.context, matrixOf({{10, 5}})));
}

// ---- Shift and permutation invariance ---------------------------------------------------------

TEST(AttentionInvariants, AddingAConstantToTheScoresChangesNothing)
{
    const std::vector<double> scores = {0.5, -1.25, 3.0, 2.75, -0.0625, 3.0};
    const std::vector<char> allowed = {1, 1, 0, 1, 1, 1};
    for (double temperature : {0.3, 1.0, 7.5}) {
        const std::vector<double> base = softmax(scores, temperature, allowed);
        // Powers of two and these scores add exactly, so the weights must be the same doubles.
        for (double c : {1024.0, -4096.0, 0.5, 1048576.0}) {
            std::vector<double> shifted = scores;
            for (double &x : shifted)
                x += c;
            const std::vector<double> w = softmax(shifted, temperature, allowed);
            for (size_t j = 0; j < w.size(); ++j)
                EXPECT_TRUE(identicalDoubles(w[j], base[j]))
                    << "T " << temperature << ", c " << c << ", key " << j;
        }
        // Arbitrary constants round the scores, which may move the weights by rounding only.
        for (double c : {0.1, -37.3, 1e6 / 3, 123456.789}) {
            std::vector<double> shifted = scores;
            for (double &x : shifted)
                x += c;
            const std::vector<double> w = softmax(shifted, temperature, allowed);
            for (size_t j = 0; j < w.size(); ++j)
                EXPECT_NEAR(w[j], base[j], 1e-9 * base[j]) << "T " << temperature << ", c " << c;
        }
    }
}

TEST(AttentionInvariants, ShiftingTheQueryAlongAKeyConstantDirectionChangesNothing)
{
    // Every key has the same last coordinate, so moving the query along that axis adds the same
    // constant to every score of the row: the weights and the context must not move.
    Scenario s;
    s.queries = matrixOf({{0.5, -1, 0}});
    s.keys = matrixOf({{1, 0, 2}, {0, 1, 2}, {1, 1, 2}, {-1, 0.5, 2}});
    s.values = matrixOf({{1, 2}, {3, 4}, {5, 6}, {7, 8}});
    const AttentionResult base = computeOrFail(s);
    Scenario shifted = s;
    shifted.queries(0, 2) = 8.0;  // adds 16 / sqrt(3) to every score
    const AttentionResult result = computeOrFail(shifted);
    EXPECT_FALSE(matricesClose(result.scores, base.scores, 1e-3));
    EXPECT_TRUE(matricesClose(result.weights, base.weights, 1e-13));
    EXPECT_TRUE(matricesClose(result.context, base.context, 1e-13));
}

TEST(AttentionInvariants, PermutingKeysWithTheirValuesPermutesWeightColumnsOnly)
{
    ScenarioGenerator generator(7);
    for (int n = 0; n < 100; ++n) {
        const Scenario s = generator.next();
        std::vector<Index> order(static_cast<size_t>(s.keyCount()));
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), std::mt19937_64(static_cast<std::uint64_t>(n)));

        Scenario permuted = s;
        for (Index j = 0; j < s.keyCount(); ++j) {
            const Index from = order[static_cast<size_t>(j)];
            permuted.keys.row(j) = s.keys.row(from);
            permuted.values.row(j) = s.values.row(from);
            if (s.allowed)
                permuted.allowed->col(j) = s.allowed->col(from);
        }

        const AttentionResult base = computeOrFail(s);
        const AttentionResult result = computeOrFail(permuted);
        const test::ReferenceAttention ref = test::referenceAttention(s);
        for (Index i = 0; i < s.queryCount(); ++i) {
            for (Index j = 0; j < s.keyCount(); ++j) {
                const Index from = order[static_cast<size_t>(j)];
                EXPECT_NEAR(result.scores(i, j), base.scores(i, from), 1e-15 * ref.scoreScale(i, from));
                EXPECT_NEAR(result.weights(i, j), base.weights(i, from),
                            1e-14 * base.weights(i, from) + 1e-300)
                    << "scenario " << n;
            }
            for (Index c = 0; c < s.valueDimension(); ++c)
                EXPECT_NEAR(result.context(i, c), base.context(i, c), 1e-13 * ref.contextScale(i, c))
                    << "scenario " << n;
        }
    }
}

// ---- Temperature limits ----------------------------------------------------------------------

TEST(AttentionInvariants, ColdTemperatureApproachesArgmax)
{
    Scenario s;
    s.queries = matrixOf({{1, 0}, {0, 1}, {-1, 0}});
    s.keys = matrixOf({{1, 0}, {0, 1}, {1, 1}});
    s.values = matrixOf({{10, 0}, {0, 10}, {10, 10}});

    // The largest weight of each row grows as T falls...
    double previous[3] = {0, 0, 0};
    for (double t : {10.0, 2.0, 1.0, 0.5, 0.1, 0.05}) {
        s.temperature = t;
        const AttentionResult result = computeOrFail(s);
        for (Index i = 0; i < 3; ++i) {
            EXPECT_GT(result.weights.row(i).maxCoeff(), previous[i]) << "T " << t;
            previous[i] = result.weights.row(i).maxCoeff();
        }
    }
    // ...and at a tiny T every row is one-hot on its argmax: row 1 -> A (tied with C: half
    // each), row 2 -> B and C tied, row 3 -> B (score 0 beats -1/sqrt 2).
    s.temperature = 1e-6;
    const AttentionResult cold = computeOrFail(s);
    EXPECT_TRUE(matricesIdentical(cold.weights, matrixOf({{0.5, 0, 0.5}, {0, 0.5, 0.5}, {0, 1, 0}})));

    // Untied scores (the closest gap is 0.1 / sqrt 2): one key takes everything.
    s.keys = matrixOf({{1, 0}, {0, 1}, {0.9, 1.2}});
    s.temperature = 1e-5;
    const AttentionResult oneHot = computeOrFail(s);
    EXPECT_TRUE(matricesIdentical(oneHot.weights, matrixOf({{1, 0, 0}, {0, 0, 1}, {0, 1, 0}})));
    EXPECT_TRUE(matricesIdentical(oneHot.context, matrixOf({{10, 0}, {10, 10}, {0, 10}})));
}

TEST(AttentionInvariants, TemperatureAsSmallAsTheSmallestDoubleStaysFinite)
{
    // (s - max) / T is -inf for every non-maximal key; the maximum itself is 0 / T = 0.
    const std::vector<double> w = softmax({1.0, 2.0, 2.0, -3.0}, kSmallestSubnormal);
    EXPECT_EQ(w, (std::vector<double>{0.0, 0.5, 0.5, 0.0}));
}

TEST(AttentionInvariants, HotTemperatureApproachesUniform)
{
    Scenario s;
    s.queries = matrixOf({{3, -2}, {0.5, 7}});
    s.keys = matrixOf({{1, 0}, {0, 1}, {1, 1}, {-4, 2}, {0.1, 0.2}});
    s.values = matrixOf({{1}, {2}, {3}, {4}, {5}});
    s.allowed = maskOf({{true, true, true, true, true}, {true, false, true, true, false}});

    s.temperature = 1e12;
    AttentionResult result = computeOrFail(s);
    for (Index j = 0; j < 5; ++j)
        EXPECT_NEAR(result.weights(0, j), 0.2, 1e-11);
    EXPECT_NEAR(result.weights(1, 0), 1.0 / 3, 1e-11);
    EXPECT_EQ(result.weights(1, 1), 0.0);
    EXPECT_NEAR(result.context(0, 0), 3.0, 1e-10);
    EXPECT_NEAR(result.context(1, 0), 8.0 / 3, 1e-10);

    // The distance from uniform shrinks like 1/T.
    double previous = std::numeric_limits<double>::infinity();
    for (double t : {1.0, 10.0, 100.0, 1000.0}) {
        s.temperature = t;
        result = computeOrFail(s);
        const double spread = result.weights.row(0).maxCoeff() - result.weights.row(0).minCoeff();
        EXPECT_LT(spread, previous) << "T " << t;
        previous = spread;
    }

    s.temperature = 1e300;
    result = computeOrFail(s);
    for (Index j = 0; j < 5; ++j)
        EXPECT_NEAR(result.weights(0, j), 0.2, 1e-15);
}

// ---- Extreme magnitudes -------------------------------------------------------------------------

TEST(AttentionInvariants, ExactTiesAtScoresNearOneE300)
{
    Scenario s;
    s.queries = matrixOf({{1e150}});
    s.keys = matrixOf({{1e150}, {1e150}, {-1e150}});
    s.values = matrixOf({{2}, {4}, {1e6}});
    const AttentionResult result = computeOrFail(s);
    ASSERT_NEAR(result.scores(0, 0), 1e300, 1e285);
    EXPECT_EQ(result.scores(0, 0), result.scores(0, 1));
    EXPECT_EQ(result.scores(0, 2), -result.scores(0, 0));
    EXPECT_TRUE(matricesIdentical(result.weights, matrixOf({{0.5, 0.5, 0.0}})));
    EXPECT_TRUE(matricesIdentical(result.context, matrixOf({{3}})));

    // Negative scores near -1e300 tie just as exactly, and a tiny T cannot split the tie.
    s.queries = matrixOf({{-1e150}});
    s.keys = matrixOf({{1e150}, {1e150}});
    s.values = matrixOf({{2}, {4}});
    for (double t : {1.0, 1e-300, 1e300}) {
        s.temperature = t;
        const AttentionResult negative = computeOrFail(s);
        EXPECT_TRUE(matricesIdentical(negative.weights, matrixOf({{0.5, 0.5}}))) << "T " << t;
    }

    // With a mask, and a temperature so small that score / T alone would overflow.
    s.queries = matrixOf({{1e150}});
    s.keys = matrixOf({{1e150}, {-1e150}, {1e150}, {1e150}});
    s.values = matrixOf({{2}, {1e6}, {4}, {1e6}});
    s.allowed = maskOf({{true, true, true, false}});
    for (double t : {1.0, 1e-300}) {
        s.temperature = t;
        const AttentionResult masked = computeOrFail(s);
        EXPECT_TRUE(matricesIdentical(masked.weights, matrixOf({{0.5, 0, 0.5, 0}}))) << "T " << t;
        EXPECT_TRUE(matricesIdentical(masked.context, matrixOf({{3}}))) << "T " << t;
    }
}

TEST(AttentionInvariants, ScoresOfOppositeHugeSignsDoNotProduceNaN)
{
    // s - max = -3.4e308 overflows to -inf; exp(-inf) must be 0, not NaN.
    const double big = 1.7e308;
    EXPECT_EQ(softmax({big, -big, big}, 1.0), (std::vector<double>{0.5, 0.0, 0.5}));
    EXPECT_EQ(softmax({-big, big}, 0.5), (std::vector<double>{0.0, 1.0}));
    // A masked key may hold any finite score without disturbing the row.
    EXPECT_EQ(softmax({big, 1.0, -big}, 1.0, {0, 1, 1}), (std::vector<double>{0.0, 1.0, 0.0}));
}

TEST(AttentionInvariants, ScoresNearOneE300ThatDifferGiveOneHot)
{
    Scenario s;
    s.queries = matrixOf({{1e150}});
    s.keys = matrixOf({{1e150}, {0.999999e150}});
    s.values = matrixOf({{1}, {-1}});
    const AttentionResult result = computeOrFail(s);
    EXPECT_TRUE(matricesIdentical(result.weights, matrixOf({{1, 0}})));
    EXPECT_TRUE(matricesIdentical(result.context, matrixOf({{1}})));
}

TEST(AttentionInvariants, DeepTailWeightsStayPositiveAndAccurate)
{
    // exp(-720) and exp(-745) are subnormal doubles, exp(-700) and exp(-708.5) small normal
    // ones. None of them may collapse to 0, and each must match std::exp to within rounding.
    const std::vector<double> differences = {0.0, -700.0, -708.5, -709.5, -715.0, -720.0,
                                             -730.0, -740.0, -744.0, -745.0};
    Scenario s;
    s.queries = matrixOf({{1}});
    s.keys.resize(static_cast<Index>(differences.size()), 1);
    s.values.resize(s.keys.rows(), 1);
    for (size_t j = 0; j < differences.size(); ++j) {
        s.keys(static_cast<Index>(j), 0) = differences[j];  // d_k = 1, so score = key
        s.values(static_cast<Index>(j), 0) = 1.0;
    }
    const AttentionResult result = computeOrFail(s);
    // The row's sum is 1 + exp(-700) + ... which rounds to exactly 1.
    for (size_t j = 0; j < differences.size(); ++j) {
        const double w = result.weights(0, static_cast<Index>(j));
        const double expected = std::exp(differences[j]);
        EXPECT_GT(w, 0.0) << "difference " << differences[j];
        if (std::fpclassify(expected) == FP_SUBNORMAL) {
            EXPECT_EQ(std::fpclassify(w), FP_SUBNORMAL) << "difference " << differences[j];
            // A subnormal carries fewer bits: allow one unit of its last place.
            EXPECT_NEAR(w, expected, kSmallestSubnormal) << "difference " << differences[j];
        } else {
            EXPECT_NEAR(w, expected, 1e-13 * expected) << "difference " << differences[j];
        }
    }
    EXPECT_EQ(result.weights(0, 0), 1.0);
    EXPECT_EQ(result.weights(0, 9), kSmallestSubnormal);  // exp(-745) rounds to 2^-1074
}

TEST(AttentionInvariants, DeepTailAgainstLongDoubleAcrossTemperatures)
{
    // Scores spread evenly over 0 .. -760 * T: the normal range, the subnormal range and beyond.
    for (double t : {0.01, 1.0, 3.0}) {
        std::vector<double> scores;
        for (int j = 0; j <= 38; ++j)
            scores.push_back(-20.0 * j * t);
        const std::vector<double> w = softmax(scores, t);
        long double sum = 0;
        for (double x : scores)
            sum += std::exp(static_cast<long double>(x) / t);
        for (size_t j = 0; j < scores.size(); ++j) {
            const double expected = static_cast<double>(std::exp(static_cast<long double>(scores[j]) / t) / sum);
            if (expected == 0.0) {
                EXPECT_EQ(w[j], 0.0) << "T " << t << " key " << j;
            } else if (std::fpclassify(expected) == FP_SUBNORMAL) {
                EXPECT_GT(w[j], 0.0) << "T " << t << " key " << j;
                EXPECT_NEAR(w[j], expected, 2 * kSmallestSubnormal) << "T " << t << " key " << j;
            } else {
                EXPECT_NEAR(w[j], expected, 1e-12 * expected) << "T " << t << " key " << j;
            }
        }
    }
}

// ---- Against an independent reference ---------------------------------------------------------

TEST(AttentionInvariants, RandomScenariosMatchALongDoubleReference)
{
    ScenarioGenerator generator(0x5eed2026);
    int nonTrivialWeights = 0;
    for (int n = 0; n < kRandomScenarioCount; ++n) {
        const Scenario s = generator.next();
        const AttentionResult result = computeOrFail(s);
        const test::ReferenceAttention ref = test::referenceAttention(s);
        ASSERT_EQ(result.scores.rows(), s.queryCount());
        ASSERT_EQ(result.context.cols(), s.valueDimension());
        for (Index i = 0; i < s.queryCount(); ++i) {
            for (Index j = 0; j < s.keyCount(); ++j) {
                EXPECT_NEAR(result.scores(i, j), ref.scores(i, j),
                            1e-9 * std::abs(ref.scores(i, j)) + 1e-14 * ref.scoreScale(i, j))
                    << "scenario " << n << " score (" << i << ", " << j << ")";
                // Relative 1e-9; the absolute floor only matters for weights that underflow.
                EXPECT_NEAR(result.weights(i, j), ref.weights(i, j), 1e-9 * ref.weights(i, j) + 1e-300)
                    << "scenario " << n << " weight (" << i << ", " << j << ")";
                if (ref.weights(i, j) > 0.01 && ref.weights(i, j) < 0.99)
                    ++nonTrivialWeights;
            }
            for (Index c = 0; c < s.valueDimension(); ++c) {
                EXPECT_NEAR(result.context(i, c), ref.context(i, c),
                            1e-9 * std::abs(ref.context(i, c)) + 1e-13 * ref.contextScale(i, c))
                    << "scenario " << n << " context (" << i << ", " << c << ")";
            }
        }
    }
    EXPECT_GT(nonTrivialWeights, 1000) << "the generator should produce soft rows too";
}

TEST(AttentionInvariants, ContextIsAConvexCombinationOfValues)
{
    ScenarioGenerator generator(99);
    for (int n = 0; n < 200; ++n) {
        const Scenario s = generator.next();
        const AttentionResult result = computeOrFail(s);
        for (Index i = 0; i < s.queryCount(); ++i) {
            for (Index c = 0; c < s.valueDimension(); ++c) {
                double low = std::numeric_limits<double>::infinity();
                double high = -low;
                for (Index j = 0; j < s.keyCount(); ++j) {
                    if (s.isAllowed(i, j)) {
                        low = std::min(low, s.values(j, c));
                        high = std::max(high, s.values(j, c));
                    }
                }
                const double slack = 1e-14 * std::max(std::abs(low), std::abs(high));
                EXPECT_GE(result.context(i, c), low - slack) << "scenario " << n;
                EXPECT_LE(result.context(i, c), high + slack) << "scenario " << n;
            }
        }
    }
}

TEST(AttentionInvariants, ValuesNearTheLargestDoubleGiveAFiniteContext)
{
    const double top = std::numeric_limits<double>::max();
    Scenario s;
    s.queries = matrixOf({{0.3, 0.1}, {0, 0}});
    s.keys = matrixOf({{1, 0}, {0, 1}, {1, 1}});
    s.values = matrixOf({{top}, {top}, {top}});
    const AttentionResult result = computeOrFail(s);
    ASSERT_TRUE(result.context.allFinite()) << result.context;
    EXPECT_NEAR(result.context(0, 0), top, 1e-15 * top);
    EXPECT_NEAR(result.context(1, 0), top, 1e-15 * top);

    s.values = matrixOf({{top}, {-top}, {top}});
    const AttentionResult mixed = computeOrFail(s);
    ASSERT_TRUE(mixed.context.allFinite());
    const test::ReferenceAttention ref = test::referenceAttention(s);
    EXPECT_TRUE(matricesClose(mixed.context, ref.context, 1e-12));
}

} // namespace
} // namespace attnlens
