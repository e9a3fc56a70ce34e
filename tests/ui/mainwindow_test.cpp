// The whole window as a student meets it: every view present and drawn, a drag that every view
// follows, refusals that explain themselves, and a layout that is remembered.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "colormap.h"
#include "contextchartview.h"
#include "coretestsupport.h"
#include "errorbanner.h"
#include "heatmapview.h"
#include "lesson.h"
#include "lessonpanel.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "temperaturepanel.h"
#include "textprobe.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "workednumbersview.h"

#include <QAction>
#include <QBarSet>
#include <QLabel>
#include <QDockWidget>
#include <QSet>
#include <QTabBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QScrollBar>
#include <QTest>

#include <gtest/gtest.h>

#include <algorithm>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::builtinScenario;

namespace {

int distinctColors(const QImage &image)
{
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colors.insert(image.pixel(x, y));
    return static_cast<int>(colors.size());
}

double luminance(QRgb rgb)
{
    return 0.2126 * qRed(rgb) + 0.7152 * qGreen(rgb) + 0.0722 * qBlue(rgb);
}

QList<QWidget *> allViews(const MainWindow &window)
{
    return {window.keySpaceView(),     window.heatmapView(),      window.weightsChartView(),
            window.contextChartView(), window.temperaturePanel(), window.maskGridView(),
            window.workedNumbersView()};
}

class MainWindowTest : public ::testing::Test {
protected:
    void SetUp() override { QSettings().clear(); }
};

} // namespace

TEST_F(MainWindowTest, EveryViewIsShownAndDrawnAt1280x720)
{
    MainWindow window;
    window.resize(1280, 720);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();

    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("Notebook lesson")));
    const QRect inside = window.rect();
    for (QWidget *view : allViews(window)) {
        SCOPED_TRACE(view->objectName().toStdString());
        // The worked numbers share a tab with the heatmap; bring each one to the front.
        if (auto *dock = qobject_cast<QDockWidget *>(view->parentWidget()))
            dock->raise();
        settleEvents();
        ASSERT_TRUE(view->isVisible());
        const QRect onWindow(view->mapTo(&window, QPoint(0, 0)), view->size());
        EXPECT_TRUE(inside.contains(onWindow)) << "view leaves the window";
        EXPECT_GE(view->width(), 150);
        EXPECT_GE(view->height(), 40);  // the temperature strip is the flattest
        EXPECT_GT(distinctColors(view->grab().toImage()), 8) << "view looks blank";
    }
    EXPECT_FALSE(window.errorBanner()->isVisible());
}

TEST_F(MainWindowTest, DraggingTheArrowMovesTheQueryAndEveryViewFollows)
{
    MainWindow window;
    window.resize(1280, 720);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    window.viewState()->setShowValues(false);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();

    KeySpaceView *keySpace = window.keySpaceView();
    HeatmapView *heatmap = window.heatmapView();
    const QPoint cellB = heatmap->cellRect(0, 1).center().toPoint();
    const double weightBefore = window.model()->result()->weights(0, 1);
    const double luminanceBefore = luminance(heatmap->grab().toImage().pixel(cellB));

    // Drag the tip of q = [1, 0] up towards memory B = [0, 1].
    const QPoint from = keySpace->tipPosition(0).toPoint();
    const QPoint to = keySpace->dataToWidget(QPointF(0.2, 1.0)).toPoint();
    QTest::mousePress(keySpace, Qt::LeftButton, Qt::NoModifier, from);
    const QPoint halfway = (from + to) / 2;
    QTest::mouseMove(keySpace, halfway);
    settleEvents();
    // Live: the model moved before the button is released.
    EXPECT_GT(window.model()->scenario().queries(0, 1), 0.2);
    QTest::mouseMove(keySpace, to);
    QTest::mouseRelease(keySpace, Qt::LeftButton, Qt::NoModifier, to);
    settleEvents();

    const Eigen::RowVectorXd query = window.model()->scenario().queries.row(0);
    EXPECT_NEAR(query(0), 0.2, 0.05);
    EXPECT_NEAR(query(1), 1.0, 0.05);

    const double weightAfter = window.model()->result()->weights(0, 1);
    EXPECT_GT(weightAfter, weightBefore);
    // YlGnBu darkens as the weight grows, so B's cell must be darker now.
    EXPECT_LT(luminance(heatmap->grab().toImage().pixel(cellB)), luminanceBefore - 10);
    // The chart shows the model's new weight for B.
    EXPECT_DOUBLE_EQ(window.weightsChartView()->weightSet()->at(1), weightAfter);
}

