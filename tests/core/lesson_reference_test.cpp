#include "attention.h"
#include "coretestsupport.h"
#include "lessonintervention.h"
#include "lessonreference.h"

#include <QJsonObject>

#include <gtest/gtest.h>

using namespace attnlens;

TEST(LessonReference, EveryShippedCaseMatchesTheTestCopyAndTheEngineAgrees)
{
    const QStringList ids = LessonReference::caseIds();
    QStringList sortedIds = ids;
    sortedIds.sort();
    EXPECT_EQ(sortedIds, test::caseFileNames()) << "resources/reference and tests/data/cases differ";
    for (const QString &id : ids) {
        SCOPED_TRACE(id.toStdString());
        const Result<LessonReferenceCase> reference = LessonReference::loadCase(id);
        ASSERT_TRUE(reference.ok()) << reference.error().describe().toStdString();
        // The resource holds the same numbers as the test data, read independently here.
        const QJsonObject expected =
            test::readTestJsonObject(QStringLiteral("cases/%1.json").arg(id)).value(QLatin1String("expected")).toObject();
        EXPECT_TRUE(test::matricesIdentical(reference.value().expected.weights,
                                            test::matrixFromJson(expected.value(QLatin1String("weights")).toArray())));
        EXPECT_TRUE(test::matricesIdentical(reference.value().expected.context,
                                            test::matrixFromJson(expected.value(QLatin1String("context")).toArray())));

        const Result<AttentionResult> engine = computeAttention(reference.value().scenario);
        ASSERT_TRUE(engine.ok());
        const std::vector<LessonReferenceCell> cells = LessonReference::compare(reference.value(), engine.value());
        const Index n = engine.value().scores.size() + engine.value().weights.size() + engine.value().context.size();
        ASSERT_EQ(static_cast<Index>(cells.size()), n);
        for (const LessonReferenceCell &cell : cells) {
            EXPECT_TRUE(cell.withinTolerance) << cell.quantity.toStdString() << "(" << cell.row << "," << cell.column << ")";
            EXPECT_LE(cell.absoluteDifference, 1e-9 * std::abs(cell.reference) + 1e-15);
            EXPECT_DOUBLE_EQ(cell.tolerance, 1e-9 * std::abs(cell.reference) + 1e-15);
        }
        EXPECT_TRUE(LessonReference::agrees(reference.value(), engine.value()));
    }
}

TEST(LessonReference, ADifferenceBeyondTheToleranceIsReported)
{
    const Result<LessonReferenceCase> reference = LessonReference::loadCase(QStringLiteral("nb_single_query"));
    ASSERT_TRUE(reference.ok());
    AttentionResult engine = computeAttention(reference.value().scenario).value();
    engine.weights(0, 1) *= 1.0 + 1e-8;  // ten times the tolerance
    const std::vector<LessonReferenceCell> cells = LessonReference::compare(reference.value(), engine);
    int failing = 0;
    for (const LessonReferenceCell &cell : cells) {
        if (!cell.withinTolerance) {
            ++failing;
            EXPECT_EQ(cell.quantity, QStringLiteral("weights"));
            EXPECT_EQ(cell.column, 1);
        }
    }
    EXPECT_EQ(failing, 1);
    EXPECT_FALSE(LessonReference::agrees(reference.value(), engine));

    engine = computeAttention(reference.value().scenario).value();
    engine.context(0, 0) = std::nan("");
    EXPECT_FALSE(LessonReference::agrees(reference.value(), engine)) << "NaN must never agree";
    engine.context.resize(1, 3);
    EXPECT_FALSE(LessonReference::agrees(reference.value(), engine)) << "a wrong shape must fail";
}

TEST(LessonIntervention, ChangingAValueLeavesTheWeightsIdenticalBitForBit)
{
    const Result<LessonReferenceCase> lesson = LessonReference::loadCase(QStringLiteral("nb_single_query"));
    const Result<LessonReferenceCase> changed = LessonReference::loadCase(QStringLiteral("nb_changed_value_B"));
    ASSERT_TRUE(lesson.ok() && changed.ok());
    const std::optional<LessonIntervention> i = interveneOnValue(lesson.value().scenario, 1, 100.0);
    ASSERT_TRUE(i.has_value());
    EXPECT_TRUE(i->weightsIdentical);
    EXPECT_TRUE(test::matricesIdentical(i->before.weights, i->after.weights));
    EXPECT_FALSE(i->before.context.isApprox(i->after.context));
    EXPECT_TRUE(test::matricesClose(i->after.context, changed.value().expected.context, 1e-12));
}

TEST(LessonIntervention, MaskingAKeyRenormalisesTheOthers)
{
    const Result<LessonReferenceCase> lesson = LessonReference::loadCase(QStringLiteral("nb_single_query"));
    const Result<LessonReferenceCase> removed = LessonReference::loadCase(QStringLiteral("nb_removed_key_B"));
    ASSERT_TRUE(lesson.ok() && removed.ok());
    const std::optional<LessonIntervention> i = interveneByMasking(lesson.value().scenario, 1);
    ASSERT_TRUE(i.has_value());
    EXPECT_FALSE(i->weightsIdentical);
    EXPECT_EQ(i->after.weights(0, 1), 0.0);
    EXPECT_NEAR(i->after.weights.row(0).sum(), 1.0, 1e-15);
    // A and C keep their ratio (1:1) and now share the whole weight.
    EXPECT_DOUBLE_EQ(i->after.weights(0, 0) / i->after.weights(0, 2),
                     i->before.weights(0, 0) / i->before.weights(0, 2));
    EXPECT_TRUE(test::matricesClose(i->after.weights, removed.value().expected.weights, 1e-12));
    EXPECT_TRUE(test::matricesClose(i->after.context, removed.value().expected.context, 1e-12));
}

TEST(LessonIntervention, MaskingTheLastKeyOfARowIsNoIntervention)
{
    Scenario s = test::notebookLessonScenario();
    s.allowed = test::maskOf({{false, true, false}});
    EXPECT_FALSE(interveneByMasking(s, 1).has_value());
    EXPECT_FALSE(interveneOnValue(s, 7, 1.0).has_value());
}
