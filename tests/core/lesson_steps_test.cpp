#include "attentionmodel.h"
#include "coretestsupport.h"
#include "lesson.h"
#include "lessonprogress.h"

#include <QCoreApplication>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

/// The names of the checkpoints that do not hold, for failure messages.
std::string failing(const LessonProgress &progress)
{
    std::string names;
    const LessonStep &step = progress.currentLessonStep();
    for (size_t i = 0; i < step.checkpoints.size(); ++i) {
        if (!progress.checkpointStates()[i])
            names += step.checkpoints[i].name.toStdString() + "; ";
    }
    return names;
}

int indexOfStep(const LessonProgress &progress, const char *id)
{
    for (int i = 0; i < progress.stepCount(); ++i) {
        if (progress.step(i).id == QLatin1String(id))
            return i;
    }
    ADD_FAILURE() << "no step " << id;
    return -1;
}

} // namespace

TEST(Lesson, StepsFollowTheNotebookOrder)
{
    const std::vector<LessonStep> steps = Lesson::steps();
    const QStringList expected = {
        QStringLiteral("bottleneck"),
        QStringLiteral("query-and-memory"),       QStringLiteral("scaled-scores"),
        QStringLiteral("why-sqrt-dk"),
        QStringLiteral("softmax-weights"),        QStringLiteral("weighted-sum"),
        QStringLiteral("query-and-temperature"),  QStringLiteral("causal-mask"),
        QStringLiteral("padding-mask"),           QStringLiteral("reference-check"),
        QStringLiteral("what-a-plot-explains"),   QStringLiteral("practice-temperature"),
        QStringLiteral("practice-identical-keys"), QStringLiteral("practice-huge-value"),
        QStringLiteral("practice-additive-attention"), QStringLiteral("practice-derivation"),
        QStringLiteral("practice-cross-attention"), QStringLiteral("before-you-stop"),
    };
    ASSERT_EQ(steps.size(), static_cast<size_t>(expected.size()));
    for (size_t i = 0; i < steps.size(); ++i) {
        SCOPED_TRACE(steps[i].id.toStdString());
        EXPECT_EQ(steps[i].id, expected[static_cast<int>(i)]);
        EXPECT_FALSE(steps[i].title.isEmpty());
        EXPECT_GT(steps[i].text.size(), 80);
        EXPECT_FALSE(steps[i].prediction.isEmpty());
        EXPECT_FALSE(steps[i].checkpoints.empty());
        EXPECT_TRUE(Lesson::loadScenario(steps[i].scenarioId).ok()) << steps[i].scenarioId.toStdString();
    }
    EXPECT_EQ(Lesson::stepCount(), expected.size());
}

TEST(Lesson, EveryStepLoadsAndAllItsCheckpointsHoldAtTheCheckpoint)
{
    AttentionModel model;
    LessonProgress progress(&model);
    QSignalSpy stepSpy(&progress, &LessonProgress::stepChanged);
    for (int i = 0; i < progress.stepCount(); ++i) {
        SCOPED_TRACE(progress.step(i).id.toStdString());
        ASSERT_TRUE(progress.goToStep(i));
        settleEvents(1);
        EXPECT_EQ(progress.currentStep(), i);
        EXPECT_EQ(model.scenario(), Lesson::loadScenario(progress.step(i).scenarioId).value());
        EXPECT_FALSE(progress.scenarioChanged());
        ASSERT_EQ(progress.checkpointStates().size(), progress.step(i).checkpoints.size());
        // What the step states or asks holds at its scenario; what it asks the student to do
        // waits for the doing.
        EXPECT_TRUE(progress.allButActionsHold()) << failing(progress);
        for (size_t c = 0; c < progress.step(i).checkpoints.size(); ++c) {
            if (progress.step(i).checkpoints[c].kind == LessonCheckpoint::Kind::Action) {
                EXPECT_FALSE(progress.checkpointStates()[c]) << progress.step(i).checkpoints[c].task.toStdString();
            }
        }
    }
    EXPECT_EQ(stepSpy.count(), progress.stepCount());
    EXPECT_FALSE(progress.goToStep(progress.stepCount()));
    EXPECT_FALSE(progress.goToStep(-1));
}