TEST_F(MainWindowTest, RefusedMaskCellIsExplainedInTheStatusBar)
{
    MainWindow window;
    window.resize(1280, 720);
    Scenario scenario = builtinScenario(kLessonScenarioId);
    scenario.allowed = Mask(1, 3);
    (*scenario.allowed) << true, false, false;
    window.openScenario(scenario, QStringLiteral("lesson"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();

    MaskGridCanvas *grid = window.maskGridView()->grid();
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(0, 0).center());
    settleEvents();
    EXPECT_TRUE(window.model()->scenario().isAllowed(0, 0)) << "the last allowed key stays allowed";
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("Row 1")))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(window.model()->isValid());
}

TEST_F(MainWindowTest, AScenarioWithAnEmptyRowShowsTheBannerNotNumbers)
{
    MainWindow window;
    window.resize(1280, 720);
    Scenario scenario = builtinScenario(kLessonScenarioId);
    scenario.allowed = Mask::Constant(1, 3, false);
    window.openScenario(scenario, QStringLiteral("lesson"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();

    EXPECT_TRUE(window.errorBanner()->isVisible());
    EXPECT_TRUE(window.errorBanner()->text().contains(QStringLiteral("no allowed key")));
    // What is on screen, not only what the banner would say: its label reads the message, on the
    // amber style the banner takes with its first message.
    bool labelShowsIt = false;
    for (const QLabel *label : window.errorBanner()->findChildren<QLabel *>())
        labelShowsIt = labelShowsIt || (label->isVisible() && label->text().contains(QStringLiteral("no allowed key")));
    EXPECT_TRUE(labelShowsIt);
    EXPECT_TRUE(window.errorBanner()->styleSheet().contains(QStringLiteral("#fff3cd")));
    EXPECT_FALSE(window.weightsChartView()->errorText().isEmpty());
    EXPECT_FALSE(window.errorBanner()->text().contains(QStringLiteral("nan"), Qt::CaseInsensitive));

    // Allowing one key brings every view back.
    window.model()->setMaskCell(0, 2, true);
    settleEvents();
    EXPECT_FALSE(window.errorBanner()->isVisible());
    EXPECT_EQ(window.model()->result()->weights(0, 2), 1.0);
}

TEST_F(MainWindowTest, AStartWithAValidScenarioBuildsNoBannerMessage)
{
    // The window is built around an empty scenario (a refusal) before its document arrives; the
    // banner's message, style sheet and icon are made only when a refusal is on screen.
    MainWindow window;
    window.resize(1280, 720);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    EXPECT_FALSE(window.errorBanner()->isVisible());
    EXPECT_TRUE(window.errorBanner()->text().isEmpty());
    EXPECT_TRUE(window.errorBanner()->styleSheet().isEmpty());
    for (const QLabel *label : window.errorBanner()->findChildren<QLabel *>()) {
        EXPECT_TRUE(label->text().isEmpty());
        EXPECT_TRUE(label->pixmap().isNull());
    }
}

TEST_F(MainWindowTest, DockTabsKeepTheirWholeNamesAt1024)
{
    // With the labs open beside the heatmap, numbers, matrices and all heads at 1024 x 768, Qt
    // would shorten every tab to "Heat…": the names stay whole, the tab bar scrolls instead.
    MainWindow window;
    window.resize(1024, 740);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->objectName().endsWith(QStringLiteral("LabAction")))
            action->trigger();
    }
    settleEvents();
    int tabs = 0;
    for (QTabBar *bar : window.findChildren<QTabBar *>()) {
        if (!bar->isVisible())
            continue;
        EXPECT_EQ(bar->elideMode(), Qt::ElideNone);
        for (int i = 0; i < bar->count(); ++i, ++tabs) {
            EXPECT_GE(bar->tabRect(i).width(), bar->fontMetrics().horizontalAdvance(bar->tabText(i)))
                << bar->tabText(i).toStdString();
        }
    }
    EXPECT_GE(tabs, 6);
}

