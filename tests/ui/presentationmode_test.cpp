// Presentation mode (F5) as a lecturer meets it: the editing panels go, the projector theme and
// big text come, every label stays inside its view without overlapping another at 1280x720 and
// 1920x1080 and at every text size, the hovered cell lights up, and Escape puts everything back.
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "lessonpanel.h"
#include "lesson.h"
#include "mainwindow.h"
#include "matrixeditorview.h"
#include "presentationflash.h"
#include "presentationmode.h"
#include "presentationstage.h"
#include "temperaturepanel.h"
#include "theme.h"
#include "themecontroller.h"
#include "viewstate.h"
#include "weightschartview.h"

#include <QAction>
#include <QDockWidget>
#include <QFontInfo>
#include <QLabel>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QStatusBar>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

bool onScreen(const QWidget *widget)
{
    if (!widget->isVisible())
        return false;
    const QRect inWindow(widget->mapTo(widget->window(), QPoint(0, 0)), widget->size());
    return widget->window()->rect().intersects(inWindow);
}

/// Every rectangle inside `bounds` (half a pixel of slack for antialiased edges) and no two
/// overlapping by more than half a pixel.
::testing::AssertionResult labelsFit(const QVector<QRectF> &rects, const QRectF &bounds)
{
    const QRectF slack = bounds.adjusted(-0.5, -0.5, 0.5, 0.5);
    for (int i = 0; i < rects.size(); ++i) {
        const QRectF &rect = rects.at(i);
        if (!slack.contains(rect)) {
            return ::testing::AssertionFailure()
                << "label " << i << " (" << rect.x() << "," << rect.y() << " " << rect.width() << "x"
                << rect.height() << ") leaves the view (" << bounds.width() << "x" << bounds.height() << ")";
        }
        for (int j = i + 1; j < rects.size(); ++j) {
            const QRectF overlap = rect.intersected(rects.at(j));
            if (overlap.width() > 0.5 && overlap.height() > 0.5) {
                return ::testing::AssertionFailure()
                    << "labels " << i << " (" << rect.x() << "," << rect.y() << " " << rect.width() << "x"
                    << rect.height() << ") and " << j << " (" << rects.at(j).x() << "," << rects.at(j).y()
                    << " " << rects.at(j).width() << "x" << rects.at(j).height() << ") overlap";
            }
        }
    }
    return ::testing::AssertionSuccess();
}

class PresentationModeTest : public ::testing::Test {
protected:
    void SetUp() override { QSettings().clear(); }
    void TearDown() override
    {
        // The palette and token colours are the application's: leave them as Light for the next test.
        window.reset();
        ViewState state;
        ThemeController controller(&state, nullptr);
        Q_UNUSED(controller);
    }

    MainWindow &open(const QString &scenario, bool lesson)
    {
        window = std::make_unique<MainWindow>();
        window->presentationMode()->setFullScreenEnabled(false);
        window->resize(1280, 720);
        window->openScenario(loadBuiltinScenario(scenario).value(), scenario);
        window->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        if (lesson)
            window->startLesson(attnlens::test::lessonStepIndex("query-and-memory"));  // a key-space step
        settleEvents();
        return *window;
    }

    std::unique_ptr<MainWindow> window;
};

} // namespace

TEST_F(PresentationModeTest, F5HidesTheEditingDocksAndEscapeRestoresThemAndTheTheme)
{
    MainWindow &w = open(QStringLiteral("lesson"), true);
    w.viewState()->setThemeKind(Theme::Kind::Dark);
    settleEvents();
    const QByteArray stateBefore = w.saveState();
    const QFont fontBefore = w.keySpaceView()->font();
    ASSERT_TRUE(w.matricesDock()->isVisible());
    ASSERT_TRUE(w.findChild<QDockWidget *>(QStringLiteral("maskGridViewDock"))->isVisible());

    QTest::keyClick(&w, Qt::Key_F5);
    settleEvents();
    EXPECT_TRUE(w.presentationMode()->isActive());
    EXPECT_TRUE(w.viewState()->isPresenting());
    EXPECT_EQ(w.viewState()->themeKind(), Theme::Kind::Projector);
    EXPECT_FALSE(w.matricesDock()->isVisible());
    EXPECT_FALSE(w.historyDock()->isVisible());
    EXPECT_FALSE(w.findChild<QDockWidget *>(QStringLiteral("maskGridViewDock"))->isVisible());
    EXPECT_TRUE(w.heatmapView()->isVisible());
    EXPECT_TRUE(w.weightsChartView()->isVisible());
    EXPECT_TRUE(w.temperaturePanel()->isVisible());
    EXPECT_TRUE(w.lessonPanel()->isVisible());
    EXPECT_FALSE(w.lessonDock()->isVisible());  // no dock title bars or close buttons
    EXPECT_TRUE(w.keySpaceView()->isVisible());
    EXPECT_FALSE(w.statusBar()->isVisible());
    EXPECT_EQ(w.menuBar()->height(), 0);
    EXPECT_TRUE(w.presentationMode()->hintLabel()->isVisible());
    EXPECT_TRUE(w.presentationMode()->toggleAction()->isChecked());

    QTest::keyClick(&w, Qt::Key_Escape);
    settleEvents();
    EXPECT_FALSE(w.presentationMode()->isActive());
    EXPECT_FALSE(w.viewState()->isPresenting());
    EXPECT_EQ(w.viewState()->themeKind(), Theme::Kind::Dark);
    EXPECT_TRUE(w.matricesDock()->isVisible());
    EXPECT_TRUE(w.findChild<QDockWidget *>(QStringLiteral("maskGridViewDock"))->isVisible());
    EXPECT_FALSE(w.historyDock()->isVisible());
    EXPECT_TRUE(w.statusBar()->isVisible());
    EXPECT_GT(w.menuBar()->height(), 0);
    EXPECT_EQ(w.keySpaceView()->font(), fontBefore);
    EXPECT_EQ(w.saveState(), stateBefore);
    EXPECT_FALSE(w.presentationMode()->toggleAction()->isChecked());
    // The Projector theme of the presentation is not what View > Theme remembers.
    EXPECT_FALSE(QSettings().contains(QStringLiteral("view/theme")));
}

