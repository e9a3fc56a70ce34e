// The mask grid's geometry without a widget: cells tile the grid, every cell's centre hits that
// cell, points outside hit nothing, and the names and strips lie outside the cells.

#include "maskgridgeometry.h"

#include <QApplication>
#include <QFont>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

using namespace attnlens;

namespace {

using Hit = MaskGridGeometry::Hit;

QStringList names(const QString &stem, int count)
{
    QStringList result;
    for (int i = 0; i < count; ++i)
        result << stem.arg(i + 1);
    return result;
}

MaskGridGeometry::Input input(int rows, int columns, QSize size, const QString &keyStem = QStringLiteral("key %1"))
{
    MaskGridGeometry::Input in;
    in.size = size;
    in.font = QApplication::font();
    in.queryLabels = names(QStringLiteral("query %1"), rows);
    in.keyLabels = names(keyStem, columns);
    in.realKeyText = QStringLiteral("real key");
    in.undefinedText = QStringLiteral("undefined: no allowed key");
    return in;
}

struct Case {
    const char *name;
    int rows;
    int columns;
    QSize size;
    QString keyStem;
};

// Small and large grids, names that fit across and names that must stand upright or be thinned.
std::vector<Case> cases()
{
    return {
        {"3x3 roomy", 3, 3, QSize(600, 400), QStringLiteral("k%1")},
        {"4x5 dock", 4, 5, QSize(420, 210), QStringLiteral("memory %1")},
        {"6x9 long names", 6, 9, QSize(330, 300), QStringLiteral("a rather long key name %1")},
        {"1x1", 1, 1, QSize(300, 200), QStringLiteral("only %1")},
        {"64x64", 64, 64, QSize(900, 700), QStringLiteral("token %1")},
        {"512x512 coarse", 512, 512, QSize(700, 700), QStringLiteral("t%1")},
        {"7x300 wide", 7, 300, QSize(1280, 400), QStringLiteral("w%1")},
    };
}

std::string label(const Case &c)
{
    return c.name;
}

} // namespace

TEST(MaskGridGeometry, CellsTileTheGridWithoutGapsOrOverlaps)
{
    for (const Case &c : cases()) {
        const MaskGridGeometry g(input(c.rows, c.columns, c.size, c.keyStem));
        ASSERT_FALSE(g.isEmpty()) << label(c);
        ASSERT_EQ(g.queryCount(), c.rows);
        ASSERT_EQ(g.keyCount(), c.columns);
        const QRect grid = g.gridRect();
        ASSERT_FALSE(grid.isEmpty()) << label(c);
        EXPECT_TRUE(QRect(QPoint(0, 0), c.size).contains(grid)) << label(c);

        qint64 area = 0;
        for (int i = 0; i < c.rows; ++i) {
            for (int j = 0; j < c.columns; ++j) {
                const QRect cell = g.cellRect(i, j);
                area += qint64(cell.width()) * cell.height();
                EXPECT_TRUE(cell.isEmpty() || grid.contains(cell)) << label(c) << " " << i << "," << j;
                // Each cell starts where its left and upper neighbours end.
                const int expectedLeft = j == 0 ? grid.left() : g.cellRect(i, j - 1).right() + 1;
                const int expectedTop = i == 0 ? grid.top() : g.cellRect(i - 1, j).bottom() + 1;
                EXPECT_EQ(cell.left(), expectedLeft) << label(c) << " " << i << "," << j;
                EXPECT_EQ(cell.top(), expectedTop) << label(c) << " " << i << "," << j;
            }
            EXPECT_EQ(g.cellRect(i, c.columns - 1).right(), grid.right()) << label(c) << " row " << i;
        }
        for (int j = 0; j < c.columns; ++j)
            EXPECT_EQ(g.cellRect(c.rows - 1, j).bottom(), grid.bottom()) << label(c) << " column " << j;
        EXPECT_EQ(area, qint64(grid.width()) * grid.height()) << label(c);

        // Out of range: nothing.
        EXPECT_TRUE(g.cellRect(-1, 0).isEmpty());
        EXPECT_TRUE(g.cellRect(0, c.columns).isEmpty());
        EXPECT_TRUE(g.cellRect(c.rows, 0).isEmpty());
    }
}

