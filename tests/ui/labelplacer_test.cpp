#include "labelplacer.h"

#include <QLineF>

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

using namespace attnlens;

namespace {

const QRectF kBounds(0, 0, 600, 400);
const QPointF kAnchor(300, 200);
const QSizeF kLabel(60, 20);

/// A crowd of soft point obstacles (unlabelled points in a dense plane) filling `area`.
void addCrowd(LabelPlacer &placer, const QRectF &area, double cost = 3.0)
{
    for (double y = area.top(); y <= area.bottom(); y += 6.0) {
        for (double x = area.left(); x <= area.right(); x += 6.0)
            placer.addDiscObstacle(QPointF(x, y), 4.0, cost);
    }
}

} // namespace

TEST(LabelPlacerTest, PrefersTheRightSideOfAFreeAnchor)
{
    LabelPlacer placer(kBounds);
    const std::optional<QRectF> rect = placer.place(kAnchor, kLabel, 8.0);
    ASSERT_TRUE(rect.has_value());
    EXPECT_GT(rect->left(), kAnchor.x());
    EXPECT_TRUE(rect->contains(QPointF(rect->left() + 1, kAnchor.y())));
}

TEST(LabelPlacerTest, AvoidsTheCrowdedSideAmongHundredsOfPoints)
{
    // Hundreds of soft obstacles (a crowded plane) on the right: the label goes where they are
    // fewest, here on the left, and never over a blocked point.
    LabelPlacer placer(kBounds);
    addCrowd(placer, QRectF(304, 120, 200, 160));
    placer.addBlockedDisc(QPointF(250, 200), 6.0);
    const std::optional<QRectF> rect = placer.place(kAnchor, kLabel, 8.0);
    ASSERT_TRUE(rect.has_value());
    EXPECT_LT(rect->right(), kAnchor.x());
    const QPointF blocked(250, 200);
    const QPointF nearest(std::clamp(blocked.x(), rect->left(), rect->right()),
                          std::clamp(blocked.y(), rect->top(), rect->bottom()));
    EXPECT_GE(QLineF(blocked, nearest).length(), 6.0);
}

TEST(LabelPlacerTest, FarAwayObstaclesChangeNothing)
{
    // Obstacles out of any candidate's reach must not change where a label goes, however many
    // there are (they are sorted into a grid once there are many).
    for (const int crowdSide : {0, 1}) {
        LabelPlacer plain(kBounds);
        LabelPlacer crowded(kBounds);
        for (LabelPlacer *placer : {&plain, &crowded}) {
            placer->addDiscObstacle(QPointF(330, 190), 10.0, 50.0);
            placer->addSegmentObstacle(QLineF(QPointF(300, 200), QPointF(300, 140)), 2.0, 20.0);
        }
        addCrowd(crowded, crowdSide == 0 ? QRectF(0, 0, 80, 400) : QRectF(520, 0, 80, 400));
        const std::optional<QRectF> a = plain.place(kAnchor, kLabel, 8.0);
        const std::optional<QRectF> b = crowded.place(kAnchor, kLabel, 8.0);
        ASSERT_TRUE(a && b);
        EXPECT_EQ(*a, *b) << crowdSide;
        // A second label must avoid the first in both.
        const std::optional<QRectF> c = plain.place(kAnchor + QPointF(10, 0), kLabel, 8.0);
        const std::optional<QRectF> d = crowded.place(kAnchor + QPointF(10, 0), kLabel, 8.0);
        ASSERT_TRUE(c && d);
        EXPECT_EQ(*c, *d) << crowdSide;
        EXPECT_FALSE(c->intersects(*a));
    }
}

TEST(LabelPlacerTest, NoRoomMeansNoLabel)
{
    LabelPlacer placer(QRectF(0, 0, 40, 20));
    EXPECT_FALSE(placer.place(QPointF(20, 10), kLabel, 4.0).has_value());
}