TEST_F(PresentationModeTest, F5AgainLeavesAndFullScreenIsUndone)
{
    MainWindow &w = open(QStringLiteral("lesson"), false);
    w.presentationMode()->setFullScreenEnabled(true);
    const QRect geometryBefore = w.geometry();
    QTest::keyClick(&w, Qt::Key_F5);
    settleEvents();
    EXPECT_TRUE(w.windowState() & Qt::WindowFullScreen);
    QTest::keyClick(&w, Qt::Key_F5);
    settleEvents();
    EXPECT_FALSE(w.presentationMode()->isActive());
    EXPECT_FALSE(w.windowState() & Qt::WindowFullScreen);
    EXPECT_EQ(w.geometry().size(), geometryBefore.size());
}

TEST_F(PresentationModeTest, CtrlPlusEnlargesTheViewFontAndCtrlZeroResetsIt)
{
    MainWindow &w = open(QStringLiteral("lesson"), false);
    const int desktop = QFontInfo(w.keySpaceView()->font()).pixelSize();
    QTest::keyClick(&w, Qt::Key_F5);
    settleEvents();
    // Presenting starts at the smallest size the back of the room reads on this 720-line window.
    const int before = QFontInfo(w.keySpaceView()->font()).pixelSize();
    EXPECT_GE(before, PresentationMode::minimumTextPixels(720));
    EXPECT_GT(before, desktop);
    const int heatmapBefore = QFontInfo(w.heatmapView()->font()).pixelSize();
    const int readable = w.viewState()->textScalePercent();
    QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
    settleEvents();
    EXPECT_GT(w.viewState()->textScalePercent(), readable);
    EXPECT_GT(QFontInfo(w.keySpaceView()->font()).pixelSize(), before);
    EXPECT_GT(QFontInfo(w.heatmapView()->font()).pixelSize(), heatmapBefore);
    for (int i = 0; i < 10; ++i)
        QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
    // As large as the 1280x720 window holds, and the window keeps its size.
    const int largest = w.viewState()->textScalePercent();
    EXPECT_GE(largest, readable * 3 / 2);
    settleEvents();
    EXPECT_EQ(w.size(), QSize(1280, 720));
    EXPECT_TRUE(w.presentationMode()->stage()->fits());
    QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier);
    EXPECT_LT(w.viewState()->textScalePercent(), largest);
    QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
    settleEvents();
    EXPECT_EQ(w.viewState()->textScalePercent(), readable);
    EXPECT_EQ(QFontInfo(w.keySpaceView()->font()).pixelSize(), before);
    // Leaving puts back the size from before the presentation.
    QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
    QTest::keyClick(&w, Qt::Key_Escape);
    EXPECT_EQ(w.viewState()->textScalePercent(), 100);
    EXPECT_EQ(QFontInfo(w.keySpaceView()->font()).pixelSize(), desktop);
}

