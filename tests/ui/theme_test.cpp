// Themes as a user meets them: View > Theme repaints every view at once, the choice is
// remembered, and each theme keeps text readable on its own background.
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "theme.h"
#include "themecontroller.h"
#include "tokenpalette.h"
#include "viewstate.h"
#include "weightschartview.h"

#include <QAction>
#include <QApplication>
#include <QSettings>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

double relativeLuminance(const QColor &color)
{
    auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor pixel(QWidget *widget, QPoint at)
{
    const QImage image = widget->grab().toImage();
    const double dpr = image.devicePixelRatio();
    return image.pixelColor(int(at.x() * dpr), int(at.y() * dpr));
}

class ThemeTest : public ::testing::Test {
protected:
    void SetUp() override { QSettings().clear(); }
    void TearDown() override
    {
        windows.clear();
        ViewState state;
        ThemeController controller(&state, nullptr);  // back to Light for the next test
        Q_UNUSED(controller);
    }

    MainWindow &open()
    {
        windows.push_back(std::make_unique<MainWindow>());
        MainWindow &w = *windows.back();
        w.resize(1280, 720);
        w.openScenario(loadBuiltinScenario(QStringLiteral("lesson")).value(), QStringLiteral("lesson"));
        w.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&w));
        settleEvents();
        return w;
    }

    std::vector<std::unique_ptr<MainWindow>> windows;
};

} // namespace

TEST(Theme, IdsRoundTripAndUnknownWordsAreRefused)
{
    for (Theme::Kind kind : Theme::kinds())
        EXPECT_EQ(Theme::fromId(Theme::id(kind)), kind);
    EXPECT_EQ(Theme::ids(), (QStringList{QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("projector")}));
    EXPECT_FALSE(Theme::fromId(QStringLiteral("solarized")).has_value());
    EXPECT_FALSE(Theme::fromId(QString()).has_value());
}

TEST(Theme, TextAndTokensReadOnTheirBackground)
{
    for (Theme::Kind kind : Theme::kinds()) {
        const Theme theme = Theme::make(kind);
        SCOPED_TRACE(Theme::id(kind).toStdString());
        EXPECT_GE(contrast(theme.textColor(), theme.plotBackground()), 7.0);
        EXPECT_GE(contrast(theme.textColor(), theme.viewBackground()), 7.0);
        EXPECT_GE(contrast(theme.keyColor(), theme.plotBackground()), 7.0);
        EXPECT_GE(contrast(theme.hintColor(), theme.plotBackground()), 4.5);
        EXPECT_GE(contrast(theme.highlightColor(), theme.plotBackground()), 3.0);
        for (int i = 0; i < 6; ++i) {
            // Query labels are written in their colour: at least large-text contrast.
            EXPECT_GE(contrast(theme.readableText(theme.queryColor(i)), theme.plotBackground()), 3.0) << i;
        }
        const QPalette palette = theme.palette(QApplication::palette());
        EXPECT_GE(contrast(palette.color(QPalette::WindowText), palette.color(QPalette::Window)), 7.0);
        EXPECT_GE(contrast(palette.color(QPalette::Text), palette.color(QPalette::Base)), 7.0);
    }
    const Theme projector = Theme::make(Theme::Kind::Projector);
    EXPECT_EQ(projector.textColor(), QColor(Qt::black));
    EXPECT_GT(projector.lineWidthFactor(), 1.4);
    EXPECT_GT(projector.fontFactor(), 1.1);
    EXPECT_GT(relativeLuminance(projector.plotBackground()), 0.95);
}

TEST_F(ThemeTest, DarkRepaintsEveryViewAtOnceAndIsRemembered)
{
    MainWindow &w = open();
    KeySpaceView *keySpace = w.keySpaceView();
    const QPoint corner(3, keySpace->height() - 3);
    const QColor lightKeySpace = pixel(keySpace, corner);
    const QColor lightHeatmap = pixel(w.heatmapView(), QPoint(3, 3));
    const QColor lightChart = pixel(w.weightsChartView(), QPoint(3, 3));
    EXPECT_GT(lightKeySpace.lightnessF(), 0.85);
    EXPECT_GT(lightHeatmap.lightnessF(), 0.85);

    QAction *dark = w.themeController()->themeAction(Theme::Kind::Dark);
    ASSERT_NE(dark, nullptr);
    dark->trigger();
    settleEvents();
    EXPECT_EQ(w.viewState()->themeKind(), Theme::Kind::Dark);
    EXPECT_TRUE(dark->isChecked());
    EXPECT_LT(pixel(keySpace, corner).lightnessF(), 0.25);
    EXPECT_LT(pixel(w.heatmapView(), QPoint(3, 3)).lightnessF(), 0.25);
    EXPECT_LT(pixel(w.weightsChartView(), QPoint(3, 3)).lightnessF(), 0.25);
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightnessF(), 0.25);
    // Keys are drawn light on the dark plane.
    EXPECT_GT(w.viewState()->theme().keyColor().lightnessF(), 0.7);
    EXPECT_EQ(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("dark"));

    // The next window starts in the remembered theme.
    MainWindow &again = open();
    EXPECT_EQ(again.viewState()->themeKind(), Theme::Kind::Dark);
    EXPECT_TRUE(again.themeController()->themeAction(Theme::Kind::Dark)->isChecked());

    w.themeController()->themeAction(Theme::Kind::Light)->trigger();
    settleEvents();
    EXPECT_EQ(pixel(keySpace, corner), lightKeySpace);
    EXPECT_EQ(pixel(w.heatmapView(), QPoint(3, 3)), lightHeatmap);
    EXPECT_EQ(pixel(w.weightsChartView(), QPoint(3, 3)), lightChart);
    EXPECT_EQ(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("light"));
}

TEST_F(ThemeTest, ProjectorMakesTextBiggerAndLinesThicker)
{
    MainWindow &w = open();
    const int before = QFontInfo(w.heatmapView()->font()).pixelSize();
    w.themeController()->themeAction(Theme::Kind::Projector)->trigger();
    settleEvents();
    EXPECT_GT(QFontInfo(w.heatmapView()->font()).pixelSize(), before);
    EXPECT_GT(w.viewState()->lineWidthFactor(), 1.4);
    EXPECT_EQ(w.viewState()->theme().queryColor(0), Theme::make(Theme::Kind::Projector).queryColor(0));
}
