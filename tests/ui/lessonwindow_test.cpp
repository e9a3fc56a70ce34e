// The lesson inside the main window: hidden until asked for, started from the menu or the
// View toggle, raising the view each step is about, keys that work wherever the focus is, and
// a window that keeps working while the lesson is open.
#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "lessonpanel.h"
#include "lessonprogress.h"
#include "mainwindow.h"
#include "workednumbersview.h"

#include <QAction>
#include <QDockWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QTest>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

int stepWithId(const LessonPanel &panel, const char *id)
{
    for (int i = 0; i < panel.stepCount(); ++i) {
        if (panel.progress()->step(i).id == QLatin1String(id))
            return i;
    }
    ADD_FAILURE() << id;
    return 0;
}

QAction *findAction(MainWindow &window, const QString &objectName)
{
    return window.findChild<QAction *>(objectName);
}

/// Questions the window must not ask in these tests fail the test instead of blocking it.
void forbidDialogs(MainWindow &window)
{
    window.documentController()->dialogs().askUnsavedChanges = [](const QString &) {
        ADD_FAILURE() << "asked about unsaved changes";
        return DocumentController::UnsavedChoice::Cancel;
    };
}

} // namespace

TEST(LessonWindow, HiddenByDefaultAndStartedFromTheHelpMenu)
{
    MainWindow window;
    forbidDialogs(window);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_FALSE(window.lessonDock()->isVisible());
    QAction *start = findAction(window, QStringLiteral("startLessonAction"));
    ASSERT_NE(start, nullptr);
    start->trigger();
    settleEvents();
    EXPECT_TRUE(window.lessonDock()->isVisible());
    EXPECT_EQ(window.lessonPanel()->currentStep(), 0);
    // The first step (the bottleneck) asks for actions; all it states and asks holds.
    EXPECT_TRUE(window.lessonPanel()->progress()->allButActionsHold());
}

TEST(LessonWindow, ViewLessonTogglesTheDockWithF9)
{
    MainWindow window;
    forbidDialogs(window);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QAction *toggle = findAction(window, QStringLiteral("lessonDockAction"));
    ASSERT_NE(toggle, nullptr);
    EXPECT_EQ(toggle->shortcut(), QKeySequence(Qt::Key_F9));
    toggle->trigger();
    settleEvents();
    EXPECT_TRUE(window.lessonDock()->isVisible());
    EXPECT_EQ(window.lessonPanel()->currentStep(), 0) << "opening the dock starts the lesson";
    toggle->trigger();
    settleEvents();
    EXPECT_FALSE(window.lessonDock()->isVisible());
}

TEST(LessonWindow, EachStepRaisesTheViewItIsAbout)
{
    MainWindow window;
    forbidDialogs(window);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.startLesson(stepWithId(*window.lessonPanel(), "scaled-scores"));
    settleEvents();
    // The worked numbers share a tab group with the heatmap: the step brings them to the front
    // (a tab behind another keeps isVisible() but has nothing on screen).
    EXPECT_FALSE(window.workedNumbersView()->visibleRegion().isEmpty());
    EXPECT_TRUE(window.heatmapView()->visibleRegion().isEmpty());
    window.lessonPanel()->goToStep(stepWithId(*window.lessonPanel(), "query-and-temperature"));
    settleEvents();
    EXPECT_FALSE(window.heatmapView()->visibleRegion().isEmpty());
    EXPECT_TRUE(window.workedNumbersView()->visibleRegion().isEmpty());
}

TEST(LessonWindow, PageDownWorksWithTheFocusOnTheKeySpaceButArrowsStayWithIt)
{
    MainWindow window;
    forbidDialogs(window);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.startLesson(0);
    settleEvents();
    window.keySpaceView()->setFocus();
    ASSERT_TRUE(window.keySpaceView()->hasFocus());
    QTest::keyClick(window.keySpaceView(), Qt::Key_PageDown);
    settleEvents();
    EXPECT_EQ(window.lessonPanel()->currentStep(), 0) << "the first PageDown reveals the answers";
    EXPECT_TRUE(window.lessonPanel()->answersShown());
    QTest::keyClick(window.keySpaceView(), Qt::Key_PageDown);
    settleEvents();
    EXPECT_EQ(window.lessonPanel()->currentStep(), 1);
    QTest::keyClick(window.keySpaceView(), Qt::Key_Right);
    settleEvents();
    EXPECT_EQ(window.lessonPanel()->currentStep(), 1) << "Right nudges the query in the key space";
    QTest::keyClick(window.keySpaceView(), Qt::Key_7, Qt::ControlModifier);
    settleEvents();
    EXPECT_EQ(window.lessonPanel()->currentStep(), 6);
    QTest::keyClick(window.keySpaceView(), Qt::Key_PageUp);
    settleEvents();
    EXPECT_EQ(window.lessonPanel()->currentStep(), 5);
}

TEST(LessonWindow, TheWindowKeepsWorkingAndTheCheckpointsReact)
{
    MainWindow window;
    forbidDialogs(window);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.startLesson(stepWithId(*window.lessonPanel(), "softmax-weights"));
    settleEvents();
    ASSERT_TRUE(window.lessonPanel()->progress()->allCheckpointsHold());
    Eigen::RowVectorXd q(2);
    q << -1.0, 0.0;
    window.model()->setQueryRow(0, q);
    settleEvents();
    EXPECT_FALSE(window.lessonPanel()->progress()->checkpointStates()[0]);
    EXPECT_TRUE(window.lessonPanel()->backButton()->isVisible());

    // A played-with built-in is replaced without a question, and undo brings the change back.
    QTest::mouseClick(window.lessonPanel()->backButton(), Qt::LeftButton);
    settleEvents();
    EXPECT_TRUE(window.lessonPanel()->progress()->allCheckpointsHold());
    window.findChild<QAction *>(QStringLiteral("undoAction"))->trigger();
    settleEvents();
    EXPECT_DOUBLE_EQ(window.model()->scenario().queries(0, 0), -1.0);
    EXPECT_TRUE(window.lessonPanel()->progress()->scenarioChanged());
}

TEST(LessonWindow, OwnUnsavedWorkIsOfferedForSavingBeforeAStepReplacesIt)
{
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.documentController()->setDocument(DocumentController::untitledScenario(), QString());
    window.model()->setTemperature(3.0);
    settleEvents();
    ASSERT_TRUE(window.documentController()->isModified());
    int asked = 0;
    window.documentController()->dialogs().askUnsavedChanges = [&asked](const QString &) {
        ++asked;
        return DocumentController::UnsavedChoice::Cancel;
    };
    window.startLesson(0);
    settleEvents();
    EXPECT_EQ(asked, 1);
    EXPECT_DOUBLE_EQ(window.model()->scenario().temperature, 3.0) << "cancel keeps the work";
    EXPECT_TRUE(window.lessonPanel()->progress()->scenarioChanged());
}

TEST(LessonWindow, ScreenshotsAt1280x720And1920x1080)
{
    for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
        MainWindow window;
        forbidDialogs(window);
        window.resize(size);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.startLesson(stepWithId(*window.lessonPanel(), "what-a-plot-explains"));
        settleEvents();
        const QImage image = window.grab().toImage();
        image.save(attnlens::test::testOutputPath(QStringLiteral("lesson-window-%1x%2.png").arg(size.width()).arg(size.height())));
        // The lesson takes a column, not the window: the key space keeps a usable width.
        EXPECT_GE(window.keySpaceView()->width(), size.width() / 4);
        EXPECT_GE(window.lessonPanel()->width(), window.lessonPanel()->minimumSizeHint().width());
    }
}
