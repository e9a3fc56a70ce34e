// Undo with several heads: a row step belongs to its head, whichever head is shown when it is
// undone; adding, removing and renaming heads are steps; showing another head is not.
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "undorecorder.h"
#include "undorowcommand.h"

#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::matrixOf;
using attnlens::test::rowOf;
using attnlens::test::settleEvents;

namespace {

Scenario twoHeads()
{
    Scenario s = test::notebookLessonScenario();
    s.name = QStringLiteral("two heads");
    s.headName = QStringLiteral("first");
    s.moreHeads.push_back(AttentionHead{QStringLiteral("second"), matrixOf({{0, 1}}),
                                        matrixOf({{0, 1}, {1, 0}, {2, 2}}),
                                        matrixOf({{1, 1}, {2, 2}, {3, 3}})});
    return s;
}

struct Fixture {
    Fixture()
    {
        model.setScenario(twoHeads());
        settleEvents();
    }
    AttentionModel model;
    UndoRecorder recorder{&model};
    QUndoStack *stack() const { return recorder.undoStack(); }
};

TEST(UndoHeads, ShowingAnotherHeadIsNotAStep)
{
    Fixture f;
    f.model.selectHead(1);
    f.model.selectHead(0);
    settleEvents();
    EXPECT_EQ(f.stack()->count(), 0);
}

TEST(UndoHeads, ARowStepIsUndoneInItsOwnHeadWhicheverHeadIsShown)
{
    Fixture f;
    const Scenario before = f.model.wholeScenario();
    f.model.selectHead(1);
    f.model.setQueryRow(0, rowOf({0.25, -0.0}));
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Edit query q (second)"));
    const auto *command = dynamic_cast<const UndoRowCommand *>(f.stack()->command(0));
    ASSERT_NE(command, nullptr);
    EXPECT_EQ(command->head(), 1);
    const Scenario after = f.model.wholeScenario();

    f.model.selectHead(0);
    f.stack()->undo();
    EXPECT_TRUE(f.model.wholeScenario() == before);
    EXPECT_EQ(f.model.selectedHead(), 0);
    // The first head, which is shown, was not touched.
    EXPECT_TRUE(test::matricesIdentical(f.model.scenario().queries, before.queries));
    f.stack()->redo();
    EXPECT_TRUE(f.model.wholeScenario() == after);
    EXPECT_EQ(f.stack()->count(), 1);
}

TEST(UndoHeads, AnEditAcrossHeadsIsOneStepWithEveryRow)
{
    Fixture f;
    const Scenario before = f.model.wholeScenario();
    f.model.beginEdit(QStringLiteral("Both heads"));
    f.model.setHeadKeyRow(0, 1, rowOf({5, 5}));
    f.model.setHeadValueRow(1, 2, rowOf({-1, 7}));
    f.model.endEdit();
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Both heads"));
    const Scenario after = f.model.wholeScenario();
    f.stack()->undo();
    EXPECT_TRUE(f.model.wholeScenario() == before);
    f.stack()->redo();
    EXPECT_TRUE(f.model.wholeScenario() == after);
}

TEST(UndoHeads, AddingRemovingAndRenamingHeadsAreSteps)
{
    Fixture f;
    const Scenario start = f.model.wholeScenario();
    {
        AttentionModel::EditScope edit(&f.model, QStringLiteral("Add head"));
        ASSERT_FALSE(f.model.insertHead(2, f.model.wholeScenario().head(1)));
    }
    ASSERT_FALSE(f.model.removeHead(0));
    f.model.setHeadName(0, QStringLiteral("renamed"));
    ASSERT_EQ(f.stack()->count(), 3);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Add head"));
    EXPECT_EQ(f.stack()->text(1), QStringLiteral("Remove first"));
    EXPECT_EQ(f.stack()->text(2), QStringLiteral("Rename second to renamed"));
    const Scenario end = f.model.wholeScenario();
    EXPECT_EQ(end.headCount(), 2);

    f.stack()->undo();
    f.stack()->undo();
    f.stack()->undo();
    EXPECT_TRUE(f.model.wholeScenario() == start);
    settleEvents();
    EXPECT_TRUE(f.model.isValid());
    f.stack()->redo();
    f.stack()->redo();
    f.stack()->redo();
    EXPECT_TRUE(f.model.wholeScenario() == end);
}

} // namespace
