// The comparison grid's names: every one written whole when its cell has room, shortened with the
// full name in its tooltip when not, and thinned only when cells are too small for a few letters;
// never over the cells or over each other.

#include "comparisongrid.h"
#include "viewstate.h"

#include <QApplication>
#include <QTest>

#include <gtest/gtest.h>

using namespace attnlens;

namespace {

QStringList names(const QString &stem, int count)
{
    QStringList result;
    for (int i = 0; i < count; ++i)
        result << stem.arg(i + 1);
    return result;
}

struct Shown {
    QVector<DrawnLabel> columns;
    QVector<DrawnLabel> rows;
};

// The grid at `width` showing rows x columns weights, its names split into column and row names.
Shown show(ComparisonGrid &grid, int width, const QStringList &rowNames, const QStringList &columnNames)
{
    Matrix values = Matrix::Constant(rowNames.size(), columnNames.size(), 1.0 / columnNames.size());
    grid.setMatrix(QStringLiteral("Before: weights"), values, std::nullopt, rowNames, columnNames,
                   ComparisonGrid::Scale::Unit);
    grid.resize(width, grid.sizeHint().height());
    grid.show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(&grid));
    Shown shown;
    const QRectF firstCell = grid.cellRect(0, 0);
    for (const DrawnLabel &label : grid.drawnLabels())
        (label.rect.bottom() <= firstCell.top() + 0.5 ? shown.columns : shown.rows).append(label);
    return shown;
}

void expectApartAndOutsideTheCells(const ComparisonGrid &grid, const QVector<DrawnLabel> &labels)
{
    const QRectF cells(grid.cellRect(0, 0).topLeft(),
                       grid.cellRect(grid.values().rows() - 1, grid.values().cols() - 1).bottomRight());
    for (int a = 0; a < labels.size(); ++a) {
        EXPECT_FALSE(labels[a].rect.adjusted(0.5, 0.5, -0.5, -0.5).intersects(cells)) << labels[a].text.toStdString();
        EXPECT_TRUE(QRectF(grid.rect()).contains(labels[a].rect)) << labels[a].text.toStdString();
        for (int b = a + 1; b < labels.size(); ++b)
            EXPECT_FALSE(labels[a].rect.intersects(labels[b].rect))
                << labels[a].text.toStdString() << " / " << labels[b].text.toStdString();
    }
}

} // namespace

TEST(ComparisonGridLabels, EveryNameIsWrittenWholeWhenItHasRoom)
{
    ViewState state;
    ComparisonGrid grid(nullptr, &state);
    const QStringList columns = {QStringLiteral("memory A"), QStringLiteral("memory B"), QStringLiteral("memory C")};
    const Shown shown = show(grid, 420, {QStringLiteral("q")}, columns);
    ASSERT_EQ(shown.columns.size(), 3);
    ASSERT_EQ(shown.rows.size(), 1);
    for (int j = 0; j < 3; ++j) {
        EXPECT_EQ(shown.columns[j].text, columns[j]);
        EXPECT_TRUE(shown.columns[j].toolTip.isEmpty());
        // Centred over its column.
        EXPECT_NEAR(shown.columns[j].rect.center().x(), grid.cellRect(0, j).center().x(), 1.5);
    }
    EXPECT_EQ(shown.rows[0].text, QStringLiteral("q"));
    expectApartAndOutsideTheCells(grid, shown.columns + shown.rows);
}

TEST(ComparisonGridLabels, ANameTooLongForItsCellIsShortenedAndNamedInFullOnHover)
{
    ViewState state;
    ComparisonGrid grid(nullptr, &state);
    const QStringList columns = {QStringLiteral("the first memory of the sentence"),
                                 QStringLiteral("B"), QStringLiteral("the third memory of the sentence")};
    const QStringList rows = {QStringLiteral("a receiving query with a long name"), QStringLiteral("q2")};
    const Shown shown = show(grid, 300, rows, columns);
    ASSERT_EQ(shown.columns.size(), 3) << "every column keeps its name, shortened";
    EXPECT_TRUE(shown.columns[0].elided());
    EXPECT_EQ(shown.columns[0].toolTip, columns[0]);
    EXPECT_EQ(shown.columns[1].text, QStringLiteral("B"));
    EXPECT_TRUE(shown.columns[1].toolTip.isEmpty());
    EXPECT_TRUE(shown.columns[2].elided());
    EXPECT_EQ(shown.columns[2].toolTip, columns[2]);
    ASSERT_EQ(shown.rows.size(), 2);
    EXPECT_TRUE(shown.rows[0].elided());
    EXPECT_EQ(shown.rows[0].toolTip, rows[0]);
    EXPECT_EQ(shown.rows[1].text, QStringLiteral("q2"));
    expectApartAndOutsideTheCells(grid, shown.columns + shown.rows);
}

TEST(ComparisonGridLabels, CellsTooSmallForAFewLettersWriteEveryNthName)
{
    ViewState state;
    ComparisonGrid grid(nullptr, &state);
    const QStringList columns = names(QStringLiteral("token %1"), 40);
    const Shown shown = show(grid, 320, {QStringLiteral("q")}, columns);
    ASSERT_FALSE(shown.columns.isEmpty());
    EXPECT_LT(shown.columns.size(), 40) << "40 names in 320 pixels are thinned";
    EXPECT_GE(shown.columns.size(), 3);
    EXPECT_TRUE(shown.columns.first().text.startsWith(QStringLiteral("t"))) << "the first column is named";
    for (const DrawnLabel &label : shown.columns)
        EXPECT_TRUE(label.elided() == !label.toolTip.isEmpty());
    expectApartAndOutsideTheCells(grid, shown.columns + shown.rows);
}