TEST(Lesson, MovingTheQueryBreaksTheWeightsCheckpointAndBackRestoresIt)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "softmax-weights")));
    settleEvents(1);
    ASSERT_TRUE(progress.allCheckpointsHold());
    QSignalSpy spy(&progress, &LessonProgress::checkpointsChanged);

    Eigen::RowVectorXd q(2);
    q << 0.2, 0.9;
    model.setQueryRow(0, q);
    settleEvents(1);
    EXPECT_TRUE(progress.scenarioChanged());
    EXPECT_FALSE(progress.checkpointStates()[0]) << "weights checkpoint still ticked";
    EXPECT_TRUE(progress.checkpointStates()[1]) << "rows still sum to one";
    EXPECT_FALSE(progress.checkpointStates()[2]) << "B's score is no longer 0";
    EXPECT_GE(spy.count(), 1);

    EXPECT_TRUE(progress.backToCheckpoint());
    settleEvents(1);
    EXPECT_FALSE(progress.scenarioChanged());
    EXPECT_TRUE(progress.allCheckpointsHold()) << failing(progress);
}

TEST(Lesson, TemperatureTurnsOffOnlyTheTemperatureCheckpoint)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "query-and-temperature")));
    settleEvents(1);
    model.setTemperature(0.5);
    settleEvents(1);
    // The weights at the new temperature differ, so the rows fail; T = 1 fails too.
    EXPECT_FALSE(progress.checkpointStates()[0]);
    EXPECT_FALSE(progress.checkpointStates()[3]);

}

TEST(Lesson, TemperaturePracticeTicksEachActionOnlyOnceItIsDone)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "practice-temperature")));
    settleEvents(1);
    const LessonStep &step = progress.currentLessonStep();
    ASSERT_EQ(step.checkpoints.size(), 3u);
    for (const LessonCheckpoint &checkpoint : step.checkpoints)
        ASSERT_EQ(checkpoint.kind, LessonCheckpoint::Kind::Action);
    // T is still 1: nothing is done, so nothing is ticked.
    EXPECT_FALSE(progress.checkpointStates()[0]);
    EXPECT_FALSE(progress.checkpointStates()[1]);
    EXPECT_FALSE(progress.checkpointStates()[2]);

    model.setTemperature(2.0);
    settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]);
    EXPECT_TRUE(progress.checkpointStates()[1]) << "T = 2 done";
    EXPECT_FALSE(progress.checkpointStates()[2]) << "the comparison waits for both temperatures";

    model.setTemperature(0.5);
    settleEvents(1);
    EXPECT_TRUE(progress.checkpointStates()[0]) << "T = 0.5 done";
    EXPECT_TRUE(progress.checkpointStates()[1]) << "a done action stays done";
    EXPECT_TRUE(progress.checkpointStates()[2]) << failing(progress);

    // Another visit starts over.
    ASSERT_TRUE(progress.goToStep(progress.currentStep()));
    settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]);
    EXPECT_FALSE(progress.checkpointStates()[1]);
}

TEST(Lesson, AnActionWithOtherNumbersDoesNotCount)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "practice-temperature")));
    settleEvents(1);
    // The third query moved: T = 0.5 no longer gives the practice's row.
    Eigen::RowVectorXd q(2);
    q << 0.5, 0.5;
    model.setQueryRow(2, q);
    model.setTemperature(0.5);
    settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]);
}