TEST(MaskGridGeometry, EveryCellsCentreHitsThatCell)
{
    for (const Case &c : cases()) {
        const MaskGridGeometry g(input(c.rows, c.columns, c.size, c.keyStem));
        int hitCells = 0;
        for (int i = 0; i < c.rows; ++i) {
            for (int j = 0; j < c.columns; ++j) {
                const QRect cell = g.cellRect(i, j);
                if (cell.isEmpty())
                    continue;  // a cell rounded to nothing in a crowded grid cannot be hit
                const Hit hit = g.hitTest(cell.center());
                ASSERT_EQ(hit.kind, Hit::Kind::Cell) << label(c) << " " << i << "," << j;
                EXPECT_EQ(hit.queryRow, i) << label(c);
                EXPECT_EQ(hit.keyRow, j) << label(c);
                // The corners are in the cell too: the edges hit-tested are the edges painted.
                const Hit corner = g.hitTest(cell.bottomRight());
                EXPECT_EQ(corner.queryRow, i) << label(c) << " " << i << "," << j;
                EXPECT_EQ(corner.keyRow, j) << label(c) << " " << i << "," << j;
                ++hitCells;
            }
        }
        // Even 512 columns in 700 pixels leave most cells a pixel of their own.
        EXPECT_GT(hitCells, c.rows * c.columns / 2) << label(c);

        // The flags under the grid and the names beside and over it.
        for (int j = 0; j < c.columns; ++j) {
            const QRect flag = g.realKeyRect(j);
            if (flag.width() <= 0)
                continue;
            const Hit hit = g.hitTest(flag.center());
            EXPECT_EQ(hit.kind, Hit::Kind::RealKey) << label(c) << " key " << j;
            EXPECT_EQ(hit.keyRow, j) << label(c);
            EXPECT_EQ(hit.queryRow, c.rows) << "the real-key row counts as row N_q";
            const QPoint aboveColumn(flag.center().x(), g.columnLabelArea().center().y());
            const Hit name = g.hitTest(aboveColumn);
            EXPECT_EQ(name.kind, Hit::Kind::ColumnLabel) << label(c) << " key " << j;
            EXPECT_EQ(name.keyRow, j) << label(c);
        }
        for (int i = 0; i < c.rows; ++i) {
            const QRect row = g.rowLabelRect(i);
            if (row.height() <= 0)
                continue;
            const Hit hit = g.hitTest(row.center());
            EXPECT_EQ(hit.kind, Hit::Kind::RowLabel) << label(c) << " query " << i;
            EXPECT_EQ(hit.queryRow, i) << label(c);
        }
    }
}

TEST(MaskGridGeometry, PointsOutsideHitNothing)
{
    for (const Case &c : cases()) {
        const MaskGridGeometry g(input(c.rows, c.columns, c.size, c.keyStem));
        const QRect grid = g.gridRect();
        const QSize size = c.size;
        for (const QPoint &p : {QPoint(-5, -5), QPoint(0, 0), QPoint(size.width() + 3, grid.center().y()),
                                QPoint(grid.center().x(), size.height() + 3),
                                QPoint(size.width() - 1, size.height() - 1)}) {
            EXPECT_EQ(g.hitTest(p).kind, Hit::Kind::None) << label(c) << " (" << p.x() << "," << p.y() << ")";
        }
        // Just right of the grid and between the grid and the strip under it.
        if (grid.right() + 1 < size.width()) {
            EXPECT_EQ(g.hitTest(QPoint(grid.right() + 1, grid.center().y())).kind, Hit::Kind::None) << label(c);
        }
        ASSERT_GT(g.realKeyStrip().top(), grid.bottom() + 1) << label(c);
        EXPECT_EQ(g.hitTest(QPoint(grid.center().x(), grid.bottom() + 1)).kind, Hit::Kind::None) << label(c);
        EXPECT_EQ(g.rowAt(grid.top() - 1), -1);
        EXPECT_EQ(g.rowAt(grid.bottom() + 1), -1);
        EXPECT_EQ(g.columnAt(grid.left() - 1), -1);
        EXPECT_EQ(g.columnAt(grid.right() + 1), -1);
    }
}

