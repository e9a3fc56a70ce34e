#include "attention.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "frameworkconvention.h"

#include <QCoreApplication>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;

namespace {
const std::vector<double> kScores{0.7071067811865475, 0.0, 0.7071067811865475};
}

TEST(FrameworkConvention, RefuseIsTheEnginesAnswer)
{
    const Result<std::vector<double>> refused =
        allMaskedRowWeights(kScores, 1.0, FrameworkConvention::Refuse);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().category, ErrorCategory::AllMaskedRow);

    // The engine itself still refuses the row: no convention leaks into it.
    Scenario s = test::notebookLessonScenario();
    const std::optional<Error> engine = refusalOfAllMaskedRow(s, 0);
    ASSERT_TRUE(engine.has_value());
    EXPECT_EQ(engine->category, ErrorCategory::AllMaskedRow);
    AttentionModel model;
    s.allowed = test::maskOf({{false, false, false}});
    model.setScenario(s);
    QCoreApplication::processEvents();
    EXPECT_EQ(model.result(), nullptr);
    ASSERT_TRUE(model.error().has_value());
    EXPECT_EQ(model.error()->category, ErrorCategory::AllMaskedRow);
}

TEST(FrameworkConvention, RefusalIsWhatTheEngineSaysOfTheMaskedCopy)
{
    // refusalOfAllMaskedRow answers without copying the scenario; the engine, given the copy
    // with that row masked, must say exactly the same, also when another row or another check
    // refuses first.
    const auto engineOnMaskedCopy = [](Scenario copy, Index row) {
        if (!copy.allowed)
            copy.allowed = Mask::Constant(copy.queryCount(), copy.keyCount(), true);
        copy.allowed->row(row).setConstant(false);
        const Result<AttentionResult> result = computeAttention(copy);
        EXPECT_FALSE(result.ok());
        return result.ok() ? Error{} : result.error();
    };
    const auto expectSame = [&](const Scenario &s, Index row, ErrorCategory category, int errorRow) {
        const std::optional<Error> mine = refusalOfAllMaskedRow(s, row);
        ASSERT_TRUE(mine.has_value());
        const Error engine = engineOnMaskedCopy(s, row);
        EXPECT_EQ(mine->category, category);
        EXPECT_EQ(mine->category, engine.category);
        EXPECT_EQ(mine->message, engine.message);
        EXPECT_EQ(mine->row, engine.row);
        EXPECT_EQ(mine->column, engine.column);
        EXPECT_EQ(mine->head, engine.head);
        EXPECT_EQ(mine->row, errorRow);
    };

    // Three queries over the lesson's three keys.
    Scenario s = test::notebookLessonScenario();
    s.queries = test::matrixOf({{1, 0}, {0, 1}, {1, 1}});
    s.queryLabels = QStringList{QStringLiteral("first"), QStringLiteral("second"), QStringLiteral("third")};
    for (Index row = 0; row < s.queryCount(); ++row)
        expectSame(s, row, ErrorCategory::AllMaskedRow, int(row));

    Scenario earlier = s;
    earlier.allowed = Mask::Constant(earlier.queryCount(), earlier.keyCount(), true);
    earlier.allowed->row(1).setConstant(false);
    expectSame(earlier, 2, ErrorCategory::AllMaskedRow, 1);
    expectSame(earlier, 0, ErrorCategory::AllMaskedRow, 0);

    Scenario hot = s;
    hot.temperature = 0;
    expectSame(hot, 1, ErrorCategory::NonpositiveTemperature, -1);

    Scenario nan = s;
    nan.keys(2, 1) = std::nan("");
    const std::optional<Error> nanRefusal = refusalOfAllMaskedRow(nan, 1);
    ASSERT_TRUE(nanRefusal.has_value());
    expectSame(nan, 1, ErrorCategory::NonFiniteInput, nanRefusal->row);

    EXPECT_FALSE(refusalOfAllMaskedRow(s, -1).has_value());
    EXPECT_FALSE(refusalOfAllMaskedRow(s, s.queryCount()).has_value());
}

TEST(FrameworkConvention, PlainSoftmaxOverMinusInfinityGivesNaN)
{
    for (double t : {0.5, 1.0, 2.0}) {
        const Result<std::vector<double>> row = allMaskedRowWeights(kScores, t, FrameworkConvention::NaN);
        ASSERT_TRUE(row.ok());
        ASSERT_EQ(row.value().size(), 3u);
        for (double w : row.value())
            EXPECT_TRUE(std::isnan(w)) << w;
    }
}

TEST(FrameworkConvention, ALargeNegativeFillGivesUniformWeights)
{
    const Result<std::vector<double>> row = allMaskedRowWeights(kScores, 1.0, FrameworkConvention::UniformFill);
    ASSERT_TRUE(row.ok());
    for (double w : row.value())
        EXPECT_DOUBLE_EQ(w, 1.0 / 3.0);
    const Result<std::vector<double>> four =
        allMaskedRowWeights({5.0, -3.0, 1.0, 2.0}, 0.5, FrameworkConvention::UniformFill, -1e4);
    ASSERT_TRUE(four.ok());
    for (double w : four.value())
        EXPECT_DOUBLE_EQ(w, 0.25);
}

TEST(FrameworkConvention, RecentSdpaGivesZeros)
{
    const Result<std::vector<double>> row = allMaskedRowWeights(kScores, 1.0, FrameworkConvention::Zeros);
    ASSERT_TRUE(row.ok());
    ASSERT_EQ(row.value().size(), 3u);
    for (double w : row.value())
        EXPECT_EQ(w, 0.0);
}

TEST(FrameworkConvention, EveryConventionHasANameAndAnExplanation)
{
    const std::vector<FrameworkConvention> all = allFrameworkConventions();
    ASSERT_EQ(all.size(), 4u);
    EXPECT_EQ(all.front(), FrameworkConvention::Refuse);
    for (FrameworkConvention c : all) {
        EXPECT_FALSE(frameworkConventionName(c).isEmpty());
        EXPECT_FALSE(frameworkConventionExplanation(c).isEmpty());
    }
}
