// Large inputs take other routes through the engine than the notebook's sizes: two threads
// each compute a block of query rows, a causal block multiplies only its lower triangle, and
// keys after the last allowed one are skipped. Each route must give what the plain long-double
// reference gives, and report the same first error as a row-by-row walk would.
#include "attention.h"
#include "coretestsupport.h"
#include "scenario.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

namespace attnlens {
namespace {

using test::randomMatrix;

Scenario randomScenario(Index queries, Index keys, Index dk, Index dv, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    Scenario s;
    s.queries = randomMatrix(queries, dk, random, 1.5);
    s.keys = randomMatrix(keys, dk, random, 1.5);
    s.values = randomMatrix(keys, dv, random, 3.0);
    s.temperature = 0.8;
    return s;
}

void expectAgreesWithReference(const Scenario &s, const AttentionResult &result,
                               const std::string &what)
{
    const test::ReferenceAttention ref = test::referenceAttention(s);
    int bad = 0;
    for (Index i = 0; i < s.queryCount() && bad < 5; ++i) {
        for (Index j = 0; j < s.keyCount(); ++j) {
            const double score = result.scores(i, j);
            if (std::abs(score - ref.scores(i, j))
                > 1e-9 * std::abs(ref.scores(i, j)) + 1e-14 * ref.scoreScale(i, j)) {
                ADD_FAILURE() << what << ": score (" << i << ", " << j << ") " << score << " vs "
                              << ref.scores(i, j);
                ++bad;
            }
            const double w = result.weights(i, j);
            const bool allowed = !s.allowed || (*s.allowed)(i, j);
            if (!allowed && w != 0.0) {
                ADD_FAILURE() << what << ": masked weight (" << i << ", " << j << ") is " << w;
                ++bad;
            }
            if (std::abs(w - ref.weights(i, j)) > 1e-9 * ref.weights(i, j) + 1e-300) {
                ADD_FAILURE() << what << ": weight (" << i << ", " << j << ") " << w << " vs "
                              << ref.weights(i, j);
                ++bad;
            }
        }
        for (Index c = 0; c < s.valueDimension(); ++c) {
            const double got = result.context(i, c);
            if (std::abs(got - ref.context(i, c))
                > 1e-9 * std::abs(ref.context(i, c)) + 1e-13 * ref.contextScale(i, c)) {
                ADD_FAILURE() << what << ": context (" << i << ", " << c << ") " << got << " vs "
                              << ref.context(i, c);
                ++bad;
            }
        }
    }
}

void expectMatchesReference(const Scenario &s, const std::string &what)
{
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_TRUE(result.ok()) << what << ": " << result.error().describe().toStdString();
    expectAgreesWithReference(s, result.value(), what);
}

// 300 x 300 x (48 + 40) is past the two-thread threshold; 20 x 20 is not.
TEST(AttentionLargeInputs, CausalBlocksMatchTheReference)
{
    for (Index n : {20, 300}) {
        Scenario s = randomScenario(n, n, 48, 40, 11 + static_cast<std::uint64_t>(n));
        s.allowed = causalMask(n, n);
        expectMatchesReference(s, "causal " + std::to_string(n));
    }
}

TEST(AttentionLargeInputs, UnmaskedAndRectangularMatchTheReference)
{
    expectMatchesReference(randomScenario(257, 301, 40, 24, 3), "unmasked 257x301");
    expectMatchesReference(randomScenario(1, 4000, 64, 8, 4), "one query, 4000 keys");
    expectMatchesReference(randomScenario(900, 7, 64, 64, 5), "900 queries, 7 keys");
}

TEST(AttentionLargeInputs, PaddingAndScatteredMasksMatchTheReference)
{
    const Index n = 280;
    std::vector<bool> realKey(static_cast<size_t>(n), true);
    for (Index j = 250; j < n; ++j)
        realKey[static_cast<size_t>(j)] = false;  // trailing padding
    Scenario padded = randomScenario(n, n, 32, 32, 6);
    padded.allowed = paddingMask(n, realKey);
    expectMatchesReference(padded, "padding");

    Mask causalPadded = causalMask(n, n);
    for (Index i = 0; i < n; ++i)
        for (Index j = 250; j < n; ++j)
            causalPadded(i, j) = false;
    padded.allowed = causalPadded;
    expectMatchesReference(padded, "causal and padding");

    // Holes inside the allowed prefix, and a row whose only allowed key is the last one.
    std::mt19937_64 random(7);
    Mask scattered(n, n);
    for (Index i = 0; i < n; ++i)
        for (Index j = 0; j < n; ++j)
            scattered(i, j) = (random() % 3) != 0;
    scattered.row(5).setConstant(false);
    scattered(5, n - 1) = true;
    padded.allowed = scattered;
    expectMatchesReference(padded, "scattered");
}

TEST(AttentionLargeInputs, TheSameScenarioGivesTheSameBitsEveryTime)
{
    Scenario s = randomScenario(400, 400, 64, 64, 8);
    s.allowed = causalMask(400, 400);
    const Result<AttentionResult> first = computeAttention(s);
    ASSERT_TRUE(first.ok());
    AttentionResult again;
    for (int run = 0; run < 3; ++run) {
        ASSERT_FALSE(computeAttentionInto(s, again).has_value());
        EXPECT_TRUE(test::matricesIdentical(again.weights, first.value().weights));
        EXPECT_TRUE(test::matricesIdentical(again.context, first.value().context));
    }
}

TEST(AttentionLargeInputs, TheFirstOverflowInRowOrderIsReportedWhicheverThreadFindsIt)
{
    Scenario s = randomScenario(300, 300, 48, 48, 9);
    // Rows 290 (second block) and 10 (first block) both overflow; row 10 comes first.
    s.queries.row(290).setConstant(1e300);
    s.keys.row(3).setConstant(1e300);
    s.queries.row(10).setConstant(-1e300);
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().category, ErrorCategory::ScoreOverflow);
    EXPECT_EQ(result.error().row, 10);
    EXPECT_EQ(result.error().column, 3);

