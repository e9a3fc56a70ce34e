// The "why" labs in the window (issue 15): each lab is a dock of its own, hidden until opened;
// Alt+1 … Alt+4 (and View > Labs) open them in the lesson's order, the lab's lesson step brings
// it into sight, presentation mode gives it the large place, Tab reaches it, and Reset Layout
// closes it again.
#include "../support/uisettle.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "labdocks.h"
#include "lesson.h"
#include "lessonpanel.h"
#include "lessonprogress.h"
#include "mainwindow.h"
#include "presentationmode.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QTest>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

const LessonView kLabs[] = {LessonView::BottleneckLab, LessonView::ScaleLab, LessonView::ScoreLab,
                            LessonView::DerivationLab};

int stepShowing(LessonView view)
{
    const std::vector<LessonStep> steps = Lesson::steps();
    for (size_t i = 0; i < steps.size(); ++i) {
        if (steps[i].view == view)
            return int(i);
    }
    return -1;
}

void forbidDialogs(MainWindow &window)
{
    window.documentController()->dialogs().askUnsavedChanges = [](const QString &) {
        ADD_FAILURE() << "asked about unsaved changes";
        return DocumentController::UnsavedChoice::Cancel;
    };
}

} // namespace

TEST(LabDocks, EveryLabHasAHiddenDockAnAltKeyAndALessonStep)
{
    MainWindow window;
    forbidDialogs(window);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    ASSERT_EQ(window.labDocks()->labs().size(), 4);
    int number = 1;
    for (LessonView view : kLabs) {
        SCOPED_TRACE(number);
        QDockWidget *dock = window.labDocks()->dock(view);
        ASSERT_NE(dock, nullptr);
        EXPECT_FALSE(dock->isVisible());  // the default layout opens no lab
        EXPECT_FALSE(dock->widget()->accessibleName().isEmpty());
        // Alt+N opens lab N and puts it in front of its tab group.
        QTest::keyClick(&window, Qt::Key(Qt::Key_0 + number), Qt::AltModifier);
        settleEvents();
        EXPECT_TRUE(dock->isVisible());
        EXPECT_TRUE(dock->widget()->isVisible());
        EXPECT_FALSE(dock->widget()->visibleRegion().isEmpty());
        // Tab reaches it.
        EXPECT_TRUE(window.tabStops().contains(dock->widget()) || !dock->widget()->focusProxy()
                    || window.tabStops().contains(dock->widget()->focusProxy()));
        ++number;
    }
    // View > Labs lists them in the same order.
    auto *labsMenu = window.menuBar()->findChild<QMenu *>(QStringLiteral("labsMenu"));
    ASSERT_NE(labsMenu, nullptr);
    ASSERT_EQ(labsMenu->actions().size(), 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(labsMenu->actions().at(i), window.labDocks()->showAction(kLabs[i]));
    // Reset Layout closes every lab again.
    QAction *reset = nullptr;
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->text() == MainWindow::tr("&Reset Layout"))
            reset = action;
    }
    ASSERT_NE(reset, nullptr);
    reset->trigger();
    settleEvents();
    for (LessonView view : kLabs)
        EXPECT_FALSE(window.labDocks()->dock(view)->isVisible());
}

TEST(LabDocks, TheLabsLessonStepBringsItIntoSightAndPresentingGivesItTheLargePlace)
{
    MainWindow window;
    forbidDialogs(window);
    window.presentationMode()->setFullScreenEnabled(false);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    for (LessonView view : kLabs) {
        const int step = stepShowing(view);
        ASSERT_GE(step, 0) << "no lesson step shows lab " << int(view);
        window.startLesson(step);
        settleEvents();
        QDockWidget *dock = window.labDocks()->dock(view);
        EXPECT_TRUE(dock->isVisible()) << step;
        EXPECT_FALSE(dock->widget()->visibleRegion().isEmpty()) << step;
    }
    window.presentationMode()->enter();
    settleEvents();
    for (LessonView view : kLabs) {
        ASSERT_TRUE(window.lessonPanel()->goToStep(stepShowing(view)));
        settleEvents();
        QWidget *lab = window.labDocks()->lab(view);
        EXPECT_EQ(window.presentationMode()->focalView(), lab);
        EXPECT_TRUE(lab->isVisible());
        EXPECT_GT(lab->width(), window.width() / 3);
    }
    window.presentationMode()->leave();
}
