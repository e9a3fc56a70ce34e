// The mask grid and the lesson's comparison grid paint with the theme's colours: rendered in
// each theme, a blocked cell shows that theme's blocked fill and hatching, an allowed cell its
// allowed blue, a masked comparison cell its masked grey; and no theme shows another's colours.

#include "attentionmodel.h"
#include "comparisongrid.h"
#include "maskeditor.h"
#include "maskgridcanvas.h"
#include "theme.h"
#include "viewstate.h"

#include <QApplication>
#include <QImage>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace attnlens;

namespace {

// Three queries over three keys, query 0 blocked from keys 1 and 2, query 2 from key 0.
Scenario smallScenario()
{
    Scenario s;
    s.name = QStringLiteral("three");
    s.queries = Matrix::Identity(3, 2);
    s.keys = Matrix::Identity(3, 2);
    s.values = Matrix::Identity(3, 2);
    Mask allowed = Mask::Constant(3, 3, true);
    allowed(0, 1) = false;
    allowed(0, 2) = false;
    allowed(2, 0) = false;
    s.allowed = allowed;
    return s;
}

// n queries over n keys, every key allowed except key 0 for query 1 (and its neighbours).
Scenario largeScenario(int n)
{
    Scenario s;
    s.name = QStringLiteral("large");
    s.queries = Matrix::Constant(n, 2, 0.5);
    s.keys = Matrix::Constant(n, 2, 0.25);
    s.values = Matrix::Constant(n, 2, 1.0);
    Mask allowed = Mask::Constant(n, n, true);
    for (int i = 0; i < n; ++i)
        allowed(i, 0) = i == 0;
    s.allowed = allowed;
    return s;
}

/// The share of `area`'s pixels that are exactly `color`.
double share(const QImage &image, const QRect &area, const QColor &color)
{
    const QRect clipped = area.intersected(image.rect());
    if (clipped.isEmpty())
        return 0.0;
    int count = 0;
    for (int y = clipped.top(); y <= clipped.bottom(); ++y)
        for (int x = clipped.left(); x <= clipped.right(); ++x)
            count += QColor(image.pixel(x, y)).rgb() == color.rgb() ? 1 : 0;
    return double(count) / (clipped.width() * clipped.height());
}

void applyTheme(ViewState &state, QWidget &widget, Theme::Kind kind)
{
    // As ThemeController does for the window: the view state's theme and the palette with it.
    state.setThemeKind(kind);
    widget.setPalette(state.theme().palette(QApplication::palette()));
    QCoreApplication::processEvents();
}

} // namespace

TEST(GridTheme, MaskGridCellsTakeTheThemesColours)
{
    AttentionModel model;
    model.setScenario(smallScenario());
    ViewState state;
    MaskEditor editor(&model);
    MaskGridCanvas canvas(&model, &state, &editor);
    canvas.resize(500, 360);
    canvas.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&canvas));

    for (Theme::Kind kind : Theme::kinds()) {
        applyTheme(state, canvas, kind);
        const Theme theme = Theme::make(kind);
        const Theme::MaskGridColors &colors = theme.maskGrid();
        const QImage image = canvas.grab().toImage();
        const QString name = Theme::id(kind);
        const QRect blocked = canvas.cellRect(0, 1).adjusted(2, 2, -3, -3);
        const QRect allowed = canvas.cellRect(0, 0).adjusted(2, 2, -3, -3);
        ASSERT_FALSE(blocked.isEmpty());
        // A blocked cell is the theme's blocked grey under its hatching (and the cross).
        EXPECT_GT(share(image, blocked, colors.blocked), 0.4) << name.toStdString();
        EXPECT_GT(share(image, blocked, colors.blockedHatch), 0.05) << name.toStdString();
        EXPECT_EQ(share(image, blocked, colors.allowed), 0.0) << name.toStdString();
        // An allowed cell is the theme's allowed colour throughout.
        EXPECT_GT(share(image, allowed, colors.allowed), 0.99) << name.toStdString();
        // No other theme's blocked grey or allowed blue shows anywhere in the grid.
        for (Theme::Kind other : Theme::kinds()) {
            const Theme::MaskGridColors otherColors = Theme::make(other).maskGrid();
            if (otherColors.blocked != colors.blocked) {
                EXPECT_LT(share(image, canvas.geometry().gridRect(), otherColors.blocked), 0.01)
                    << name.toStdString() << " shows " << Theme::id(other).toStdString() << "'s blocked fill";
            }
            if (otherColors.allowed != colors.allowed) {
                EXPECT_LT(share(image, canvas.geometry().gridRect(), otherColors.allowed), 0.01)
                    << name.toStdString() << " shows " << Theme::id(other).toStdString() << "'s allowed fill";
            }
        }
    }
}

TEST(GridTheme, ALargeMaskGridsPictureFollowsTheTheme)
{
    // 100 x 100 cells are drawn from a picture, rebuilt when the theme changes.
    AttentionModel model;
    model.setScenario(largeScenario(100));
    ViewState state;
    MaskEditor editor(&model);
    MaskGridCanvas canvas(&model, &state, &editor);
    canvas.resize(600, 600);
    canvas.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&canvas));
    ASSERT_FALSE(canvas.geometry().isDetailed());

    for (Theme::Kind kind : {Theme::Kind::Dark, Theme::Kind::Light, Theme::Kind::Projector}) {
        applyTheme(state, canvas, kind);
        const Theme::MaskGridColors colors = Theme::make(kind).maskGrid();
        const QImage image = canvas.grab().toImage();
        // Key 0 is blocked for every query but the first: a column of the blocked grey.
        const QRect blocked(canvas.cellRect(1, 0).topLeft(), canvas.cellRect(99, 0).bottomRight());
        const QRect allowed(canvas.cellRect(1, 1).topLeft(), canvas.cellRect(99, 99).bottomRight());
        EXPECT_GT(share(image, blocked, colors.blocked), 0.9) << Theme::id(kind).toStdString();
        EXPECT_GT(share(image, allowed, colors.allowed), 0.9) << Theme::id(kind).toStdString();
    }
}

