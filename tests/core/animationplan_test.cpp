// AnimationPlan: the syntax of --animate, and the state each frame brings the model to.
#include "animationplan.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "scenario.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

AnimationPlan parsed(const char *spec, std::optional<int> frames = std::nullopt)
{
    QString error;
    const auto plan = AnimationPlan::parse(QString::fromUtf8(spec), frames, &error);
    EXPECT_TRUE(plan.has_value()) << spec << ": " << error.toStdString();
    return plan.value_or(AnimationPlan());
}

QString refusal(const char *spec, std::optional<int> frames = std::nullopt)
{
    QString error;
    const auto plan = AnimationPlan::parse(QString::fromUtf8(spec), frames, &error);
    EXPECT_FALSE(plan.has_value()) << spec;
    return error;
}

} // namespace

TEST(AnimationPlanParse, TemperatureSweep)
{
    const AnimationPlan plan = parsed("temperature=0.1:10", 40);
    EXPECT_EQ(plan.kind, AnimationPlan::Kind::Temperature);
    EXPECT_EQ(plan.fromTemperature, 0.1);
    EXPECT_EQ(plan.toTemperature, 10.0);
    EXPECT_EQ(plan.frames, 40);
    // Downwards is a sweep too; without --frames the default.
    const AnimationPlan down = parsed("temperature=5:0.5");
    EXPECT_EQ(down.fromTemperature, 5.0);
    EXPECT_EQ(down.toTemperature, 0.5);
    EXPECT_EQ(down.frames, AnimationPlan::kDefaultFrames);
}

TEST(AnimationPlanParse, QueryPathsAndCircle)
{
    const AnimationPlan path = parsed("query=1:1,0:0,1");
    EXPECT_EQ(path.kind, AnimationPlan::Kind::QueryPath);
    EXPECT_EQ(path.query, 0);
    ASSERT_EQ(path.path.size(), 2u);
    EXPECT_EQ(path.path[0], QPointF(1, 0));
    EXPECT_EQ(path.path[1], QPointF(0, 1));

    const AnimationPlan target = parsed("query=2:0.5,-0.25");
    EXPECT_EQ(target.query, 1);
    ASSERT_EQ(target.path.size(), 1u);
    EXPECT_EQ(target.path[0], QPointF(0.5, -0.25));

    const AnimationPlan circle = parsed("query=3:circle");
    EXPECT_EQ(circle.kind, AnimationPlan::Kind::QueryCircle);
    EXPECT_EQ(circle.query, 2);
    EXPECT_TRUE(circle.path.empty());

    EXPECT_EQ(parsed("mask=causal").kind, AnimationPlan::Kind::CausalMask);
}

TEST(AnimationPlanParse, RefusalsNameTheBadPart)
{
    EXPECT_TRUE(refusal("wobble=1:2").contains(QStringLiteral("unknown kind 'wobble'")));
    EXPECT_TRUE(refusal("temperature").contains(QStringLiteral("temperature")));
    EXPECT_TRUE(refusal("temperature=0.1").contains(QStringLiteral("FROM:TO")));
    EXPECT_TRUE(refusal("temperature=0:10").contains(QStringLiteral("positive")));
    EXPECT_TRUE(refusal("temperature=-1:10").contains(QStringLiteral("positive")));
    EXPECT_TRUE(refusal("temperature=a:10").contains(QStringLiteral("temperature=FROM:TO")));
    EXPECT_TRUE(refusal("temperature=nan:10").contains(QStringLiteral("positive")));
    EXPECT_TRUE(refusal("temperature=2:2").contains(QStringLiteral("nothing moves")));
    EXPECT_TRUE(refusal("query=0:1,0").contains(QStringLiteral("from 1")));
    EXPECT_TRUE(refusal("query=x:1,0").contains(QStringLiteral("'x'")));
    EXPECT_TRUE(refusal("query=1").contains(QStringLiteral("say where")));
    EXPECT_TRUE(refusal("query=1:1,0:zero,1").contains(QStringLiteral("'zero,1'")));
    EXPECT_TRUE(refusal("query=1:1,0,2").contains(QStringLiteral("'1,0,2'")));
    EXPECT_TRUE(refusal("query=1:circle:1,0").contains(QStringLiteral("'circle'")));
    EXPECT_TRUE(refusal("mask=padding").contains(QStringLiteral("mask=causal")));
    EXPECT_TRUE(refusal("").contains(QStringLiteral("expected")));
    EXPECT_TRUE(refusal("temperature=0.1:10", 1).contains(QStringLiteral("--frames 1")));
    EXPECT_TRUE(refusal("temperature=0.1:10", 1001).contains(QStringLiteral("--frames 1001")));
}

TEST(AnimationPlanApply, TemperaturesAreLogarithmicWithExactEnds)
{
    AttentionModel model;
    model.setScenario(builtinScenario("three-queries"));
    const Scenario start = model.wholeScenario();
    const AnimationPlan plan = parsed("temperature=0.1:10", 5);
    ASSERT_FALSE(plan.check(model).has_value());
    ASSERT_EQ(plan.frameCount(model), 5);
    const double expected[] = {0.1, std::sqrt(0.1), 1.0, std::sqrt(10.0), 10.0};
    for (int i = 0; i < 5; ++i) {
        plan.apply(model, start, i);
        EXPECT_NEAR(model.scenario().temperature, expected[i], 1e-12 * expected[i]) << i;
    }
    plan.apply(model, start, 0);
    EXPECT_EQ(model.scenario().temperature, 0.1);  // exactly, bit for bit
    plan.apply(model, start, 4);
    EXPECT_EQ(model.scenario().temperature, 10.0);
    // Equal ratios between neighbours: logarithmic, not linear.
    const AnimationPlan many = parsed("temperature=0.1:10", 60);
    for (int i = 1; i + 1 < 60; ++i) {
        const double ratio = many.temperatureAt(i + 1, 60) / many.temperatureAt(i, 60);
        EXPECT_NEAR(ratio, std::pow(100.0, 1.0 / 59.0), 1e-9) << i;
    }
    // Nothing but the temperature moved.
    Scenario expectedScenario = start;
    expectedScenario.temperature = 10.0;
    EXPECT_TRUE(model.wholeScenario() == expectedScenario);
}