TEST(Lesson, MaskingBYourselfTicksTheInterventionAction)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "what-a-plot-explains")));
    settleEvents(1);
    const LessonStep &step = progress.currentLessonStep();
    int masked = -1;
    for (size_t i = 0; i < step.checkpoints.size(); ++i) {
        if (step.checkpoints[i].kind == LessonCheckpoint::Kind::Action && step.checkpoints[i].task.contains(QStringLiteral("Mask")))
            masked = static_cast<int>(i);
    }
    ASSERT_GE(masked, 0);
    EXPECT_FALSE(progress.checkpointStates()[static_cast<size_t>(masked)]);
    model.setMaskCell(0, 1, false);
    settleEvents(1);
    EXPECT_TRUE(progress.checkpointStates()[static_cast<size_t>(masked)]);
}

TEST(Lesson, RevealHidesUntilAskedAndAdvanceRevealsFirst)
{
    AttentionModel model;
    LessonProgress progress(&model);
    QSignalSpy shown(&progress, &LessonProgress::answersShownChanged);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "softmax-weights")));
    EXPECT_TRUE(progress.revealOnDemand());
    EXPECT_FALSE(progress.answersShown());
    const int step = progress.currentStep();
    EXPECT_TRUE(progress.advance());
    EXPECT_EQ(progress.currentStep(), step) << "the first advance reveals";
    EXPECT_TRUE(progress.answersShown());
    ASSERT_EQ(shown.count(), 1);
    EXPECT_TRUE(shown.takeFirst().at(0).toBool());
    EXPECT_FALSE(progress.reveal()) << "nothing left to reveal";
    EXPECT_TRUE(progress.advance());
    EXPECT_EQ(progress.currentStep(), step + 1);
    EXPECT_FALSE(progress.answersShown()) << "a new step hides its answers again";

    progress.setRevealOnDemand(false);
    EXPECT_TRUE(progress.answersShown());
    EXPECT_TRUE(progress.advance());
    EXPECT_EQ(progress.currentStep(), step + 2) << "self-study: advance moves on at once";
    EXPECT_TRUE(progress.answersShown());
}

TEST(Lesson, CausalCheckpointsFailWhenTheFutureIsAllowed)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "causal-mask")));
    settleEvents(1);
    model.setMaskCell(0, 2, true);
    settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]) << "first row is no longer [1, 0, 0]";
    EXPECT_FALSE(progress.checkpointStates()[1]) << "a weight above the diagonal";
    EXPECT_TRUE(progress.checkpointStates()[2]) << "row 2 is untouched";
    EXPECT_TRUE(progress.checkpointStates()[3]) << "row 3 is untouched";
}

TEST(Lesson, PaddingCheckpointFailsWhenThePaddingIsRetrieved)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "padding-mask")));
    settleEvents(1);
    model.setMaskCell(2, 2, true);
    settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]);
    EXPECT_TRUE(progress.checkpointStates()[1]) << "row 3 may see token 3: still causal";
    EXPECT_FALSE(progress.checkpointStates()[2]);
    EXPECT_TRUE(progress.checkpointStates()[3]) << "the refusal is a property of the engine";
}

TEST(Lesson, ChangingTheValueKeepsTheReferenceCheckOnlyForTheWeights)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "reference-check")));
    settleEvents(1);
    Eigen::RowVectorXd v(2);
    v << 0.0, 11.0;
    model.setValueRow(1, v);
    settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]) << "the context no longer matches nb_single_query";
    EXPECT_TRUE(progress.checkpointStates()[1]) << "the shipped cases are unaffected";
}

TEST(Lesson, CheckpointsFailWhileTheModelRefusesTheScenario)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "weighted-sum")));
    settleEvents(1);
    Mask none = Mask::Constant(1, 3, false);
    model.setMask(none);
    settleEvents(1);
    ASSERT_EQ(model.result(), nullptr);
    for (bool holds : progress.checkpointStates())
        EXPECT_FALSE(holds);
}

TEST(Lesson, ACancelledLoadLeavesTheStepChanged)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(0));
    settleEvents(1);
    progress.setScenarioLoader([](const Scenario &, const QString &) { return false; });
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "causal-mask")));
    settleEvents(1);
    EXPECT_TRUE(progress.scenarioChanged());
    EXPECT_FALSE(progress.allCheckpointsHold());
}

