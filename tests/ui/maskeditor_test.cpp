// The mask editor without its grid: what its refusals say, and how its "real key" flags follow
// the mask.
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "maskeditor.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

#include <vector>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

QString lastMessage(const QSignalSpy &spy)
{
    return spy.isEmpty() ? QString() : spy.last().at(0).toString();
}

TEST(MaskEditor, BlockingTheLastAllowedKeyNamesTheRowAndTheKeyByTheirLabels)
{
    AttentionModel model;
    model.setScenario(builtinScenario("lesson"));
    MaskEditor editor(&model);
    QSignalSpy refusals(&editor, &MaskEditor::editRefused);
    ASSERT_TRUE(editor.setCell(0, 0, false));
    ASSERT_TRUE(editor.setCell(0, 1, false));
    EXPECT_FALSE(editor.setCell(0, 2, false));
    ASSERT_EQ(refusals.count(), 1);
    EXPECT_EQ(lastMessage(refusals),
              QStringLiteral("Row 1 (\u201cq\u201d) needs at least one allowed key: \u201cmemory C\u201d "
                             "is its last, and softmax over no keys is undefined."));
    EXPECT_TRUE(model.scenario().isAllowed(0, 2));
}

TEST(MaskEditor, MarkingTheOnlyAllowedKeyAsPaddingNamesTheKeyNotItsNumber)
{
    AttentionModel model;
    model.setScenario(builtinScenario("lesson"));
    MaskEditor editor(&model);
    ASSERT_TRUE(editor.applyPreset(MaskEditor::Preset::Causal));  // q may see memory A only
    ASSERT_TRUE(editor.isPaddingPresetActive());
    QSignalSpy refusals(&editor, &MaskEditor::editRefused);
    const Scenario before = model.scenario();

    EXPECT_FALSE(editor.toggleRealKey(0));
    EXPECT_EQ(model.scenario(), before);
    EXPECT_TRUE(editor.isRealKey(0));
    ASSERT_EQ(refusals.count(), 1);
    EXPECT_EQ(lastMessage(refusals),
              QStringLiteral("\u201cmemory A is padding\u201d refused: row 1 (\u201cq\u201d) would have "
                             "no allowed key, and softmax over no keys is undefined."));
    EXPECT_FALSE(lastMessage(refusals).contains(QStringLiteral("key 1")));
}

TEST(MaskEditor, TheRealKeyFlagsFollowEveryMaskChangeExceptThePaddingPresetsOwn)
{
    AttentionModel model;
    model.setScenario(builtinScenario("causal-self-attention"));
    MaskEditor editor(&model);
    QSignalSpy flagChanges(&editor, &MaskEditor::realKeysChanged);
    const std::vector<bool> allReal{true, true, true};
    ASSERT_EQ(editor.realKeys(), allReal);

    // The padding preset's own change keeps what was set.
    ASSERT_TRUE(editor.toggleRealKey(2));
    EXPECT_EQ(editor.realKeys(), (std::vector<bool>{true, true, false}));
    EXPECT_FALSE(model.scenario().isAllowed(2, 2));
    EXPECT_EQ(flagChanges.count(), 1);

    // A change from elsewhere (here the model's own setter, as undo uses it) is read again.
    model.setMask(causalMask(3, 3));
    EXPECT_EQ(editor.realKeys(), allReal);
    EXPECT_EQ(flagChanges.count(), 2);
    Mask noOneSeesB = Mask::Constant(3, 3, true);
    noOneSeesB.col(1).setConstant(false);
    model.setMask(noOneSeesB);
    EXPECT_EQ(editor.realKeys(), (std::vector<bool>{true, false, true}));
    EXPECT_EQ(flagChanges.count(), 3);

    // A change that leaves every key's standing as it was does not signal.
    model.setMaskCell(0, 0, false);
    EXPECT_EQ(flagChanges.count(), 3);
}

} // namespace
