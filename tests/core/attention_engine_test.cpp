#include "attention.h"
#include "coretestsupport.h"
#include "scenario.h"
#include "scenariojson.h"

#include <QJsonObject>

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace attnlens {
namespace {

using test::matricesClose;
using test::matricesIdentical;
using test::matrixFromJson;
using test::matrixOf;
using test::notebookLessonScenario;

// The notebook prints its checkpoints to four decimals.
constexpr double kFourDecimals = 0.5e-4;

AttentionResult computeOrFail(const Scenario &scenario)
{
    const Result<AttentionResult> result = computeAttention(scenario);
    EXPECT_TRUE(result.ok()) << (result.ok() ? std::string() : result.error().describe().toStdString());
    return result.ok() ? result.value() : AttentionResult{};
}

// The notebook's step 7 demo: three tokens [1, 0], [0, 1], [1, 1] that are their own queries,
// keys and values, under a causal mask.
Scenario causalDemoScenario()
{
    Scenario scenario;
    scenario.queries = matrixOf({{1, 0}, {0, 1}, {1, 1}});
    scenario.keys = scenario.queries;
    scenario.values = scenario.queries;
    scenario.allowed = causalMask(3, 3);
    return scenario;
}

TEST(NotebookCheckpoints, ScoresAreDotProductsOverRootDk)
{
    const AttentionResult result = computeOrFail(notebookLessonScenario());
    ASSERT_EQ(result.scores.rows(), 1);
    ASSERT_EQ(result.scores.cols(), 3);
    EXPECT_NEAR(result.scores(0, 0), 0.7071, kFourDecimals);
    EXPECT_EQ(result.scores(0, 1), 0.0);
    EXPECT_NEAR(result.scores(0, 2), 0.7071, kFourDecimals);
    EXPECT_DOUBLE_EQ(result.scores(0, 0), 1.0 / std::sqrt(2.0));
}

TEST(NotebookCheckpoints, WeightsMatchTheNotebook)
{
    const AttentionResult result = computeOrFail(notebookLessonScenario());
    ASSERT_EQ(result.weights.cols(), 3);
    EXPECT_NEAR(result.weights(0, 0), 0.4011, kFourDecimals);
    EXPECT_NEAR(result.weights(0, 1), 0.1978, kFourDecimals);
    EXPECT_NEAR(result.weights(0, 2), 0.4011, kFourDecimals);
    // A and C have the same dot product with the query, so their weights are the same double.
    EXPECT_EQ(result.weights(0, 0), result.weights(0, 2));

    // Closed form: w_A = e^a / (2 e^a + 1) = 1 / (2 + e^-a) with a = 1/sqrt(2).
    const double a = 1.0 / std::sqrt(2.0);
    EXPECT_NEAR(result.weights(0, 0), 1.0 / (2.0 + std::exp(-a)), 1e-15);
    EXPECT_NEAR(result.weights(0, 1), std::exp(-a) / (2.0 + std::exp(-a)), 1e-15);
}

TEST(NotebookCheckpoints, ContextMatchesTheNotebook)
{
    const AttentionResult result = computeOrFail(notebookLessonScenario());
    ASSERT_EQ(result.context.rows(), 1);
    ASSERT_EQ(result.context.cols(), 2);
    EXPECT_NEAR(result.context(0, 0), 8.0222, kFourDecimals);
    EXPECT_NEAR(result.context(0, 1), 5.9889, kFourDecimals);
}

TEST(NotebookCheckpoints, FirstCausalRowIsExactlyOneZeroZero)
{
    const AttentionResult result = computeOrFail(causalDemoScenario());
    ASSERT_EQ(result.weights.rows(), 3);
    EXPECT_EQ(result.weights(0, 0), 1.0);
    EXPECT_EQ(result.weights(0, 1), 0.0);
    EXPECT_EQ(result.weights(0, 2), 0.0);
    // The first token can only see itself, so its context is its own value, exactly.
    EXPECT_TRUE(matricesIdentical(result.context.row(0), matrixOf({{1, 0}})));
}

TEST(NotebookCheckpoints, CausalRowsMatchTheNotebook)
{
    const AttentionResult result = computeOrFail(causalDemoScenario());
    // Row 2 sees scores 0 and 1/sqrt(2); row 3 sees 1/sqrt(2), 1/sqrt(2), sqrt(2).
    const double a = 1.0 / std::sqrt(2.0);
    const double row2First = 1.0 / (1.0 + std::exp(a));
    const double row3Last = std::exp(2 * a) / (2 * std::exp(a) + std::exp(2 * a));
    const Matrix expected = matrixOf({{1, 0, 0},
                                      {row2First, 1 - row2First, 0},
                                      {(1 - row3Last) / 2, (1 - row3Last) / 2, row3Last}});
    EXPECT_TRUE(matricesClose(result.weights, expected, 1e-14));
    EXPECT_NEAR(result.weights(1, 0), 0.3302, kFourDecimals);
    EXPECT_NEAR(result.weights(2, 2), 0.5035, kFourDecimals);
}

TEST(AttentionEngine, ScoresIgnoreTemperatureAndMask)
{
    Scenario plain = notebookLessonScenario();
    plain.queries = matrixOf({{1, 0}, {0, 1}, {-1, 0}});
    const AttentionResult reference = computeOrFail(plain);

    Scenario changed = plain;
    changed.temperature = 0.25;
    changed.allowed = test::maskOf({{true, false, true}, {false, true, false}, {true, true, false}});
    const AttentionResult result = computeOrFail(changed);

    EXPECT_TRUE(matricesIdentical(result.scores, reference.scores));
    EXPECT_FALSE(matricesClose(result.weights, reference.weights, 1e-3));
}

TEST(AttentionEngine, ComputeIntoReusesBuffersAcrossShapes)
{
    Scenario large = causalDemoScenario();
    Scenario small = notebookLessonScenario();
    small.temperature = 0.7;

    AttentionResult reused;
    ASSERT_FALSE(computeAttentionInto(large, reused).has_value());
    ASSERT_FALSE(computeAttentionInto(small, reused).has_value());
    const AttentionResult fresh = computeOrFail(small);
    EXPECT_TRUE(matricesIdentical(reused.scores, fresh.scores));
    EXPECT_TRUE(matricesIdentical(reused.weights, fresh.weights));
    EXPECT_TRUE(matricesIdentical(reused.context, fresh.context));

    // And back to the larger shape: nothing of the small result may leak into it.
    ASSERT_FALSE(computeAttentionInto(large, reused).has_value());
    const AttentionResult freshLarge = computeOrFail(large);
    EXPECT_TRUE(matricesIdentical(reused.weights, freshLarge.weights));
    EXPECT_TRUE(matricesIdentical(reused.context, freshLarge.context));
}

TEST(AttentionEngine, RectangularShapesGiveRectangularResults)
{
    Scenario scenario;
    scenario.queries = matrixOf({{1, 2, 3}, {0, 0, 1}});          // N_q = 2, d_k = 3
    scenario.keys = matrixOf({{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}});  // N_k = 4
    scenario.values = matrixOf({{1}, {2}, {3}, {4}});             // d_v = 1
    const AttentionResult result = computeOrFail(scenario);
    EXPECT_EQ(result.scores.rows(), 2);
    EXPECT_EQ(result.scores.cols(), 4);
    EXPECT_EQ(result.weights.rows(), 2);
    EXPECT_EQ(result.weights.cols(), 4);
    EXPECT_EQ(result.context.rows(), 2);
    EXPECT_EQ(result.context.cols(), 1);
    EXPECT_DOUBLE_EQ(result.scores(0, 3), 6.0 / std::sqrt(3.0));
}

TEST(AttentionEngine, SingleKeyGetsAllTheWeight)
{
    Scenario scenario;
    scenario.queries = matrixOf({{-3.5, 2}, {100, -100}});
    scenario.keys = matrixOf({{0.25, 7}});
    scenario.values = matrixOf({{-1.5, 42, 0.1}});
    scenario.temperature = 1e-3;
    const AttentionResult result = computeOrFail(scenario);
    EXPECT_TRUE(matricesIdentical(result.weights, matrixOf({{1}, {1}})));
    EXPECT_TRUE(matricesIdentical(result.context, matrixOf({{-1.5, 42, 0.1}, {-1.5, 42, 0.1}})));
}

// ---- Every reference case file of the notebook ----------------------------------------------

class NotebookCaseFile : public ::testing::TestWithParam<std::string> {
protected:
    QString relativePath() const
    {
        return QStringLiteral("cases/%1.json").arg(QString::fromStdString(GetParam()));
    }
};

TEST_P(NotebookCaseFile, ParsesWithTheProjectReader)
{
    const Result<Scenario> scenario =
        parseScenario(test::readTestData(relativePath()), relativePath());
    ASSERT_TRUE(scenario.ok()) << scenario.error().describe().toStdString();

    // The reader must hand back exactly the numbers of the file.
    const QJsonObject json = test::readTestJsonObject(relativePath());
    EXPECT_TRUE(matricesIdentical(scenario.value().queries, matrixFromJson(json.value("Q").toArray())));
    EXPECT_TRUE(matricesIdentical(scenario.value().keys, matrixFromJson(json.value("K").toArray())));
    EXPECT_TRUE(matricesIdentical(scenario.value().values, matrixFromJson(json.value("V").toArray())));
    EXPECT_EQ(scenario.value().temperature, json.value("temperature").toDouble());
    EXPECT_EQ(scenario.value().allowed.has_value(), json.value("allowed").isArray());
    EXPECT_EQ(scenario.value().name, json.value("name").toString());
}

TEST_P(NotebookCaseFile, MatchesExpectedAnswers)
{
    const Result<Scenario> scenario =
        parseScenario(test::readTestData(relativePath()), relativePath());
    ASSERT_TRUE(scenario.ok()) << scenario.error().describe().toStdString();
    const AttentionResult result = computeOrFail(scenario.value());

    const QJsonObject expected = test::readTestJsonObject(relativePath()).value("expected").toObject();
    ASSERT_FALSE(expected.isEmpty()) << "the case file has no \"expected\" object";
    EXPECT_TRUE(matricesClose(result.scores, matrixFromJson(expected.value("scores").toArray()), 1e-9))
        << "scores";
    EXPECT_TRUE(matricesClose(result.weights, matrixFromJson(expected.value("weights").toArray()), 1e-9))
        << "weights";
    EXPECT_TRUE(matricesClose(result.context, matrixFromJson(expected.value("context").toArray()), 1e-9))
        << "context";
}

std::vector<std::string> caseNames()
{
    std::vector<std::string> names;
    for (const QString &name : test::caseFileNames())
        names.push_back(name.toStdString());
    return names;
}

INSTANTIATE_TEST_SUITE_P(AllCases, NotebookCaseFile, ::testing::ValuesIn(caseNames()),
                         [](const ::testing::TestParamInfo<std::string> &info) { return info.param; });

TEST(NotebookCaseFiles, AllEightNotebookCasesArePresent)
{
    // A missing data directory would silently instantiate no parameterised test at all.
    const QStringList names = test::caseFileNames();
    EXPECT_EQ(names.size(), 8) << names.join(QStringLiteral(", ")).toStdString();
    EXPECT_TRUE(names.contains(QStringLiteral("nb_single_query")));
    EXPECT_TRUE(names.contains(QStringLiteral("nb_causal_padding")));
}

} // namespace
} // namespace attnlens
