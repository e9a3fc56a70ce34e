// The presentation layout rule, without widgets: views inside the room and apart, the hint line
// at the bottom under every view, the focal view the widest, a small view no taller than it needs.
#include "presentationlayout.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;

namespace {

PresentationLayout::Input lectureInput(const QSize &room)
{
    PresentationLayout::Input input;
    input.room = room;
    input.gap = 6;
    input.footerHeight = 24;
    input.hasLesson = true;
    input.lesson = {QSize(240, 200), QSize(400, 700)};
    input.focal = {QSize(300, 220), QSize(800, 600)};
    input.side = {{QSize(340, 250), QSize(600, 280), false},  // a heatmap of one row
                  {QSize(300, 240), QSize(560, 420), true}};
    input.hasStrip = true;
    input.strip = {QSize(400, 60), QSize(900, 70)};
    return input;
}

QList<QRect> allRects(const PresentationLayout::Result &result)
{
    QList<QRect> rects = {result.lesson, result.focal, result.strip, result.footer};
    rects += result.side;
    return rects;
}

} // namespace

TEST(PresentationLayoutTest, ViewsStayInsideTheRoomAndApart)
{
    for (const QSize room : {QSize(1024, 768), QSize(1280, 720), QSize(1280, 800), QSize(1920, 1080),
                             QSize(3840, 2160)}) {
        SCOPED_TRACE(room.width());
        const PresentationLayout::Result result = PresentationLayout::arrange(lectureInput(room));
        EXPECT_TRUE(result.fits);
        const QList<QRect> rects = allRects(result);
        for (int i = 0; i < rects.size(); ++i) {
            EXPECT_TRUE(QRect(QPoint(0, 0), room).contains(rects.at(i))) << i;
            for (int j = i + 1; j < rects.size(); ++j)
                EXPECT_FALSE(rects.at(i).intersects(rects.at(j))) << i << " and " << j;
        }
        // The hint line runs along the bottom, under everything else.
        EXPECT_EQ(result.footer.bottom(), room.height() - 1);
        EXPECT_EQ(result.footer.width(), room.width());
        for (const QRect &rect : rects)
            if (rect != result.footer) {
                EXPECT_LT(rect.bottom(), result.footer.top());
            }
        // The focal view is wider than the side column and as tall as the stage above the strip.
        ASSERT_EQ(result.side.size(), 2);
        EXPECT_GT(result.focal.width(), result.side.at(0).width());
        EXPECT_EQ(result.side.last().bottom(), result.focal.bottom());
    }
}

TEST(PresentationLayoutTest, ASmallViewGetsItsPreferredHeightAndTheOthersTheRest)
{
    const PresentationLayout::Result result = PresentationLayout::arrange(lectureInput(QSize(1920, 1080)));
    EXPECT_EQ(result.side.at(0).height(), 280);
    EXPECT_GT(result.side.at(1).height(), 420);
}

TEST(PresentationLayoutTest, TooBigMinimaDoNotFit)
{
    PresentationLayout::Input input = lectureInput(QSize(1024, 768));
    input.side[1].minimum = QSize(300, 600);  // the column needs 250 + 600 + gap > what there is
    EXPECT_FALSE(PresentationLayout::arrange(input).fits);
    input = lectureInput(QSize(1024, 768));
    input.focal.minimum = QSize(900, 200);
    EXPECT_FALSE(PresentationLayout::arrange(input).fits);
    // A view sized by its content at the bottom of the column: its minimum does not let it run
    // over the strip (a heatmap under the key space at the largest text).
    input = lectureInput(QSize(1280, 720));
    input.side = {{QSize(300, 308), QSize(420, 308), true}, {QSize(300, 364), QSize(500, 364), false}};
    const PresentationLayout::Result result = PresentationLayout::arrange(input);
    EXPECT_GT(result.side.last().bottom(), result.strip.top());
    EXPECT_FALSE(result.fits);
}

TEST(PresentationLayoutTest, TheFocalViewNeverGetsLessThanACompanion)
{
    // A companion whose minimum width (words of another language) leaves the focal view the
    // smaller place does not fit beside it.
    PresentationLayout::Input input = lectureInput(QSize(1280, 720));
    input.side = {{QSize(600, 250), QSize(700, 700), true}};
    const PresentationLayout::Result result = PresentationLayout::arrange(input);
    EXPECT_LT(qint64(result.focal.width()) * result.focal.height(),
              qint64(result.side.at(0).width()) * result.side.at(0).height());
    EXPECT_FALSE(result.fits);
}

TEST(PresentationLayoutTest, OnANarrowScreenTheLessonTakesUpToAThirdWhereItWantsMore)
{
    PresentationLayout::Input input = lectureInput(QSize(1024, 768));
    input.lesson = {QSize(240, 300), QSize(440, 800)};
    PresentationLayout::Result result = PresentationLayout::arrange(input);
    EXPECT_GT(result.lesson.width(), int(1024 * PresentationLayout::kLessonShare) + 40);
    EXPECT_LE(result.lesson.width(), int(1024 * PresentationLayout::kNarrowLessonShare) + 1);
    EXPECT_GT(result.focal.width(), result.side.at(0).width());
    EXPECT_TRUE(result.fits);
    // A wide screen keeps the usual share.
    input.room = QSize(1920, 1080);
    result = PresentationLayout::arrange(input);
    EXPECT_EQ(result.lesson.width(), int(std::lround(1920 * PresentationLayout::kLessonShare)));
}

TEST(PresentationLayoutTest, WithoutTheLessonTheStageTakesTheWholeWidth)
{
    PresentationLayout::Input input = lectureInput(QSize(1280, 720));
    input.hasLesson = false;
    const PresentationLayout::Result result = PresentationLayout::arrange(input);
    EXPECT_TRUE(result.lesson.isEmpty());
    EXPECT_EQ(result.focal.left(), 0);
    EXPECT_EQ(result.side.at(0).right(), 1279);
    EXPECT_EQ(result.strip.width(), 1280);
}

TEST(PresentationLayoutTest, AViewSizedByItsContentAloneInTheColumnKeepsItsHeight)
{
    PresentationLayout::Input input = lectureInput(QSize(1920, 1080));
    input.side.removeLast();
    const PresentationLayout::Result result = PresentationLayout::arrange(input);
    ASSERT_EQ(result.side.size(), 1);
    EXPECT_EQ(result.side.at(0).height(), 280);
    EXPECT_EQ(result.side.at(0).top(), 0);
}

TEST(PresentationLayoutTest, AViewSizedByItsContentGetsItsHeightBeforeTheOthersGrow)
{
    PresentationLayout::Input input = lectureInput(QSize(1280, 720));
    // A column too short for both preferred heights: the heatmap's natural height comes first.
    input.side = {{QSize(300, 250), QSize(500, 380), false}, {QSize(300, 200), QSize(500, 600), true}};
    const PresentationLayout::Result result = PresentationLayout::arrange(input);
    EXPECT_TRUE(result.fits);
    EXPECT_EQ(result.side.at(0).height(), 380);
    EXPECT_GE(result.side.at(1).height(), 200);
}