TEST(MaskGridGeometry, NamesAndStripsLieOutsideTheCells)
{
    for (const Case &c : cases()) {
        MaskGridGeometry::Input in = input(c.rows, c.columns, c.size, c.keyStem);
        in.bannerText = QStringLiteral("Row 2 has no allowed key: softmax over no keys is undefined.");
        const MaskGridGeometry g(in);
        const QRect grid = g.gridRect();
        const QRect view(QPoint(0, 0), c.size);
        for (const QRect &area : {g.rowLabelArea(), g.columnLabelArea(), g.realKeyStrip(),
                                  g.realKeyLabelRect(), g.bannerRect()}) {
            EXPECT_FALSE(area.isEmpty()) << label(c);
            EXPECT_FALSE(area.intersects(grid)) << label(c);
        }
        EXPECT_FALSE(g.bannerRect().intersects(g.realKeyStrip())) << label(c);
        EXPECT_FALSE(g.rowLabelArea().intersects(g.columnLabelArea())) << label(c);
        EXPECT_TRUE(view.contains(g.realKeyStrip())) << label(c);

        // The names as drawn: outside the cells, inside the view, never on top of one another.
        const QVector<DrawnLabel> labels = g.drawnLabels([](const Hit &) { return QStringLiteral("full"); });
        ASSERT_FALSE(labels.isEmpty()) << label(c);
        for (int a = 0; a < labels.size(); ++a) {
            const QRectF rect = labels[a].rect;
            EXPECT_FALSE(rect.intersects(QRectF(grid))) << label(c) << " " << labels[a].text.toStdString();
            EXPECT_TRUE(QRectF(view).contains(rect)) << label(c) << " " << labels[a].text.toStdString();
            EXPECT_EQ(labels[a].elided(), !labels[a].toolTip.isEmpty()) << label(c);
            for (int b = a + 1; b < labels.size(); ++b)
                EXPECT_FALSE(rect.intersects(labels[b].rect))
                    << label(c) << " " << labels[a].text.toStdString() << " / " << labels[b].text.toStdString();
        }
    }
}

TEST(MaskGridGeometry, CrowdedNamesStandUprightAndAreThinned)
{
    const MaskGridGeometry roomy(input(3, 3, QSize(600, 400), QStringLiteral("k%1")));
    EXPECT_FALSE(roomy.columnLabelsRotated());
    EXPECT_EQ(roomy.columnLabelStep(), 1);
    EXPECT_EQ(roomy.rowLabelStep(), 1);
    EXPECT_TRUE(roomy.isDetailed());

    const MaskGridGeometry crowded(input(512, 512, QSize(700, 700), QStringLiteral("t%1")));
    EXPECT_TRUE(crowded.columnLabelsRotated());
    EXPECT_GT(crowded.columnLabelStep(), 1);
    EXPECT_GT(crowded.rowLabelStep(), 1);
    EXPECT_FALSE(crowded.isDetailed()) << "a 512 x 512 grid is drawn from a picture";
    EXPECT_FALSE(crowded.drawsCrosses());
}

TEST(MaskGridGeometry, AlignmentMovesTheBlockNotItsShape)
{
    MaskGridGeometry::Input in = input(3, 3, QSize(1200, 400), QStringLiteral("k%1"));
    const MaskGridGeometry left(in);
    in.alignment = Qt::AlignHCenter;
    const MaskGridGeometry centred(in);
    EXPECT_EQ(left.gridRect().size(), centred.gridRect().size());
    EXPECT_GT(centred.gridRect().left(), left.gridRect().left());
    // Centred: as much room left of the row names as right of the grid (to a pixel of rounding).
    const int before = centred.rowLabelArea().left();
    const int after = 1200 - 1 - centred.gridRect().right();
    EXPECT_LE(std::abs(before - after), 2) << before << " vs " << after;
    EXPECT_EQ(centred.hitTest(centred.cellRect(1, 2).center()).keyRow, 2);
    EXPECT_EQ(left.hitTest(centred.cellRect(1, 2).center()).kind, Hit::Kind::None)
        << "the left-aligned grid ends before the centred one's last column";
}