TEST(Lesson, AScenarioFarBeyondTheLessonFailsEveryCheckpointWithoutRunningThem)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(indexOfStep(progress, "padding-mask")));
    settleEvents(1);
    ASSERT_TRUE(progress.allButActionsHold());
    Scenario big = model.scenario();
    const Index n = 100;
    big.queries = Matrix::Random(n, 2);
    big.keys = Matrix::Random(n, 2);
    big.values = Matrix::Random(n, 2);
    big.allowed = std::nullopt;
    big.queryLabels.clear();
    big.keyLabels.clear();
    model.setScenario(big);
    settleEvents(1);
    ASSERT_NE(model.result(), nullptr);
    EXPECT_TRUE(progress.scenarioChanged());
    for (bool holds : progress.checkpointStates())
        EXPECT_FALSE(holds);
}

TEST(Lesson, WhatAStepAsksIsConcealedUntilTheRevealAndAnnouncedBeforeItsScenarioLoads)
{
    AttentionModel model;
    LessonProgress progress(&model);
    EXPECT_FALSE(progress.concealedAnswers());  // no step yet
    // Every step that asks about a quantity has something to reveal, so a Reveal exists.
    int asking = 0;
    for (int i = 0; i < progress.stepCount(); ++i) {
        const LessonStep &step = progress.step(i);
        if (step.answersAbout) {
            ++asking;
            EXPECT_TRUE(step.hasHiddenAnswers()) << step.id.toStdString();
        }
    }
    EXPECT_GE(asking, 12);

    int scores = -1;
    int weights = -1;
    for (int i = 0; i < progress.stepCount(); ++i) {
        if (progress.step(i).id == QLatin1String("scaled-scores"))
            scores = i;
        if (progress.step(i).id == QLatin1String("softmax-weights"))
            weights = i;
    }
    ASSERT_GE(scores, 0);
    ASSERT_GE(weights, 0);

    // The concealment is announced before the step's scenario reaches the model.
    QList<LessonQuantities> announced;
    QList<bool> scenarioLoadedWhenAnnounced;
    const Scenario before = model.scenario();
    QObject::connect(&progress, &LessonProgress::concealedAnswersChanged, &progress,
                     [&](LessonQuantities concealed) {
                         announced << concealed;
                         scenarioLoadedWhenAnnounced << (model.scenario() != before);
                     });
    ASSERT_TRUE(progress.goToStep(scores));
    EXPECT_EQ(progress.concealedAnswers(), LessonQuantities(LessonQuantity::Scores));
    ASSERT_EQ(announced.size(), 1);
    EXPECT_EQ(announced.last(), LessonQuantities(LessonQuantity::Scores));
    EXPECT_FALSE(scenarioLoadedWhenAnnounced.last());

    ASSERT_TRUE(progress.goToStep(weights));
    EXPECT_EQ(announced.last(), LessonQuantities(LessonQuantity::Weights));
    ASSERT_TRUE(progress.reveal());
    EXPECT_FALSE(progress.concealedAnswers());
    EXPECT_FALSE(announced.last());
    const int count = announced.size();
    EXPECT_FALSE(progress.reveal());  // nothing more to reveal, nothing announced
    EXPECT_EQ(announced.size(), count);

    // Self-study shows everything; turning it off again hides a step not yet revealed.
    ASSERT_TRUE(progress.goToStep(scores));
    EXPECT_EQ(progress.concealedAnswers(), LessonQuantities(LessonQuantity::Scores));
    progress.setRevealOnDemand(false);
    EXPECT_FALSE(progress.concealedAnswers());
    EXPECT_FALSE(announced.last());
    progress.setRevealOnDemand(true);
    EXPECT_EQ(announced.last(), LessonQuantities(LessonQuantity::Scores));
}
