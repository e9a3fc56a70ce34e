#include "attention.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "scenario.h"
#include "scenariojson.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace attnlens {
namespace {

using test::matricesClose;
using test::matricesIdentical;
using test::matrixFromJson;

const QStringList kExpectedIds = {
    QStringLiteral("lesson"),
    QStringLiteral("bottleneck"),
    QStringLiteral("three-queries"),
    QStringLiteral("three-queries-sharp"),
    QStringLiteral("three-queries-soft"),
    QStringLiteral("causal-self-attention"),
    QStringLiteral("causal-padding"),
    QStringLiteral("value-b-changed"),
    QStringLiteral("key-b-removed"),
    QStringLiteral("practice-identical-keys"),
    QStringLiteral("practice-huge-value"),
    QStringLiteral("practice-derivation"),
    QStringLiteral("practice-additive-attention"),
    QStringLiteral("practice-cross-attention"),
    QStringLiteral("two-heads-specialise"),
    QStringLiteral("lesson-two-heads"),
};

QStringList listedIds()
{
    QStringList ids;
    for (const BuiltinScenarioInfo &info : builtinScenarios())
        ids.append(info.id);
    return ids;
}

Scenario loadOrFail(const QString &id)
{
    const Result<Scenario> s = loadBuiltinScenario(id);
    EXPECT_TRUE(s.ok()) << id.toStdString() << ": "
                        << (s.ok() ? std::string() : s.error().describe().toStdString());
    return s.ok() ? s.value() : Scenario{};
}

TEST(BuiltinScenarios, ListsTheLessonScenariosInOrder)
{
    EXPECT_EQ(listedIds(), kExpectedIds);
    EXPECT_EQ(listedIds().value(0), QLatin1String(kLessonScenarioId));
}

TEST(BuiltinScenarios, EveryShippedFileIsListed)
{
    // A scenario added to resources/ but not to the list would never be offered.
    const QDir shipped(test::testDataPath(QStringLiteral("../../resources/scenarios")));
    ASSERT_TRUE(shipped.exists()) << shipped.path().toStdString();
    QStringList files;
    for (const QString &file : shipped.entryList({QStringLiteral("*.json")}, QDir::Files))
        files.append(file.chopped(5));
    QStringList ids = listedIds();
    files.sort();
    ids.sort();
    EXPECT_EQ(files, ids);
}

TEST(BuiltinScenarios, EveryOneLoadsIsValidAndComputes)
{
    for (const BuiltinScenarioInfo &info : builtinScenarios()) {
        SCOPED_TRACE(info.id.toStdString());
        const Scenario s = loadOrFail(info.id);
        EXPECT_FALSE(info.title.isEmpty());
        EXPECT_FALSE(info.description.isEmpty());
        EXPECT_EQ(info.title, s.name);
        EXPECT_EQ(info.description, s.description);
        const std::optional<Error> error = validateAttentionInput(s);
        EXPECT_FALSE(error.has_value()) << (error ? error->describe().toStdString() : std::string());
        const Result<AttentionResult> result = computeAttention(s);
        ASSERT_TRUE(result.ok());
        for (Index i = 0; i < s.queryCount(); ++i)
            EXPECT_NEAR(result.value().weights.row(i).sum(), 1.0, 1e-12);
        // Shipped scenarios label every row.
        for (Index i = 0; i < s.queryCount(); ++i)
            EXPECT_FALSE(s.queryLabels.value(int(i)).isEmpty());
        for (Index j = 0; j < s.keyCount(); ++j)
            EXPECT_FALSE(s.keyLabels.value(int(j)).isEmpty());
    }
}

TEST(BuiltinScenarios, LessonIsTheNotebookSingleQuery)
{
    const Scenario lesson = loadOrFail(QLatin1String(kLessonScenarioId));
    const QJsonObject reference = test::readTestJsonObject(QStringLiteral("cases/nb_single_query.json"));
    EXPECT_TRUE(matricesIdentical(lesson.queries, matrixFromJson(reference.value("Q").toArray())));
    EXPECT_TRUE(matricesIdentical(lesson.keys, matrixFromJson(reference.value("K").toArray())));
    EXPECT_TRUE(matricesIdentical(lesson.values, matrixFromJson(reference.value("V").toArray())));
    EXPECT_EQ(lesson.temperature, 1.0);
    EXPECT_FALSE(lesson.allowed.has_value());

    const Result<AttentionResult> result = computeAttention(lesson);
    ASSERT_TRUE(result.ok());
    const QJsonObject expected = reference.value("expected").toObject();
    EXPECT_TRUE(matricesClose(result.value().scores, matrixFromJson(expected.value("scores").toArray()), 1e-9));
    EXPECT_TRUE(matricesClose(result.value().weights, matrixFromJson(expected.value("weights").toArray()), 1e-9));
    EXPECT_TRUE(matricesClose(result.value().context, matrixFromJson(expected.value("context").toArray()), 1e-9));
}

// The shipped scenarios that retell a notebook case give that case's answers.
class BuiltinMatchesNotebookCase
    : public ::testing::TestWithParam<std::pair<const char *, const char *>> {};

TEST_P(BuiltinMatchesNotebookCase, SameInputsAndAnswers)
{
    const Scenario s = loadOrFail(QLatin1String(GetParam().first));
    const QJsonObject reference =
        test::readTestJsonObject(QStringLiteral("cases/%1.json").arg(QLatin1String(GetParam().second)));
    const QJsonObject expected = reference.value("expected").toObject();
    ASSERT_FALSE(expected.isEmpty());
    EXPECT_EQ(s.temperature, reference.value("temperature").toDouble());
    EXPECT_EQ(s.allowed.has_value(), reference.value("allowed").isArray());
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_TRUE(result.ok()) << result.error().describe().toStdString();
    EXPECT_TRUE(matricesClose(result.value().scores, matrixFromJson(expected.value("scores").toArray()), 1e-9));
    EXPECT_TRUE(matricesClose(result.value().weights, matrixFromJson(expected.value("weights").toArray()), 1e-9));
    EXPECT_TRUE(matricesClose(result.value().context, matrixFromJson(expected.value("context").toArray()), 1e-9));
}

INSTANTIATE_TEST_SUITE_P(
    Notebook, BuiltinMatchesNotebookCase,
    ::testing::Values(std::make_pair("lesson", "nb_single_query"),
                      std::make_pair("three-queries", "nb_three_queries_T1"),
                      std::make_pair("three-queries-sharp", "nb_three_queries_T0p5"),
                      std::make_pair("three-queries-soft", "nb_three_queries_T2"),
                      std::make_pair("causal-self-attention", "nb_causal_self_attention"),
                      std::make_pair("causal-padding", "nb_causal_padding"),
                      std::make_pair("value-b-changed", "nb_changed_value_B"),
                      std::make_pair("key-b-removed", "nb_removed_key_B")),
    [](const ::testing::TestParamInfo<std::pair<const char *, const char *>> &info) {
        return std::string(info.param.second);
    });

TEST(BuiltinScenarios, IdenticalKeysShareTheWeightEqually)
{
    const Scenario s = loadOrFail(QStringLiteral("practice-identical-keys"));
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_TRUE(result.ok());
    const Matrix &w = result.value().weights;
    // Identical keys give identical scores, whatever the query: a uniform row.
    for (Index i = 0; i < 2; ++i) {
        EXPECT_EQ(w(i, 0), w(i, 1));
        EXPECT_EQ(w(i, 1), w(i, 2));
        EXPECT_NEAR(w(i, 0), 1.0 / 3, 1e-16);
    }
    EXPECT_TRUE(matricesIdentical(w.row(2), test::matrixOf({{0.5, 0.5, 0}})));
}

TEST(BuiltinScenarios, HugeValueDominatesTheContextNotTheWeights)
{
    const Scenario huge = loadOrFail(QStringLiteral("practice-huge-value"));
    const Scenario lesson = loadOrFail(QStringLiteral("lesson"));
    const Result<AttentionResult> a = computeAttention(huge);
    const Result<AttentionResult> b = computeAttention(lesson);
    ASSERT_TRUE(a.ok() && b.ok());
    // Values do not enter the weights at all...
    EXPECT_TRUE(matricesIdentical(a.value().weights, b.value().weights));
    // ...but the context follows the huge value: 0.4011 * 10000 + ...
    const test::ReferenceAttention ref = test::referenceAttention(huge);
    EXPECT_TRUE(matricesClose(a.value().context, ref.context, 1e-12));
    EXPECT_GT(a.value().context(0, 0), 4000);
}

TEST(BuiltinScenarios, UnknownIdIsAFileErrorListingTheKnownOnes)
{
    for (const QString &id : {QStringLiteral("no-such-scenario"), QStringLiteral("Lesson"),
                              QStringLiteral("../resources/scenarios/lesson"), QString()}) {
        const Result<Scenario> s = loadBuiltinScenario(id);
        ASSERT_FALSE(s.ok()) << id.toStdString();
        EXPECT_EQ(s.error().category, ErrorCategory::FileError);
        EXPECT_TRUE(s.error().message.contains(QStringLiteral("\"%1\"").arg(id)));
        for (const QString &known : kExpectedIds)
            EXPECT_TRUE(s.error().message.contains(known)) << known.toStdString();
    }
}

} // namespace
} // namespace attnlens