TEST_F(MainWindowTest, RendersAt2560x1440)
{
    MainWindow window;
    window.resize(2560, 1440);
    window.openScenario(loadBuiltinScenario(QStringLiteral("causal-padding")).value(),
                        QStringLiteral("causal-padding"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    const QImage image = window.grab().toImage();
    EXPECT_EQ(image.width(), 2560 * static_cast<int>(window.devicePixelRatioF()));
    EXPECT_FALSE(window.errorBanner()->isVisible());

    // Every view in front (a dock tab behind another is moved out of the window) gets a
    // generous share of the big screen, and no two of them overlap.
    const auto inWindow = [&window](QWidget *view) {
        return QRect(view->mapTo(&window, QPoint(0, 0)), view->size());
    };
    QList<QWidget *> shown;
    for (QWidget *view : allViews(window)) {
        if (view->isVisible() && window.rect().contains(inWindow(view)))
            shown.append(view);
    }
    ASSERT_GE(shown.size(), 6) << "key space, heatmap, both charts, temperature and mask in front";
    for (int i = 0; i < shown.size(); ++i) {
        QWidget *view = shown.at(i);
        const QRect area = inWindow(view);
        SCOPED_TRACE(view->objectName().toStdString());
        EXPECT_GE(area.width(), 500);
        EXPECT_GE(area.height(), view == window.temperaturePanel() ? 40 : 200);
        for (int j = i + 1; j < shown.size(); ++j)
            EXPECT_FALSE(area.intersects(inWindow(shown.at(j)))) << shown.at(j)->objectName().toStdString();
    }
    EXPECT_TRUE(shown.contains(window.heatmapView()));
    EXPECT_GE(window.keySpaceView()->width(), 1200) << "the key space takes the middle of the screen";

    // The heatmap names every query and key of the scenario on its axes, none cut short.
    const Scenario &scenario = window.model()->scenario();
    ASSERT_TRUE(window.heatmapView()->isVisible());
    const QVector<DrawnText> heatmapTexts = drawnTexts(window.heatmapView());
    const auto paintedInFull = [&heatmapTexts](const QString &label) {
        return std::any_of(heatmapTexts.begin(), heatmapTexts.end(),
                           [&label](const DrawnText &t) { return t.text == label && !isCut(t); });
    };
    for (Index i = 0; i < scenario.queryCount(); ++i)
        EXPECT_TRUE(paintedInFull(scenario.queryLabel(i))) << scenario.queryLabel(i).toStdString();
    for (Index j = 0; j < scenario.keyCount(); ++j)
        EXPECT_TRUE(paintedInFull(scenario.keyLabel(j))) << scenario.keyLabel(j).toStdString();

    // The weights chart's bars are the selected query's weights.
    const QList<QBarSet *> bars = window.weightsChartView()->findChildren<QBarSet *>();
    const AttentionResult *result = window.model()->result();
    ASSERT_NE(result, nullptr);
    const int query = window.viewState()->selectedQuery();
    bool foundWeights = false;
    for (const QBarSet *set : bars) {
        if (set->count() != scenario.keyCount())
            continue;
        bool same = true;
        for (int j = 0; j < set->count(); ++j)
            same = same && set->at(j) == result->weights(query, j);
        foundWeights = foundWeights || same;
    }
    EXPECT_TRUE(foundWeights) << "a bar set holds query " << query << "'s weights";
}

TEST_F(MainWindowTest, ColourMapAndLayoutAreRemembered)
{
    {
        MainWindow window;
        window.resize(1100, 700);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.viewState()->setColorMapKind(ColorMap::Kind::Viridis);
        window.viewState()->setShowValues(false);
        window.close();
    }
    MainWindow reopened;
    EXPECT_EQ(reopened.viewState()->colorMapKind(), ColorMap::Kind::Viridis);
    EXPECT_FALSE(reopened.viewState()->showValues());
    EXPECT_EQ(reopened.size(), QSize(1100, 700));
}

// A new user is never left without the lesson: the first start is known (the app opens the
// lesson then), a line in the status bar says how to open it while it is closed, and the Help menu
// names its key.
TEST_F(MainWindowTest, TheFirstStartIsKnownAndTheLessonKeyIsAlwaysInSight)
{
    {
        MainWindow window;
        EXPECT_TRUE(window.isFirstStart());
        window.resize(1280, 720);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        auto *hint = window.findChild<QLabel *>(QStringLiteral("lessonHint"));
        ASSERT_NE(hint, nullptr);
        EXPECT_TRUE(hint->isVisible());
        EXPECT_TRUE(hint->text().contains(QLatin1String("F9")));
        auto *start = window.findChild<QAction *>(QStringLiteral("startLessonAction"));
        ASSERT_NE(start, nullptr);
        EXPECT_TRUE(start->text().endsWith(QLatin1String("\tF9")));
        // F9 (View > Lesson) opens it, and then the line goes away.
        window.findChild<QAction *>(QStringLiteral("lessonDockAction"))->trigger();
        settleEvents();
        EXPECT_TRUE(window.lessonDock()->isVisible());
        EXPECT_FALSE(hint->isVisible());
        EXPECT_GE(window.lessonPanel()->currentStep(), 0);
        window.close();
    }
    MainWindow again;
    EXPECT_FALSE(again.isFirstStart());
}

// A projector of 1280x720 or 1024x768: the first start fills the screen (a 1280x720 window and
// the window manager's title bar would not fit, and the status bar would fall off the bottom);
// a larger screen gets 1280x720.
TEST_F(MainWindowTest, TheFirstStartFitsTheScreen)
{
    MainWindow window;
    ASSERT_TRUE(window.isFirstStart());
    const QRect available = window.screen()->availableGeometry();
    window.showFitted();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    if (available.width() < 1360 || available.height() < 800) {
        EXPECT_TRUE(window.windowState() & Qt::WindowMaximized) << available.width() << "x" << available.height();
    } else {
        EXPECT_FALSE(window.windowState() & Qt::WindowMaximized);
        EXPECT_EQ(window.size(), QSize(1280, 720));
    }
    const bool maximized = window.windowState() & Qt::WindowMaximized;
    window.close();
    // Later starts open as the user left the window.
    MainWindow again;
    EXPECT_FALSE(again.isFirstStart());
    again.showFitted();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&again));
    EXPECT_EQ(bool(again.windowState() & Qt::WindowMaximized), maximized);
}

