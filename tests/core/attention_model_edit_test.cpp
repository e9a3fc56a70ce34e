#include "attentionmodel.h"
#include "coretestsupport.h"
#include "gesture.h"
#include "scenario.h"

#include <QSignalSpy>
#include <QString>

#include <optional>

#include <gtest/gtest.h>

namespace attnlens {
namespace {

using test::rowOf;

// The edit brackets a view declares its gestures with: they nest, the outermost names the edit,
// and only the outermost opening and closing are announced.

struct EditFixture {
    EditFixture()
    {
        model.setScenario(test::notebookLessonScenario());
    }
    AttentionModel model;
    QSignalSpy begun{&model, &AttentionModel::editBegun};
    QSignalSpy ended{&model, &AttentionModel::editEnded};
};

TEST(AttentionModelEdit, ABracketIsAnnouncedWithItsText)
{
    EditFixture f;
    EXPECT_FALSE(f.model.isEditing());
    f.model.beginEdit(QStringLiteral("Drag query \u201cq\u201d"));
    EXPECT_TRUE(f.model.isEditing());
    EXPECT_EQ(f.model.editText(), QStringLiteral("Drag query \u201cq\u201d"));
    ASSERT_EQ(f.begun.count(), 1);
    EXPECT_EQ(f.begun.at(0).at(0).toString(), QStringLiteral("Drag query \u201cq\u201d"));
    EXPECT_EQ(f.ended.count(), 0);
    f.model.endEdit();
    EXPECT_FALSE(f.model.isEditing());
    EXPECT_TRUE(f.model.editText().isEmpty());
    ASSERT_EQ(f.ended.count(), 1);
    EXPECT_EQ(f.ended.at(0).at(0).toString(), QStringLiteral("Drag query \u201cq\u201d"));
}

TEST(AttentionModelEdit, NestedBracketsAreOneEditNamedByTheOutermost)
{
    EditFixture f;
    f.model.beginEdit(QStringLiteral("outer"));
    f.model.beginEdit(QStringLiteral("inner"));
    f.model.setQueryRow(0, rowOf({0.5, 0.5}));
    EXPECT_EQ(f.model.editText(), QStringLiteral("outer"));
    f.model.setEditText(QStringLiteral("renamed inside"));  // only the outermost names the edit
    EXPECT_EQ(f.model.editText(), QStringLiteral("outer"));
    f.model.endEdit();
    EXPECT_TRUE(f.model.isEditing()) << "the outer bracket is still open";
    EXPECT_EQ(f.ended.count(), 0);
    f.model.setEditText(QStringLiteral("Set temperature to 0.5"));
    f.model.endEdit();
    EXPECT_FALSE(f.model.isEditing());
    EXPECT_EQ(f.begun.count(), 1);
    ASSERT_EQ(f.ended.count(), 1);
    EXPECT_EQ(f.ended.at(0).at(0).toString(), QStringLiteral("Set temperature to 0.5"));
}

TEST(AttentionModelEdit, AnUnbalancedEndIsHarmless)
{
    EditFixture f;
    f.model.endEdit();
    EXPECT_FALSE(f.model.isEditing());
    EXPECT_EQ(f.ended.count(), 0);
    f.model.setEditText(QStringLiteral("nothing is open"));
    EXPECT_TRUE(f.model.editText().isEmpty());

    // A later bracket still works, and one extra end after it changes nothing.
    f.model.beginEdit(QStringLiteral("a"));
    f.model.endEdit();
    f.model.endEdit();
    EXPECT_EQ(f.begun.count(), 1);
    EXPECT_EQ(f.ended.count(), 1);
    f.model.beginEdit(QStringLiteral("b"));
    EXPECT_TRUE(f.model.isEditing());
    EXPECT_EQ(f.begun.count(), 2);
}

TEST(AttentionModelEdit, TheScopeClosesItsBracketAndChangesStillApply)
{
    EditFixture f;
    {
        const AttentionModel::EditScope outer(&f.model, QStringLiteral("outer"));
        const AttentionModel::EditScope inner(&f.model, QStringLiteral("inner"));
        f.model.setTemperature(0.25);
        // Changes inside an edit take effect and are announced at once, as outside.
        EXPECT_EQ(f.model.scenario().temperature, 0.25);
        EXPECT_TRUE(f.model.isEditing());
    }
    EXPECT_FALSE(f.model.isEditing());
    ASSERT_EQ(f.ended.count(), 1);
    EXPECT_EQ(f.ended.at(0).at(0).toString(), QStringLiteral("outer"));
}

// Gestures (gesture.h): an edit a view holds across events, which anything else that changes
// the document ends first, so that the gesture's edit holds its own changes and nothing else.

TEST(AttentionModelGesture, AnotherSetterEndsAWaitingGestureBeforeItChangesAnything)
{
    EditFixture f;
    Gesture typing(&f.model);
    typing.begin(QStringLiteral("Set temperature"));
    {
        const Gesture::Step step(typing);
        f.model.setTemperature(0.5);
        typing.setText(QStringLiteral("Set temperature to 0.5"));
    }
    EXPECT_TRUE(f.model.isEditing()) << "between its steps the gesture is still open";
    std::optional<Mask> maskWhenEnded = Mask::Constant(1, 1, false);
    QObject::connect(&f.model, &AttentionModel::editEnded, &f.model,
                     [&] { maskWhenEnded = f.model.scenario().allowed; });
    const Mask causal = causalMask(f.model.scenario().queryCount(), f.model.scenario().keyCount());
    f.model.setMask(causal);  // a preset clicked while the field keeps the focus
    ASSERT_EQ(f.ended.count(), 1);
    EXPECT_EQ(f.ended.at(0).at(0).toString(), QStringLiteral("Set temperature to 0.5"));
    EXPECT_FALSE(maskWhenEnded.has_value()) << "the gesture ended before the mask changed";
    EXPECT_FALSE(f.model.isEditing());
    EXPECT_FALSE(typing.isOpen());
    // Return comes later: the gesture's end does nothing now.
    typing.end();
    EXPECT_EQ(f.ended.count(), 1);
}

TEST(AttentionModelGesture, ItsOwnStepsAndTheEditsInsideThemKeepItOpen)
{
    EditFixture f;
    Gesture drag(&f.model);
    drag.begin(QStringLiteral("Drag query"));
    for (int i = 1; i <= 3; ++i) {
        const Gesture::Step step(drag);
        const AttentionModel::EditScope inner(&f.model, QStringLiteral("inner"));
        f.model.setQueryRow(0, rowOf({0.1 * i, 0.5}));
    }
    f.model.setTemperature(f.model.scenario().temperature);  // a change of nothing is no command
    EXPECT_TRUE(drag.isOpen());
    EXPECT_EQ(f.ended.count(), 0);
    drag.end();
    EXPECT_FALSE(f.model.isEditing());
    EXPECT_EQ(f.begun.count(), 1);
    ASSERT_EQ(f.ended.count(), 1);
    EXPECT_EQ(f.ended.at(0).at(0).toString(), QStringLiteral("Drag query"));
}

TEST(AttentionModelGesture, AnotherEditOpeningEndsAWaitingGestureFirst)
{
    EditFixture f;
    Gesture slide(&f.model);
    slide.begin(QStringLiteral("Set temperature to 2"));
    {
        const Gesture::Step step(slide);
        f.model.setTemperature(2.0);
    }
    {
        const AttentionModel::EditScope reset(&f.model, QStringLiteral("Reset temperature to 1"));
        f.model.setTemperature(1.0);
    }
    ASSERT_EQ(f.begun.count(), 2);
    ASSERT_EQ(f.ended.count(), 2);
    EXPECT_EQ(f.ended.at(0).at(0).toString(), QStringLiteral("Set temperature to 2"));
    EXPECT_EQ(f.ended.at(1).at(0).toString(), QStringLiteral("Reset temperature to 1"));
    slide.end();
    EXPECT_EQ(f.ended.count(), 2);
}

TEST(AttentionModelGesture, AnInterruptionEndsOnlyAWaitingGesture)
{
    EditFixture f;
    // A plain edit (a command running, an animation export) is never interrupted.
    f.model.beginEdit(QStringLiteral("Animation"));
    f.model.interruptGesture();
    EXPECT_TRUE(f.model.isEditing());
    f.model.endEdit();

    Gesture slide(&f.model);
    slide.begin(QStringLiteral("Set temperature"));
    {
        // Nor is a gesture while one of its steps runs (a dialog opened by the step itself).
        const Gesture::Step step(slide);
        f.model.interruptGesture();
        EXPECT_TRUE(slide.isOpen());
        f.model.setTemperature(3.0);
    }
    f.model.interruptGesture();  // the window loses the focus
    EXPECT_FALSE(slide.isOpen());
    EXPECT_FALSE(f.model.isEditing());
    ASSERT_EQ(f.ended.count(), 2);
    EXPECT_EQ(f.ended.at(1).at(0).toString(), QStringLiteral("Set temperature"));
}

TEST(AttentionModelGesture, AStepAfterAnInterruptionBeginsANewEditWithTheSameText)
{
    EditFixture f;
    Gesture slide(&f.model);
    slide.begin(QStringLiteral("Set temperature"));
    {
        const Gesture::Step step(slide);
        f.model.setTemperature(2.0);
        slide.setText(QStringLiteral("Set temperature to 2"));
    }
    f.model.interruptGesture();
    {
        // The handle is still held when the dialog closes: the stroke goes on as a new edit.
        const Gesture::Step step(slide);
        f.model.setTemperature(4.0);
        slide.setText(QStringLiteral("Set temperature to 4"));
    }
    EXPECT_TRUE(slide.isOpen());
    slide.end();
    ASSERT_EQ(f.begun.count(), 2);
    ASSERT_EQ(f.ended.count(), 2);
    EXPECT_EQ(f.ended.at(0).at(0).toString(), QStringLiteral("Set temperature to 2"));
    EXPECT_EQ(f.ended.at(1).at(0).toString(), QStringLiteral("Set temperature to 4"));
}

TEST(AttentionModelGesture, ALateEndOfAnInterruptedGestureLeavesTheNextEditOpen)
{
    EditFixture f;
    Gesture typing(&f.model);
    typing.begin(QStringLiteral("Set temperature"));
    f.model.interruptGesture();
    Gesture drag(&f.model);
    drag.begin(QStringLiteral("Drag key"));
    typing.end();  // editingFinished, long after the interruption
    EXPECT_TRUE(drag.isOpen());
    EXPECT_TRUE(f.model.isEditing());
    EXPECT_EQ(f.model.editText(), QStringLiteral("Drag key"));
    drag.end();
    EXPECT_FALSE(f.model.isEditing());
}

} // namespace
} // namespace attnlens