TEST_F(PresentationModeTest, PageDownStillStepsTheLesson)
{
    MainWindow &w = open(QStringLiteral("lesson"), true);
    QTest::keyClick(&w, Qt::Key_F5);
    settleEvents();
    ASSERT_TRUE(w.presentationMode()->isActive());
    const int step = w.lessonPanel()->currentStep();
    w.lessonPanel()->revealAnswers();  // else the first PageDown reveals the step's answers
    QWidget *target = QApplication::focusWidget() ? QApplication::focusWidget() : static_cast<QWidget *>(&w);
    QTest::keyClick(target, Qt::Key_PageDown);
    settleEvents();
    EXPECT_EQ(w.lessonPanel()->currentStep(), step + 1);
    target = QApplication::focusWidget() ? QApplication::focusWidget() : static_cast<QWidget *>(&w);
    QTest::keyClick(target, Qt::Key_PageUp);
    settleEvents();
    EXPECT_EQ(w.lessonPanel()->currentStep(), step);
    EXPECT_TRUE(w.presentationMode()->isActive());
}

TEST_F(PresentationModeTest, HoveredCellGetsTheLaserPointerRingOnlyWhilePresenting)
{
    MainWindow &w = open(QStringLiteral("lesson"), false);
    const QColor highlight = Theme::make(Theme::Kind::Projector).highlightColor();
    auto highlightPixels = [&] {
        const QRectF cell = w.heatmapView()->cellRect(0, 1);
        const QImage image = w.heatmapView()->grab().toImage();
        const double dpr = image.devicePixelRatio();
        int count = 0;
        const QRect around = cell.adjusted(-8, -8, 8, 8).toAlignedRect();
        for (int y = around.top(); y <= around.bottom(); ++y) {
            for (int x = around.left(); x <= around.right(); ++x) {
                const QColor pixel = image.pixelColor(int(x * dpr), int(y * dpr));
                if (std::abs(pixel.red() - highlight.red()) < 40 && std::abs(pixel.green() - highlight.green()) < 40
                    && std::abs(pixel.blue() - highlight.blue()) < 40)
                    ++count;
            }
        }
        return count;
    };
    w.viewState()->setThemeKind(Theme::Kind::Projector);
    w.viewState()->setHover(0, 1);
    settleEvents();
    EXPECT_LT(highlightPixels(), 5);
    w.viewState()->setThemeKind(Theme::Kind::Light);
    w.presentationMode()->enter();
    w.viewState()->setHover(0, 1);
    settleEvents();
    EXPECT_GT(highlightPixels(), 40);
    w.presentationMode()->leave();
}

TEST_F(PresentationModeTest, AWindowDestroyedWhilePresentingOrJustAfterFreesEveryWidget)
{
    // Presenting holds the window's own central widget outside the window (takeCentralWidget),
    // and leaving hands the stage to a deferred delete: a window destroyed in either state used
    // to leave them without a parent, never freed (LeakSanitizer found it under the UI monkey).
    QPointer<QWidget> central;
    {
        MainWindow w;
        w.show();
        central = w.centralWidget();
        ASSERT_TRUE(central);
        w.presentationMode()->enter();
        ASSERT_NE(w.centralWidget(), central.data());
    }
    EXPECT_TRUE(central.isNull()) << "the central widget outlived a window closed while presenting";

    QPointer<QWidget> stage;
    {
        MainWindow w;
        w.show();
        w.presentationMode()->enter();
        stage = w.centralWidget();
        ASSERT_TRUE(stage);
        w.presentationMode()->leave();  // the stage's delete waits for the event loop
        ASSERT_TRUE(stage);
    }
    EXPECT_TRUE(stage.isNull()) << "the stage outlived a window closed right after presenting";
}

TEST_F(PresentationModeTest, ThickerArrowsWhilePresenting)
{
    MainWindow &w = open(QStringLiteral("lesson"), false);
    const double before = w.viewState()->lineWidthFactor();
    w.presentationMode()->enter();
    EXPECT_GE(w.viewState()->lineWidthFactor(), 1.9 * before);
    w.presentationMode()->leave();
    EXPECT_DOUBLE_EQ(w.viewState()->lineWidthFactor(), before);
}