TEST(AnimationPlanApply, QueryPathPassesThroughItsPointsAndEndsExactly)
{
    AttentionModel model;
    model.setScenario(builtinScenario("three-queries"));
    const Scenario start = model.wholeScenario();
    const Eigen::RowVectorXd q0 = start.queries.row(0);
    const AnimationPlan plan = parsed("query=1:1,1:-1,1", 9);
    ASSERT_FALSE(plan.check(model).has_value());
    plan.apply(model, start, 0);
    EXPECT_EQ(model.scenario().queries(0, 0), q0(0));
    EXPECT_EQ(model.scenario().queries(0, 1), q0(1));
    // q1 starts at (1, 0): one unit up to (1, 1), two units left to (-1, 1); three units in
    // eight steps, so frame 8/3 is the corner.
    plan.apply(model, start, 4);  // 1.5 units: half a unit past the corner
    EXPECT_NEAR(model.scenario().queries(0, 0), 0.5, 1e-12);
    EXPECT_NEAR(model.scenario().queries(0, 1), 1.0, 1e-12);
    plan.apply(model, start, 8);
    EXPECT_EQ(model.scenario().queries(0, 0), -1.0);
    EXPECT_EQ(model.scenario().queries(0, 1), 1.0);
    // The other queries did not move.
    EXPECT_TRUE(identicalMatrices(model.scenario().queries.bottomRows(2), start.queries.bottomRows(2)));
    // Each frame is the same whatever came before it.
    plan.apply(model, start, 2);
    const Eigen::RowVectorXd second = model.scenario().queries.row(0);
    plan.apply(model, start, 7);
    plan.apply(model, start, 2);
    EXPECT_TRUE(identicalMatrices(model.scenario().queries.row(0), second));
}

TEST(AnimationPlanApply, CircleGoesOnceAroundTheKeysAtTheirMeanLength)
{
    AttentionModel model;
    model.setScenario(builtinScenario("three-queries"));
    const Scenario start = model.wholeScenario();
    double radius = 0.0;
    for (Index j = 0; j < start.keyCount(); ++j)
        radius += std::hypot(start.keys(j, 0), start.keys(j, 1));
    radius /= double(start.keyCount());
    const AnimationPlan plan = parsed("query=2:circle", 8);
    ASSERT_FALSE(plan.check(model).has_value());
    const double startAngle = std::atan2(start.queries(1, 1), start.queries(1, 0));
    for (int i = 0; i < 8; ++i) {
        plan.apply(model, start, i);
        const double x = model.scenario().queries(1, 0);
        const double y = model.scenario().queries(1, 1);
        EXPECT_NEAR(std::hypot(x, y), radius, 1e-12) << i;
        const double angle = startAngle + 2.0 * M_PI * i / 8.0;
        EXPECT_NEAR(x, radius * std::cos(angle), 1e-12) << i;
        EXPECT_NEAR(y, radius * std::sin(angle), 1e-12) << i;
    }
}

TEST(AnimationPlanApply, CausalMaskFillsRowByRow)
{
    AttentionModel model;
    model.setScenario(builtinScenario("three-queries"));
    const Scenario start = model.wholeScenario();
    const Index rows = start.queryCount();
    const Index keys = start.keyCount();
    const AnimationPlan plan = parsed("mask=causal");
    ASSERT_EQ(plan.frameCount(model), rows + 1);
    ASSERT_FALSE(plan.check(model).has_value());
    const Mask causal = causalMask(rows, keys);
    for (int frame = 0; frame <= rows; ++frame) {
        plan.apply(model, start, frame);
        for (Index i = 0; i < rows; ++i) {
            for (Index j = 0; j < keys; ++j) {
                const bool expected = i < frame ? causal(i, j) : start.isAllowed(i, j);
                EXPECT_EQ(model.scenario().isAllowed(i, j), expected) << frame << ": " << i << "," << j;
            }
        }
        EXPECT_NE(model.result(), nullptr) << "a causal row always allows its first key";
    }
    // --frames overrides the default.
    EXPECT_EQ(parsed("mask=causal", 10).frameCount(model), 10);
}

TEST(AnimationPlanCheck, RefusesWhatTheScenarioCannotDo)
{
    AttentionModel model;
    model.setScenario(builtinScenario("three-queries"));
    EXPECT_TRUE(parsed("query=4:1,0").check(model).value_or(QString()).contains(QStringLiteral("no query 4")));
    // q1 is at (1, 0) already.
    EXPECT_TRUE(parsed("query=1:1,0").check(model).value_or(QString()).contains(QStringLiteral("nothing moves")));
    EXPECT_FALSE(parsed("query=1:1,0:0,1").check(model).has_value());

    Scenario line = builtinScenario("three-queries");
    line.queries = line.queries.leftCols(1).eval();
    line.keys = line.keys.leftCols(1).eval();
    model.setScenario(line);
    EXPECT_TRUE(parsed("query=1:2,0").check(model).value_or(QString()).contains(QStringLiteral("first two components")));
    EXPECT_FALSE(parsed("temperature=0.1:10").check(model).has_value());
}
