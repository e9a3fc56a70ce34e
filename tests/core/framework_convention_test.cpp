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
