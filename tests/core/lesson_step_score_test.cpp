// Practice 4, additive attention on an encoder-decoder: its scenario, its checkpoints at the
// step's scenario, the action turning live after an edit of w, and a dot-product scenario that
// fails the step's facts.
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "lesson.h"
#include "lessonprogress.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

int indexOfScoreStep(const LessonProgress &progress)
{
    for (int i = 0; i < progress.stepCount(); ++i) {
        if (progress.step(i).id == QLatin1String("practice-additive-attention"))
            return i;
    }
    ADD_FAILURE() << "no step practice-additive-attention";
    return -1;
}

TEST(LessonScoreStep, ComesRightBeforeTheDerivationAndCrossAttentionAndShowsTheScoreLab)
{
    AttentionModel model;
    LessonProgress progress(&model);
    const int index = indexOfScoreStep(progress);
    ASSERT_GE(index, 0);
    // Practice 4, then Practice 5: the derivation lab, then cross-attention typed in.
    EXPECT_EQ(progress.step(index + 1).id, QStringLiteral("practice-derivation"));
    EXPECT_EQ(progress.step(index + 2).id, QStringLiteral("practice-cross-attention"));
    EXPECT_EQ(progress.step(index).view, LessonView::ScoreLab);
    const Scenario s = Lesson::loadScenario(progress.step(index).scenarioId).value();
    EXPECT_EQ(s.score.kind, ScoreFunction::Kind::Additive);
    EXPECT_EQ(s.queryDimension(), 2);
    EXPECT_EQ(s.keyDimension(), 3);
}

TEST(LessonScoreStep, EncoderCLeadsUntilTheLastEntryOfWFlips)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfScoreStep(progress)));
    settleEvents(1);
    const LessonStep &step = progress.currentLessonStep();
    ASSERT_EQ(step.checkpoints.size(), 3u);
    EXPECT_EQ(step.checkpoints[0].kind, LessonCheckpoint::Kind::Given);
    EXPECT_EQ(step.checkpoints[1].kind, LessonCheckpoint::Kind::Answer);
    EXPECT_EQ(step.checkpoints[2].kind, LessonCheckpoint::Kind::Action);
    EXPECT_TRUE(progress.checkpointStates()[0]);
    EXPECT_TRUE(progress.checkpointStates()[1]);
    EXPECT_FALSE(progress.checkpointStates()[2]);
    EXPECT_EQ(step.checkpoints[1].expected, QStringLiteral("\u2248 [0.2819, 0.2312, 0.4868]"));

    // Hand check of encoder C's weight: scores tanh terms from the step's own weights.
    const double a = std::tanh(1.5) * 1.0 + std::tanh(1.5) * 1.5 - std::tanh(0.25);
    const double b = 0.0 + std::tanh(1.5) * 1.5 - std::tanh(-0.5);
    const double c = std::tanh(0.75) + std::tanh(2.25) * 1.5 - std::tanh(-0.5);
    const double sum = std::exp(a) + std::exp(b) + std::exp(c);
    ASSERT_NE(model.result(), nullptr);
    EXPECT_NEAR(model.result()->weights(0, 2), std::exp(c) / sum, 1e-15);

    // w = [1, 1.5, +1]: encoder A now leads, and the action turns live.
    model.beginEdit(QStringLiteral("w"));
    model.setScoreWeight(AttentionModel::ScoreWeight::Vector, 2, 0, 1.0);
    model.endEdit();
    settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[1]) << "the weights moved";
    EXPECT_TRUE(progress.checkpointStates()[2]);
    Index best = -1;
    model.result()->weights.row(0).maxCoeff(&best);
    EXPECT_EQ(best, 0);
}

TEST(LessonScoreStep, ADotProductScenarioFailsTheFacts)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfScoreStep(progress)));
    settleEvents(1);
    Scenario s = model.wholeScenario();
    s.score = ScoreFunction();
    s.queries = test::matrixOf({{1, 0, 0}});
    model.setScenario(s);
    settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]);
    EXPECT_FALSE(progress.checkpointStates()[2]) << "an action needs the additive score";
}

} // namespace
