#include "attentionmodel.h"
#include "coretestsupport.h"
#include "scenario.h"

#include <QSignalSpy>
#include <QString>

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

} // namespace
} // namespace attnlens