TEST(MaskGridGeometry, NoQueriesOrNoKeysMeansNoGrid)
{
    MaskGridGeometry::Input in = input(0, 4, QSize(400, 300));
    in.bannerText = QStringLiteral("No queries.");
    const MaskGridGeometry g(in);
    EXPECT_TRUE(g.isEmpty());
    EXPECT_TRUE(g.cellRect(0, 0).isEmpty());
    EXPECT_TRUE(g.realKeyRect(0).isEmpty());
    EXPECT_EQ(g.hitTest(QPoint(200, 150)).kind, Hit::Kind::None);
    EXPECT_FALSE(g.bannerRect().isEmpty()) << "the refusal is still written";
    EXPECT_TRUE(g.drawnLabels([](const Hit &) { return QString(); }).isEmpty());
}

TEST(MaskGridGeometry, AHoveredKeyIsNamedBetweenThinnedNamesOnlyWhereItHasRoom)
{
    int namedExtra = 0;
    int wideSteps = 0;
    for (int keys : {40, 50, 60, 70, 80, 100}) {
        const MaskGridGeometry g(input(20, keys, QSize(520, 360), QStringLiteral("key %1")));
        const int step = g.columnLabelStep();
        ASSERT_GT(step, 1) << keys << " names in 520 pixels are thinned";
        wideSteps += step >= 5 ? 1 : 0;
        const QVector<MaskGridGeometry::Label> plain = g.columnLabels();
        for (const MaskGridGeometry::Label &label : plain)
            EXPECT_EQ(label.index % step, 0) << label.index;

        for (int hovered = 0; hovered < keys; ++hovered) {
            const QVector<MaskGridGeometry::Label> labels = g.columnLabels(hovered);
            const bool named = std::any_of(labels.cbegin(), labels.cend(),
                                           [hovered](const MaskGridGeometry::Label &l) { return l.index == hovered; });
            if (hovered % step == 0) {
                EXPECT_TRUE(named) << keys << " " << hovered;
                EXPECT_EQ(labels.size(), plain.size()) << keys << " " << hovered;
                continue;
            }
            // Written besides the others only when it overlaps none of them.
            EXPECT_EQ(labels.size(), plain.size() + (named ? 1 : 0)) << keys << " " << hovered;
            for (int a = 0; a < labels.size(); ++a) {
                for (int b = a + 1; b < labels.size(); ++b)
                    EXPECT_FALSE(labels[a].rect.intersects(labels[b].rect)) << keys << " " << hovered;
            }
            namedExtra += named ? 1 : 0;
        }
    }
    // Steps of 5 or more leave room in the middle of a gap for the hovered key's name.
    ASSERT_GT(wideSteps, 0);
    EXPECT_GT(namedExtra, 0);
}

// Issue 27: the mask beside the charts at 1280x720 (about 240 x 170 pixels) cut "decoder 1",
// "decoder 2" and "decoder 3" to three identical "decode…": the names take what the cells leave
// when each keeps a line and a quarter.
TEST(MaskGridGeometry, RowNamesStayWholeWhileTheCellsKeepALineAndAQuarter)
{
    MaskGridGeometry::Input in = input(3, 6, QSize(240, 170), QStringLiteral("h%1"));
    in.queryLabels = names(QStringLiteral("decoder %1"), 3);
    const MaskGridGeometry g(in);
    ASSERT_EQ(g.rowLabels().size(), 3);
    for (const MaskGridGeometry::Label &label : g.rowLabels())
        EXPECT_EQ(label.text.toStdString(), label.fullText.toStdString());
    const int line = QFontMetrics(in.font).height();
    EXPECT_GE(g.gridRect().width() / 6, line * 5 / 4 - 1);
    EXPECT_LE(g.gridRect().right(), 240);
}