    s.queries.row(10).setConstant(0.5);
    const Result<AttentionResult> later = computeAttention(s);
    ASSERT_FALSE(later.ok());
    EXPECT_EQ(later.error().row, 290);
    EXPECT_EQ(later.error().column, 3);
}

// ---- Recomputing only the query rows that changed (what a drag does) ---------------------------

TEST(AttentionQueryRowUpdate, AgreesWithTheReferenceAfterMovingSomeQueries)
{
    for (bool causal : {true, false}) {
        Scenario s = randomScenario(300, 300, 48, 40, 21);
        if (causal)
            s.allowed = causalMask(300, 300);
        AttentionResult incremental = computeAttention(s).value();
        std::mt19937_64 random(22);
        for (int step = 0; step < 5; ++step) {
            const std::vector<Index> moved{Index(random() % 300), Index(random() % 300), 0, 299};
            for (Index i : moved)
                s.queries.row(i) = randomMatrix(1, 48, random, 2.0);
            ASSERT_FALSE(recomputeQueryRows(s, moved, incremental).has_value());
            // Rows that did not move keep their numbers; moved rows agree with the reference.
            expectAgreesWithReference(s, incremental,
                                      (causal ? "causal, step " : "unmasked, step ")
                                          + std::to_string(step));
        }
    }
}

TEST(AttentionQueryRowUpdate, GivesTheSameBitsAsAFullRecomputeAtTheNotebooksSize)
{
    Scenario s = test::notebookLessonScenario();
    AttentionResult incremental = computeAttention(s).value();
    s.queries.row(0) << 0.3, 1.7;
    ASSERT_FALSE(recomputeQueryRows(s, {0}, incremental).has_value());
    const AttentionResult full = computeAttention(s).value();
    EXPECT_TRUE(test::matricesIdentical(incremental.scores, full.scores));
    EXPECT_TRUE(test::matricesIdentical(incremental.weights, full.weights));
    EXPECT_TRUE(test::matricesIdentical(incremental.context, full.context));
}

TEST(AttentionQueryRowUpdate, ReportsWhatAFullRecomputeWouldReport)
{
    Scenario s = randomScenario(40, 40, 8, 8, 23);
    AttentionResult result = computeAttention(s).value();
    s.queries(30, 2) = std::nan("");
    s.queries.row(12).setConstant(1e300);
    s.keys.row(5).setConstant(1e300);  // not a query change: set before, as a loaded scenario
    const Result<AttentionResult> full = computeAttention(s);
    ASSERT_FALSE(full.ok());

    Scenario before = randomScenario(40, 40, 8, 8, 23);
    before.keys = s.keys;
    AttentionResult baseline = computeAttention(before).value();
    const std::optional<Error> error = recomputeQueryRows(s, {30, 12}, baseline);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, full.error().category);
    EXPECT_EQ(error->row, full.error().row);
    EXPECT_EQ(error->column, full.error().column);
    EXPECT_EQ(error->message, full.error().message);

    s.queries(30, 2) = 0.0;
    const Result<AttentionResult> overflow = computeAttention(s);
    ASSERT_FALSE(overflow.ok());
    EXPECT_EQ(overflow.error().category, ErrorCategory::ScoreOverflow);
    const std::optional<Error> rowOverflow = recomputeQueryRows(s, {30, 12}, baseline);
    ASSERT_TRUE(rowOverflow.has_value());
    EXPECT_EQ(rowOverflow->message, overflow.error().message);
}

} // namespace
} // namespace attnlens
