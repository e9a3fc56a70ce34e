#include "attention.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "evidence.h"
#include "jsonfile.h"
#include "scenario.h"
#include "scenariojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace attnlens {
namespace {

using test::matricesClose;
using test::matricesIdentical;
using test::matrixFromJson;
using test::matrixOf;

QJsonObject lessonEvidence()
{
    const Result<Scenario> lesson = loadBuiltinScenario(QLatin1String(kLessonScenarioId));
    EXPECT_TRUE(lesson.ok());
    if (!lesson.ok())
        return {};
    const Result<AttentionResult> result = computeAttention(lesson.value());
    EXPECT_TRUE(result.ok());
    if (!result.ok())
        return {};
    QJsonObject evidence = buildEvidence(lesson.value(), &result.value(), nullptr);
    addNotebookLessonKeys(evidence);
    return evidence;
}

QSet<QString> keySet(const QJsonObject &object)
{
    const QStringList keys = object.keys();
    return QSet<QString>(keys.begin(), keys.end());
}

// The evidence as a reader of the written file sees it.
QJsonObject throughText(const QJsonObject &evidence)
{
    return QJsonDocument::fromJson(toJsonText(evidence)).object();
}

TEST(Evidence, LessonMatchesTheNotebookEvidence)
{
    const QJsonObject reference =
        test::readTestJsonObject(QStringLiteral("reference/notebook-evidence.json"));
    ASSERT_FALSE(reference.isEmpty());
    const QJsonObject evidence = throughText(lessonEvidence());

    // The inputs are the notebook's own numbers, exactly.
    for (const char *key : {"Q", "K", "V"}) {
        EXPECT_TRUE(matricesIdentical(matrixFromJson(evidence.value(key).toArray()),
                                      matrixFromJson(reference.value(key).toArray())))
            << key;
    }
    // The results agree with numpy's to 1e-12 relative (exact zeros stay exact).
    for (const char *key : {"scores", "weights", "context", "causal_weights"}) {
        ASSERT_TRUE(reference.value(key).isArray()) << key;
        ASSERT_TRUE(evidence.value(key).isArray()) << key;
        EXPECT_TRUE(matricesClose(matrixFromJson(evidence.value(key).toArray()),
                                  matrixFromJson(reference.value(key).toArray()), 1e-12))
            << key;
    }
    EXPECT_EQ(evidence.value("seed").toInt(-1), reference.value("seed").toInt(-2));
    EXPECT_EQ(evidence.value("seed").toInt(), 2026);
    EXPECT_EQ(evidence.value("interpretation").toString(), reference.value("interpretation").toString());
    EXPECT_FALSE(evidence.value("interpretation").toString().isEmpty());
}

TEST(Evidence, EveryReferenceKeyIsPresent)
{
    const QJsonObject reference =
        test::readTestJsonObject(QStringLiteral("reference/notebook-evidence.json"));
    const QJsonObject evidence = lessonEvidence();
    for (const QString &key : reference.keys())
        EXPECT_TRUE(evidence.contains(key)) << key.toStdString();
    EXPECT_FALSE(evidence.contains(QStringLiteral("error")));
}

TEST(Evidence, CausalWeightsStartWithExactlyOneZeroZero)
{
    QJsonObject evidence;
    addNotebookLessonKeys(evidence);
    const Matrix causal = matrixFromJson(evidence.value("causal_weights").toArray());
    ASSERT_EQ(causal.rows(), 3);
    EXPECT_TRUE(matricesIdentical(causal.row(0), matrixOf({{1, 0, 0}})));
    EXPECT_EQ(causal(1, 2), 0.0);
    // The strictly upper triangle is the future: exactly zero.
    EXPECT_TRUE(identicalDoubles(causal(1, 2), 0.0));
}

TEST(Evidence, IsStampedWithFormatVersionAndGenerator)
{
    const QJsonObject evidence = lessonEvidence();
    EXPECT_EQ(evidence.value("format").toString(), QStringLiteral("attnlens-evidence"));
    EXPECT_EQ(evidence.value("version").toInt(), 1);
    EXPECT_TRUE(evidence.value("generator").toString().startsWith(QStringLiteral("Attention Lens ")))
        << evidence.value("generator").toString().toStdString();
}

TEST(Evidence, ReopensAsTheSameScenario)
{
    Scenario s = test::notebookLessonScenario();
    s.temperature = 0.3;
    s.allowed = test::maskOf({{true, false, true}});
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_TRUE(result.ok());
    const QByteArray text = toJsonText(buildEvidence(s, &result.value(), nullptr));
    const Result<Scenario> back = parseScenario(text, QStringLiteral("evidence.json"));
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(back.value() == s);

    // And the recorded results are the engine's, bit for bit.
    const QJsonObject evidence = QJsonDocument::fromJson(text).object();
    EXPECT_TRUE(matricesIdentical(matrixFromJson(evidence.value("weights").toArray()), result.value().weights));
    EXPECT_TRUE(matricesIdentical(matrixFromJson(evidence.value("context").toArray()), result.value().context));
    EXPECT_TRUE(matricesIdentical(matrixFromJson(evidence.value("scores").toArray()), result.value().scores));
}

TEST(Evidence, RefusedComputationRecordsOnlyTheError)
{
    Scenario s = test::notebookLessonScenario();
    s.temperature = 0;
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_FALSE(result.ok());
    const QJsonObject evidence = throughText(buildEvidence(s, nullptr, &result.error()));

    for (const char *key : {"scores", "weights", "context"})
        EXPECT_FALSE(evidence.contains(QLatin1String(key))) << key;
    ASSERT_TRUE(evidence.value("error").isObject());
    const QJsonObject error = evidence.value("error").toObject();
    EXPECT_EQ(keySet(error), (QSet<QString>{QStringLiteral("category"), QStringLiteral("message")}));
    EXPECT_EQ(error.value("category").toString(), QStringLiteral("nonpositive_temperature"));
    EXPECT_EQ(error.value("message").toString(), result.error().message);
    // The scenario that was refused is still recorded, so the evidence can be reproduced.
    EXPECT_EQ(evidence.value("temperature").toDouble(-1), 0.0);
    EXPECT_TRUE(evidence.value("Q").isArray());
}

TEST(Evidence, NonFiniteInputIsRecordedAsStrings)
{
    Scenario s = test::notebookLessonScenario();
    s.keys(2, 1) = std::numeric_limits<double>::quiet_NaN();
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_FALSE(result.ok());
    const QJsonObject evidence = throughText(buildEvidence(s, nullptr, &result.error()));
    EXPECT_EQ(evidence.value("K").toArray().at(2).toArray().at(1).toString(), QStringLiteral("NaN"));
    EXPECT_EQ(evidence.value("error").toObject().value("category").toString(),
              QStringLiteral("non_finite_input"));
    EXPECT_TRUE(evidence.value("error").toObject().value("message").toString().contains(
        QStringLiteral("K row 3")));
}

TEST(Evidence, UnreadableDocumentRecordsOnlyTheError)
{
    const Result<Scenario> parsed = parseScenario("{ not json", QStringLiteral("bad.json"));
    ASSERT_FALSE(parsed.ok());
    const QJsonObject evidence = throughText(buildErrorEvidence(parsed.error()));
    EXPECT_EQ(keySet(evidence),
              (QSet<QString>{QStringLiteral("format"), QStringLiteral("version"),
                             QStringLiteral("generator"), QStringLiteral("error")}));
    const QJsonObject error = evidence.value("error").toObject();
    EXPECT_EQ(error.keys().size(), 2);
    EXPECT_EQ(error.value("category").toString(), QStringLiteral("invalid_json"));
    EXPECT_TRUE(error.value("message").toString().startsWith(QStringLiteral("bad.json: ")));
}

TEST(Evidence, CategoryNamesAreStable)
{
    // Evidence files are read by other programs; these spellings are part of the format.
    EXPECT_EQ(categoryName(ErrorCategory::Empty), QStringLiteral("empty"));
    EXPECT_EQ(categoryName(ErrorCategory::ShapeMismatch), QStringLiteral("shape_mismatch"));
    EXPECT_EQ(categoryName(ErrorCategory::NonFiniteInput), QStringLiteral("non_finite_input"));
    EXPECT_EQ(categoryName(ErrorCategory::NonpositiveTemperature), QStringLiteral("nonpositive_temperature"));
    EXPECT_EQ(categoryName(ErrorCategory::AllMaskedRow), QStringLiteral("all_masked_row"));
    EXPECT_EQ(categoryName(ErrorCategory::ScoreOverflow), QStringLiteral("score_overflow"));
    EXPECT_EQ(categoryName(ErrorCategory::InvalidJson), QStringLiteral("invalid_json"));
    EXPECT_EQ(categoryName(ErrorCategory::InvalidScenario), QStringLiteral("invalid_scenario"));
    EXPECT_EQ(categoryName(ErrorCategory::FileError), QStringLiteral("file_error"));
}

} // namespace
} // namespace attnlens
