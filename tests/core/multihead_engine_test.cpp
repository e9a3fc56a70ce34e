// Several heads computed together (computeHeadsInto, computeAllHeads, the model's recompute of
// its dirty heads) share their row blocks between threads. Each head must still come out with
// exactly the bits of computing it alone, whichever thread took which block, and a refusal must
// be the one computing the heads one after the other would report.
#include "attention.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "scenario.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace attnlens {
namespace {

using test::randomMatrix;

Scenario randomHeads(Index heads, Index tokens, Index dk, Index dv, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    Scenario s;
    s.queries = randomMatrix(tokens, dk, random, 1.5);
    s.keys = randomMatrix(tokens, dk, random, 1.5);
    s.values = randomMatrix(tokens, dv, random, 3.0);
    for (Index h = 1; h < heads; ++h) {
        AttentionHead head;
        head.queries = randomMatrix(tokens, dk, random, 1.5);
        head.keys = randomMatrix(tokens, dk, random, 1.5);
        head.values = randomMatrix(tokens, dv, random, 3.0);
        s.moreHeads.push_back(head);
    }
    s.temperature = 0.8;
    return s;
}

::testing::AssertionResult resultsIdentical(const AttentionResult &actual, const AttentionResult &expected)
{
    for (const auto &[name, a, e] : {std::tuple{"scores", &actual.scores, &expected.scores},
                                     std::tuple{"weights", &actual.weights, &expected.weights},
                                     std::tuple{"context", &actual.context, &expected.context}}) {
        const ::testing::AssertionResult same = test::matricesIdentical(*a, *e);
        if (!same)
            return ::testing::AssertionFailure() << name << ": " << same.message();
    }
    return ::testing::AssertionSuccess();
}

/// Head h computed on its own, by the one-head engine, as the only head of a scenario.
AttentionResult alone(const Scenario &s, Index h)
{
    return computeAttention(s.headAlone(h)).value();
}

struct Shape {
    Index heads, tokens, dk, dv;
    const char *what;
};

// Big heads split into two row blocks each; small heads are one block each but many of them
// together are worth a second thread; the notebook's size runs on the caller's thread only.
const Shape kShapes[] = {
    {4, 300, 48, 40, "four heads of two blocks each"},
    {12, 100, 32, 32, "twelve one-block heads shared between threads"},
    {3, 3, 2, 2, "three notebook-sized heads"},
};

TEST(MultiHeadEngine, EveryHeadHasTheBitsOfComputingItAlone)
{
    for (const Shape &shape : kShapes) {
        for (bool causal : {false, true}) {
            Scenario s = randomHeads(shape.heads, shape.tokens, shape.dk, shape.dv, 31);
            if (causal)
                s.allowed = causalMask(shape.tokens, shape.tokens);
            const std::string what = std::string(shape.what) + (causal ? ", causal" : ", no mask");
            const Result<HeadsResult> all = computeAllHeads(s);
            ASSERT_TRUE(all.ok()) << what;
            ASSERT_EQ(all.value().heads.size(), static_cast<size_t>(shape.heads)) << what;
            std::vector<AttentionResult> single(static_cast<size_t>(shape.heads));
            std::vector<const AttentionResult *> parts;
            for (Index h = 0; h < shape.heads; ++h) {
                AttentionResult &one = single[static_cast<size_t>(h)];
                ASSERT_FALSE(computeHeadInto(s, h, one).has_value()) << what;
                EXPECT_TRUE(resultsIdentical(all.value().heads[static_cast<size_t>(h)], one))
                    << what << ", head " << h + 1;
                EXPECT_TRUE(resultsIdentical(one, alone(s, h))) << what << ", head " << h + 1;
                parts.push_back(&one);
            }
            EXPECT_TRUE(test::matricesIdentical(all.value().concatenatedContext, concatenateContexts(parts)))
                << what;
        }
    }
}

TEST(MultiHeadEngine, ComputesTheHeadsAskedForInTheirOwnBuffers)
{
    const Scenario s = randomHeads(5, 300, 24, 16, 32);
    AttentionResult third;
    AttentionResult first;
    ASSERT_FALSE(computeHeadsInto(s, {3, 0}, {&third, &first}).has_value());
    EXPECT_TRUE(resultsIdentical(third, alone(s, 3)));
    EXPECT_TRUE(resultsIdentical(first, alone(s, 0)));
}

TEST(MultiHeadEngine, ReusedBuffersGiveWhatFreshOnesGive)
{
    HeadsResult reused;
    // Bigger shapes and more heads first, then fewer and smaller, then more again.
    for (const Shape &shape : {kShapes[0], kShapes[2], kShapes[1]}) {
        const Scenario s = randomHeads(shape.heads, shape.tokens, shape.dk, shape.dv, 33);
        ASSERT_FALSE(computeAllHeadsInto(s, reused).has_value()) << shape.what;
        const HeadsResult fresh = computeAllHeads(s).value();
        ASSERT_EQ(reused.heads.size(), fresh.heads.size()) << shape.what;
        for (size_t h = 0; h < fresh.heads.size(); ++h)
            EXPECT_TRUE(resultsIdentical(reused.heads[h], fresh.heads[h])) << shape.what << ", head " << h + 1;
        EXPECT_TRUE(test::matricesIdentical(reused.concatenatedContext, fresh.concatenatedContext)) << shape.what;
    }
}

/// Four heads of 300 tokens: overflows in head 4's first row block (row 11) and in head 2's
/// second one (row 291).
Scenario overflowingInHeadsTwoAndFour()
{
    Scenario s = randomHeads(4, 300, 48, 48, 34);
    s.headQueries(1).row(290).setConstant(1e300);
    s.headKeys(1).row(3).setConstant(1e300);
    s.headQueries(3).row(10).setConstant(-1e300);
    s.headKeys(3).row(5).setConstant(1e300);
    return s;
}

TEST(MultiHeadEngine, ReportsTheFirstOverflowInHeadOrderWhicheverThreadFindsIt)
{
    const Scenario s = overflowingInHeadsTwoAndFour();
    AttentionResult alone2;
    const std::optional<Error> expected = computeHeadInto(s, 1, alone2);
    ASSERT_TRUE(expected.has_value());
    EXPECT_EQ(expected->category, ErrorCategory::ScoreOverflow);
    EXPECT_EQ(expected->head, 1);
    EXPECT_EQ(expected->row, 290);
    EXPECT_EQ(expected->column, 3);

    const Result<HeadsResult> all = computeAllHeads(s);
    ASSERT_FALSE(all.ok());
    EXPECT_EQ(all.error().message, expected->message);
    EXPECT_EQ(all.error().head, 1);
    EXPECT_EQ(all.error().row, 290);

    // Asked in another order, the first head asked for is the one reported.
    AttentionResult a;
    AttentionResult b;
    const std::optional<Error> reversed = computeHeadsInto(s, {3, 1}, {&a, &b});
    ASSERT_TRUE(reversed.has_value());
    EXPECT_EQ(reversed->head, 3);
    EXPECT_EQ(reversed->row, 10);
    EXPECT_EQ(reversed->column, 5);
}

TEST(MultiHeadModel, RecomputesEveryHeadWithTheBitsOfTheEngine)
{
    AttentionModel model;
    Scenario s = randomHeads(6, 300, 32, 32, 35);
    s.allowed = causalMask(300, 300);
    model.setScenario(s);
    ASSERT_NE(model.result(), nullptr);
    const quint64 passes = model.computeCount();
    const quint64 heads = model.headComputeCount();

    model.setTemperature(0.55);
    s.temperature = 0.55;
    ASSERT_NE(model.result(), nullptr);
    EXPECT_EQ(model.computeCount(), passes + 1);
    EXPECT_EQ(model.headComputeCount(), heads + 6);
    for (Index h = 0; h < 6; ++h)
        EXPECT_TRUE(resultsIdentical(*model.headResult(h), alone(s, h))) << "head " << h + 1;

    // One turn: a query of head 3 moves (its rows are recomputed), a key of head 5 and a value
    // of head 1 move (those heads are recomputed whole, together).
    AttentionResult head3 = *model.headResult(2);
    const Eigen::RowVectorXd query = Eigen::RowVectorXd::Constant(32, 0.25);
    const Eigen::RowVectorXd key = Eigen::RowVectorXd::Constant(32, -0.5);
    const Eigen::RowVectorXd value = Eigen::RowVectorXd::Constant(32, 2.0);
    model.setHeadQueryRow(2, 17, query);
    model.setHeadKeyRow(4, 9, key);
    model.setHeadValueRow(0, 250, value);
    s.headQueries(2).row(17) = query;
    s.headKeys(4).row(9) = key;
    s.headValues(0).row(250) = value;
    ASSERT_NE(model.result(), nullptr);
    EXPECT_EQ(model.computeCount(), passes + 2);
    EXPECT_EQ(model.headComputeCount(), heads + 6 + 3);
    ASSERT_FALSE(recomputeHeadQueryRows(s, 2, {17}, head3).has_value());
    for (Index h = 0; h < 6; ++h) {
        const AttentionResult expected = h == 2 ? head3 : alone(s, h);
        EXPECT_TRUE(resultsIdentical(*model.headResult(h), expected)) << "head " << h + 1;
    }
}

TEST(MultiHeadModel, ARefusalStopsAtTheHeadTheEngineNames)
{
    AttentionModel model;
    const Scenario s = overflowingInHeadsTwoAndFour();
    model.setScenario(s);
    ASSERT_EQ(model.result(), nullptr);
    AttentionResult alone2;
    const std::optional<Error> expected = computeHeadInto(s, 1, alone2);
    ASSERT_TRUE(model.error().has_value());
    EXPECT_EQ(model.error()->message, expected->message);
    // Counted as computing the heads one at a time would count them: up to the refused one.
    EXPECT_EQ(model.headComputeCount(), 2u);
    EXPECT_EQ(model.computeCount(), 1u);
}

} // namespace
} // namespace attnlens