// The test: in presentation mode every label's rectangle is inside its view and none
// overlaps another, at 1280x720 and 1920x1080, at 100 % and at the largest text size (the
// largest that Ctrl+plus reaches: it stops where the views would no longer fit the screen).
TEST_F(PresentationModeTest, NoLabelIsClippedOrOverlapsAnotherAtProjectorSizes)
{
    const struct {
        const char *scenario;
        bool lesson;
    } cases[] = {{"lesson", true}, {"lesson", false}, {"three-queries", false}, {"causal-padding", false}};
    for (const auto &c : cases) {
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            MainWindow &w = open(QString::fromLatin1(c.scenario), c.lesson);
            w.resize(size);
            settleEvents();
            w.presentationMode()->enter();
            for (bool largest : {false, true}) {
                if (largest) {
                    for (int i = 0; i < 8; ++i)
                        QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
                }
                settleEvents();
                const int scale = w.viewState()->textScalePercent();
                const std::string where = std::string(c.scenario) + (c.lesson ? " with the lesson" : "") + " at "
                    + std::to_string(size.width()) + "x" + std::to_string(size.height()) + ", text "
                    + std::to_string(scale) + " %";
                SCOPED_TRACE(where);
                ASSERT_EQ(w.size(), size);
                // Big text is the point of presenting: never below the rule for this height.
                EXPECT_GE(QFontInfo(w.keySpaceView()->font()).pixelSize(),
                          PresentationMode::minimumTextPixels(size.height()));
                ASSERT_TRUE(onScreen(w.keySpaceView()));
                ASSERT_TRUE(onScreen(w.heatmapView()));
                const QVector<QRectF> keySpace = w.keySpaceView()->labelRects();
                EXPECT_GE(keySpace.size(), 4);
                EXPECT_TRUE(labelsFit(keySpace, w.keySpaceView()->rect())) << "key space";
                const QVector<QRectF> heatmap = w.heatmapView()->labelRects();
                EXPECT_GE(heatmap.size(), 4);
                EXPECT_TRUE(labelsFit(heatmap, w.heatmapView()->rect())) << "heatmap";
                if (onScreen(w.weightsChartView())) {
                    EXPECT_TRUE(labelsFit(w.weightsChartView()->labelRects(), w.weightsChartView()->rect()))
                        << "weights chart";
                }
            }
            w.presentationMode()->leave();
            window.reset();
        }
    }
}

TEST_F(PresentationModeTest, ALessonStepFlashesThePanelItBringsForwardAndTheFlashFades)
{
    MainWindow &w = open(QStringLiteral("lesson"), true);
    ASSERT_TRUE(w.findChildren<PresentationFlash *>().isEmpty());
    // Step 3 (softmax) brings the weights chart forward.
    ASSERT_TRUE(w.lessonPanel()->goToStep(2));
    settleEvents();
    const QList<PresentationFlash *> flashes = w.findChildren<PresentationFlash *>();
    ASSERT_EQ(flashes.size(), 1);
    QPointer<PresentationFlash> flash = flashes.first();
    EXPECT_TRUE(qobject_cast<QDockWidget *>(flash->parentWidget()));
    EXPECT_TRUE(flash->isVisible());
    // Drawn in the highlight colour over the dock's edge, and fading.
    const QColor highlight = w.viewState()->theme().highlightColor();
    const QImage image = flash->parentWidget()->grab().toImage();
    const QColor edge = image.pixelColor(int(2 * image.devicePixelRatio()), image.height() / 2);
    EXPECT_LT(std::abs(edge.red() - highlight.red()) + std::abs(edge.green() - highlight.green())
                  + std::abs(edge.blue() - highlight.blue()),
              90);
    // It fades: its opacity falls, and then it is gone.
    const double start = flash->opacity();
    ASSERT_TRUE(QTest::qWaitFor([&] { return flash.isNull() || flash->opacity() < start; }, 5000));
    if (!flash.isNull()) {
        EXPECT_LT(flash->opacity(), start);
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return flash.isNull(); }, 5000));
}

// Found by the UI monkey (issue 11): Edit > Rename Token while presenting shows the Matrices dock
// beside the stage. The stage then had less room than the text size was chosen for; every
// overflow asked for a smaller step, the step was re-chosen for the whole room, and the stage
// overflowed again, for ever (the window hung at full CPU inside one pass of the event loop).
TEST_F(PresentationModeTest, ADockShownWhilePresentingDoesNotMakeTheStageRetryForEver)
{
    MainWindow &w = open(QStringLiteral("lesson"), false);
    w.presentationMode()->setFullScreenEnabled(true);
    QTest::keyClick(&w, Qt::Key_F5);
    settleEvents();
    ASSERT_TRUE(w.presentationMode()->isActive());
    QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier);
    w.documentController()->setDocument(DocumentController::untitledScenario(), QString());
    settleEvents();
    PresentationStage *stage = w.presentationMode()->stage();
    ASSERT_NE(stage, nullptr);

    // Before the fix this never stopped: after 200 overflows the test leaves presentation mode
    // itself, which ends the loop, and fails.
    int overflows = 0;
    QObject::connect(stage, &PresentationStage::overflowed, &w, [&] {
        if (++overflows == 200)
            w.presentationMode()->setActive(false);
    });
    w.matrixEditorView()->renameAction()->trigger();
    settleEvents();
    EXPECT_TRUE(w.matricesDock()->isVisible());
    EXPECT_LT(overflows, 200);
    EXPECT_TRUE(w.presentationMode()->isActive());
    // The text still answers: the step can be changed and the stage lays out again.
    QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier);
    settleEvents();
    EXPECT_LT(overflows, 200);
    EXPECT_TRUE(w.presentationMode()->isActive());
}