// The lesson's softmax and weighted-sum steps bring the worked numbers to the part they discuss,
// also when the panel is behind another tab until the student looks.
TEST_F(MainWindowTest, LessonStepsScrollTheWorkedNumbersToTheirPart)
{
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    for (const auto &[id, section] : {std::pair{"softmax-weights", WorkedNumbersView::Section::Softmax},
                                      std::pair{"weighted-sum", WorkedNumbersView::Section::Context},
                                      std::pair{"scaled-scores", WorkedNumbersView::Section::Scores}}) {
        SCOPED_TRACE(id);
        window.startLesson(attnlens::test::lessonStepIndex(id));
        settleEvents();
        auto *dock = qobject_cast<QDockWidget *>(window.workedNumbersView()->parentWidget());
        ASSERT_NE(dock, nullptr);
        dock->show();
        dock->raise();
        settleEvents();
        WorkedNumbersView *view = window.workedNumbersView();
        const QRectF heading = view->sectionRect(section);
        ASSERT_FALSE(heading.isEmpty());
        EXPECT_GE(heading.top(), -0.5);
        EXPECT_LE(heading.bottom(), view->viewport()->height());
        if (view->verticalScrollBar()->value() < view->verticalScrollBar()->maximum()) {
            EXPECT_LT(heading.top(), view->fontMetrics().height());
        }
    }
}