TEST(GridTheme, ComparisonGridCellsTakeTheThemesColours)
{
    ViewState state;
    ComparisonGrid grid(nullptr, &state);
    Matrix values(2, 3);
    values << 0.5, 0.0, 0.5, 0.2, 0.3, 0.5;
    Mask allowed = Mask::Constant(2, 3, true);
    allowed(0, 1) = false;
    grid.setMatrix(QStringLiteral("After"), values, allowed, {QStringLiteral("q1"), QStringLiteral("q2")},
                   {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")}, ComparisonGrid::Scale::Unit);
    grid.resize(420, grid.sizeHint().height());
    grid.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&grid));

    for (Theme::Kind kind : Theme::kinds()) {
        applyTheme(state, grid, kind);
        const Theme::MatrixColors colors = Theme::make(kind).matrix();
        EXPECT_EQ(grid.cellColor(0, 1), colors.maskedFill) << Theme::id(kind).toStdString();
        const QImage image = grid.grab().toImage();
        const QRect masked = grid.cellRect(0, 1).toAlignedRect().adjusted(2, 2, -3, -3);
        ASSERT_FALSE(masked.isEmpty());
        EXPECT_GT(share(image, masked, colors.maskedFill), 0.4) << Theme::id(kind).toStdString();
        EXPECT_GT(share(image, masked, colors.maskedHatch), 0.05) << Theme::id(kind).toStdString();
        for (Theme::Kind other : Theme::kinds()) {
            const QColor otherFill = Theme::make(other).matrix().maskedFill;
            // (A stray anti-aliased pixel of the number may happen to match; a fill would not.)
            if (otherFill != colors.maskedFill) {
                EXPECT_LT(share(image, masked, otherFill), 0.05) << Theme::id(kind).toStdString();
            }
        }
    }

    // With nothing to show, the grey box is the theme's "no result" background.
    grid.setMessage(QStringLiteral("Difference"), QStringLiteral("Nothing yet."));
    for (Theme::Kind kind : {Theme::Kind::Dark, Theme::Kind::Light}) {
        applyTheme(state, grid, kind);
        const QImage image = grid.grab().toImage();
        const QRect box(4, image.height() - 8, 6, 4);
        EXPECT_GT(share(image, box, Theme::make(kind).undefinedBackground()), 0.99) << Theme::id(kind).toStdString();
    }
}

TEST(GridTheme, TheDifferenceScaleIsTheThemes)
{
    ViewState state;
    ComparisonGrid grid(nullptr, &state);
    Matrix difference(1, 3);
    difference << -0.25, 0.0, 0.25;
    grid.setMatrix(QStringLiteral("B − A"), difference, std::nullopt, {QStringLiteral("q1")},
                   {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")},
                   ComparisonGrid::Scale::Difference);
    grid.resize(420, grid.sizeHint().height());
    grid.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&grid));
    for (Theme::Kind kind : Theme::kinds()) {
        applyTheme(state, grid, kind);
        const Theme::MatrixColors colors = Theme::make(kind).matrix();
        // The largest loss and gain are the scale's ends, no change its middle.
        EXPECT_EQ(grid.cellColor(0, 0).rgb(), colors.differenceNegative.rgb());
        EXPECT_EQ(grid.cellColor(0, 1).rgb(), colors.differenceZero.rgb());
        EXPECT_EQ(grid.cellColor(0, 2).rgb(), colors.differencePositive.rgb());
        const QImage image = grid.grab().toImage();
        const QRect gain = grid.cellRect(0, 2).toAlignedRect().adjusted(2, 2, -3, -3);
        EXPECT_GT(share(image, gain, colors.differencePositive), 0.5) << Theme::id(kind).toStdString();
    }
}

TEST(GridTheme, EveryThemeKeepsItsGridColoursApart)
{
    // What the eye must tell apart in each theme: allowed from blocked, blocked from the
    // background around the grid, the refusal red from the blocked grey.
    for (Theme::Kind kind : Theme::kinds()) {
        const Theme theme = Theme::make(kind);
        const Theme::MaskGridColors &c = theme.maskGrid();
        const auto distance = [](const QColor &a, const QColor &b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
        };
        const QColor background = theme.palette(QApplication::palette()).color(QPalette::Window);
        EXPECT_GT(distance(c.allowed, c.blocked), 150) << Theme::id(kind).toStdString();
        EXPECT_GT(distance(c.blocked, background), 20) << Theme::id(kind).toStdString();
        EXPECT_GT(distance(c.blockedHatch, c.blocked), 60) << Theme::id(kind).toStdString();
        EXPECT_GT(distance(c.refusal, c.undefinedRow), 150) << Theme::id(kind).toStdString();
        EXPECT_GT(distance(c.hoverOutline, c.allowed), 150) << Theme::id(kind).toStdString();
        EXPECT_GT(distance(theme.matrix().maskedFill, theme.matrix().maskedText), 150)
            << Theme::id(kind).toStdString();
    }
}
